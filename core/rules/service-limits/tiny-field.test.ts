import { describe, expect, it } from 'vitest';
import { rectangleWkt, runBoundary } from '../../boundary/test-helpers.ts';

describe('LIM003 tiny-field', () => {
  it('warns about a boundary under 0.1 acre', () => {
    const wkt = rectangleWkt(-103.27175, 35.85391, 0.0001, 0.0001); // 9 m × 11 m = 100.2 m²
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['LIM003', '2:1', wkt]]);
    expect(run.diagnostics[0]?.severity).toBe('warning');
    expect(run.diagnostics[0]?.message).toBe(
      'The boundary covers only 0.0248 acres (100.2 m²), less than 0.1 acres',
    );
  });

  it('does not fire at a quarter acre', () => {
    expect(runBoundary(rectangleWkt(-103.27175, 35.85391, 0.0003, 0.0003)).brief).toEqual([]);
  });
});
