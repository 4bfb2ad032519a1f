import { describe, expect, it } from 'vitest';
import { rectangleWkt, runBoundary } from '../../boundary/test-helpers.ts';

const wkt = rectangleWkt(-96, 40, 0.01, 0.01);

describe('ACR002 acreage-not-positive', () => {
  it('reports zero and negative acres with the computed area and an unsafe fix', () => {
    const run = runBoundary(wkt, {
      statedAcres: 0,
      acresLocation: { path: ['fields', 0, 'acres'] },
      acresSpan: { start: 0, end: 1 },
    });
    expect(run.diagnostics.map((d) => [d.code, d.severity, d.location.path])).toEqual([
      ['ACR002', 'error', ['fields', 0, 'acres']],
    ]);
    expect(run.diagnostics[0]?.message).toBe(
      'The stated acres (0) are not a positive number; the boundary has 234.28 acres',
    );
    expect(run.diagnostics[0]?.fix?.after).toBe('234.2804');
    expect(runBoundary(wkt, { statedAcres: -5 }).brief.map((b) => b[0])).toEqual(['ACR002']);
  });

  it('still reports when the boundary does not parse, without a fix, at the boundary text', () => {
    const run = runBoundary('POLYGON ((1 2, 3 4', { statedAcres: -1 });
    expect(run.brief).toEqual([['ACR002', '2:1', 'POLYGON ((1 2, 3 4']]);
    expect(run.diagnostics[0]?.fix).toBeUndefined();
    expect(run.diagnostics[0]?.message).toContain('an unknown number of acres');
  });

  it('does not fire on positive acres', () => {
    expect(runBoundary(wkt, { statedAcres: 234 }).brief).toEqual([]);
  });
});
