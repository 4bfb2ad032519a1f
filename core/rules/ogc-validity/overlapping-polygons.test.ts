import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { checkWktGeometry } from '../../geometry/check-geometry.ts';
import { DiagnosticCollector } from '../reporter.ts';

function run(wkt: string): Diagnostic[] {
  const collector = new DiagnosticCollector();
  checkWktGeometry(wkt, collector);
  return collector.diagnostics;
}

/** Apply every fix, safe and unsafe, then check again: the result must have no errors. */
function fixedClean(wkt: string): string {
  const text = applyTextFixes(wkt, run(wkt), ['safe', 'unsafe']).text;
  expect(run(text).filter((d) => d.severity === 'error')).toEqual([]);
  return text;
}

describe('GEO009 overlapping-polygons', () => {
  it('reports crossing parts of a multipolygon at each crossing and merges them (unsafe)', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((5 5, 15 5, 15 15, 5 15, 5 5)))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.location.coordinate, x.location.point])).toEqual([
      ['GEO009', 1, [10, 5]],
      ['GEO009', 2, [5, 10]],
    ]);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 1 });
    expect(d[0]?.related?.[0]?.location).toMatchObject({ polygon: 1, coordinate: 0 });
    expect(d[0]?.message).toBe(
      'Polygons 0 and 1 of the multipolygon overlap (their boundaries cross at (10 5))',
    );
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((0 0, 10 0, 10 5, 15 5, 15 15, 5 15, 5 10, 0 10, 0 0)))');
  });

  it('reports adjacent parts sharing an edge', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((10 0, 20 0, 20 10, 10 10, 10 0)))';
    expect(run(wkt)[0]).toMatchObject({ code: 'GEO009', messageId: 'overlap' });
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((0 0, 10 0, 20 0, 20 10, 10 10, 0 10, 0 0)))');
  });

  it('does not fire on parts touching at a point', () => {
    expect(run('MULTIPOLYGON (((0 0, 4 0, 4 4, 0 4, 0 0)), ((4 4, 8 4, 8 8, 4 8, 4 4)))')).toEqual([]);
  });
});
