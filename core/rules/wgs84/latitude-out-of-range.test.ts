import { describe, expect, it } from 'vitest';
import { runBoundary } from '../../boundary/test-helpers.ts';

describe('WGS002 latitude-out-of-range', () => {
  it('reports a latitude beyond ±90 when the axes are not swapped (an x beyond 90 rules that out)', () => {
    const wkt = 'POLYGON ((-103.27 35.85, -103.27 95.86, -103.28 35.86, -103.27 35.85))';
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['WGS002', '2:26', '-103.27 95.86']]);
    expect(run.diagnostics[0]?.location).toMatchObject({
      polygon: 0,
      ring: 0,
      coordinate: 1,
      point: [-103.27, 95.86],
    });
    expect(run.diagnostics[0]?.message).toContain('(1 of 4 points of polygon 0, ring 0)');
  });

  it('reports each polygon of a multipolygon separately', () => {
    const wkt = 'MULTIPOLYGON (((10 91, 11 50, 11 51, 10 91)), ((100 50, 101 -92, 101 51, 100 50)))';
    const run = runBoundary(wkt);
    expect(run.diagnostics.map((d) => [d.code, d.location.polygon, d.location.coordinate])).toEqual([
      ['WGS002', 0, 0],
      ['WGS002', 1, 1],
    ]);
  });

  it('does not fire on ±90 itself, nor on swapped axes (WGS003 instead)', () => {
    expect(runBoundary('POLYGON ((10 89.9, 11 89.9, 11 90, 10 89.9))').brief).toEqual([]);
    expect(
      runBoundary('POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))').brief.map(
        (b) => b[0],
      ),
    ).toEqual(['WGS003']);
  });
});
