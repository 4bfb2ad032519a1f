import { describe, expect, it } from 'vitest';
import { runBoundary } from '../../boundary/test-helpers.ts';

describe('WGS001 longitude-out-of-range', () => {
  it('reports the first bad point of each ring with the count, at its characters', () => {
    const wkt =
      'POLYGON ((-103.27 35.85, -103.27 35.86, -193.28 35.86, -193.28 35.85, -103.27 35.85), (-103.272 35.852, -103.272 35.853, -103.273 35.853, -103.272 35.852))';
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['WGS001', '2:41', '-193.28 35.86']]);
    const d = run.diagnostics[0];
    expect(d?.location).toMatchObject({
      row: 1,
      polygon: 0,
      ring: 0,
      coordinate: 2,
      point: [-193.28, 35.86],
    });
    expect(d?.message).toBe('Longitude -193.28 is outside [-180, 180] (2 of 5 points of polygon 0, ring 0)');
    expect(run.result.coordinates).toBe('out-of-range');
    expect(run.result.areaAcres).toBeUndefined();
  });

  it('does not fire on longitudes up to ±180, nor when the whole boundary is projected (WGS004 instead)', () => {
    expect(runBoundary('POLYGON ((179.99 10, 180 10, 180 10.01, 179.99 10))').brief).toEqual([]);
    expect(runBoundary('POLYGON ((-180 -10, -179.99 -10, -179.99 -10.01, -180 -10))').brief).toEqual([]);
    const projected = runBoundary(
      'POLYGON ((374000 6135000, 374100 6135000, 374100 6135100, 374000 6135000))',
    );
    expect(projected.brief.map((b) => b[0])).toEqual(['WGS004']);
  });
});
