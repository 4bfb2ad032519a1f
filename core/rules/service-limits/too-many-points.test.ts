import { describe, expect, it } from 'vitest';
import { runBoundary } from '../../boundary/test-helpers.ts';

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
