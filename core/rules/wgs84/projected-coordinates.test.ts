import { describe, expect, it } from 'vitest';
import { runBoundary } from '../../boundary/test-helpers.ts';

const square = (x: number, y: number, d = 100): string =>
  `POLYGON ((${x} ${y}, ${x + d} ${y}, ${x + d} ${y + d}, ${x} ${y + d}, ${x} ${y}))`;

describe('WGS004 projected-coordinates', () => {
  it('reports metres once for the whole geometry, naming SWEREF99 TM for Swedish values', () => {
    const wkt = square(374000, 6135000);
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['WGS004', '2:1', wkt]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The coordinates are not WGS 84 degrees: x spans 374,000…374,100 and y 6,135,000…6,135,100, values of a projected system in metres or feet, probably SWEREF99 TM (EPSG:3006)',
    );
    expect(run.diagnostics[0]?.hint).toContain('UTM');
    expect(run.result.coordinates).toBe('projected');
  });

  it('names ETRS89 / UTM 33N for Brandenburg, UTM for Iowa, and state plane feet, Albers, BNG, Gauss-Krüger', () => {
    const guess = (wkt: string): string => runBoundary(wkt).diagnostics[0]?.message ?? '';
    expect(guess(square(400123.5, 5800456.25))).toContain('probably ETRS89 / UTM zone 32N or 33N');
    const iowa = runBoundary(square(420000, 4650000));
    expect(iowa.diagnostics[0]?.message).toContain('probably UTM');
    expect(iowa.diagnostics[0]?.hint).toContain('about 41.9° N');
    expect(guess(square(4921250.5, 3280833.3))).toContain('probably US state plane (feet)');
    expect(guess(square(-250000, 2000000))).toContain('probably US Albers equal-area, CONUS');
    expect(guess(square(530000.5, 180000.5))).toContain('probably British National Grid (EPSG:27700)');
    expect(guess(square(3450000, 5800000))).toContain('probably German Gauss-Krüger zone 3');
  });

  it('does not fire on degrees, nor on a single stray point (WGS001 then)', () => {
    expect(runBoundary('POLYGON ((13.29 55.34, 13.30 55.34, 13.30 55.35, 13.29 55.34))').brief).toEqual([]);
    const stray = runBoundary('POLYGON ((13.29 55.34, 13.30 55.34, 374000 55.35, 13.29 55.34))');
    expect(stray.brief.map((b) => b[0])).toEqual(['WGS001']);
  });
});
