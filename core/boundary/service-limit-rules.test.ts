import { describe, expect, it } from 'vitest';
import { runBoundary, rectangleWkt } from './test-helpers.ts';

/** A closed circle-ish ring of n points (n − 1 distinct + closing) around (-96, 40), ~ 250 m across. */
function circle(n: number): string {
  const pts: string[] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    pts.push(`${(-96 + 0.0015 * Math.cos(a)).toFixed(9)} ${(40 + 0.0011 * Math.sin(a)).toFixed(9)}`);
  }
  pts.push(pts[0] as string);
  return `POLYGON ((${pts.join(', ')}))`;
}

describe('LIM001 too-many-points', () => {
  it('reports a boundary over 10,000 points, over the whole geometry', () => {
    const wkt = circle(10_001);
    const run = runBoundary(wkt);
    expect(run.brief.map((b) => [b[0], b[1]])).toEqual([['LIM001', '2:1']]);
    expect(run.diagnostics[0]?.message).toBe(
      'The boundary has 10,001 points; the service accepts at most 10,000',
    );
    expect(run.diagnostics[0]?.location.range?.end.offset).toBe('boundary:\n'.length + wkt.length);
  });

  it('does not fire at exactly 10,000 points', () => {
    expect(runBoundary(circle(10_000)).brief).toEqual([]);
  });
});

describe('LIM002 area-too-large', () => {
  it('reports a boundary over 20,000 acres with its area', () => {
    const wkt = rectangleWkt(-104, 35, 0.1, 0.1); // 25,010.7 acres
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['LIM002', '2:1', wkt]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The boundary covers 25,010.7 acres; the service accepts at most 20,000 acres per field',
    );
  });

  it('does not fire on a large field under the cap', () => {
    expect(runBoundary(rectangleWkt(-104, 35, 0.08, 0.08)).brief).toEqual([]);
  });
});

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
