import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { checkWktGeometry } from '../../geometry/check-geometry.ts';
import { DiagnosticCollector } from '../reporter.ts';

function run(wkt: string): Diagnostic[] {
  const collector = new DiagnosticCollector();
  checkWktGeometry(wkt, collector);
  return collector.diagnostics;
}

describe('GEO001 invalid-coordinate', () => {
  it('reports a NaN coordinate at its text, with polygon, ring and coordinate index', () => {
    const wkt = 'POLYGON ((0 0, NaN 0, 1 1, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO001']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 1 });
    expect(d[0]?.location.range?.start.offset).toBe(15);
    expect(d[0]?.location.range?.end.offset).toBe(20);
    expect(d[0]?.message).toContain('NaN');
  });

  it('reports every infinite coordinate and stops the other checks', () => {
    const d = run('MULTIPOLYGON (((0 0, 1e999 0, 0 10, 10 10, 0 0)), ((5 5, 6 5, 6 -inf, 5 5)))');
    expect(d.map((x) => [x.code, x.location.polygon, x.location.coordinate])).toEqual([
      ['GEO001', 0, 1],
      ['GEO001', 1, 2],
    ]);
  });

  it('does not fire on finite coordinates', () => {
    expect(run('POLYGON ((0 0, 2.5e-3 0, 0 1e-3, 0 0))')).toEqual([]);
  });
});
