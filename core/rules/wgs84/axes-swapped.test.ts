import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { runBoundary } from '../../boundary/test-helpers.ts';

describe('WGS003 axes-swapped', () => {
  const swapped = 'POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))';

  it('reports latitude-first coordinates with the evidence, over the whole geometry', () => {
    const run = runBoundary(swapped);
    expect(run.brief).toEqual([['WGS003', '2:1', swapped]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The coordinates look like latitude,longitude instead of longitude,latitude: all 4 points have |y| > 90 but |x| ≤ 90',
    );
    expect(run.result.coordinates).toBe('swapped');
  });

  it('counts the evidence when only some points give it away', () => {
    const run = runBoundary('POLYGON ((45.1 89.5, 45.2 95.3, 45.2 89.6, 45.1 89.5))');
    expect(run.diagnostics[0]?.message).toContain('1 of 4 points have |y| > 90');
  });

  it('offers an unsafe fix that swaps every point, in place in the document', () => {
    const run = runBoundary(swapped);
    const fix = run.diagnostics[0]?.fix;
    expect(fix?.safety).toBe('unsafe');
    expect(fix?.after).toBe('POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))');
    const fixed = applyTextFixes(`boundary:\n${swapped}`, run.diagnostics, ['unsafe']);
    expect(fixed.text).toBe(
      'boundary:\nPOLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    );
    expect(runBoundary(fixed.text.slice('boundary:\n'.length)).brief).toEqual([]);
  });

  it('does not fire when x goes beyond 90 (not a latitude) or everything is in range', () => {
    expect(runBoundary('POLYGON ((95 -103, 96 -103, 96 -104, 95 -103))').brief.map((b) => b[0])).toEqual([
      'WGS002',
    ]);
    expect(runBoundary('POLYGON ((35.85 -13.27, 35.86 -13.27, 35.86 -13.28, 35.85 -13.27))').brief).toEqual(
      [],
    );
  });
});
