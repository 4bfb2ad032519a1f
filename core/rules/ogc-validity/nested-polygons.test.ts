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

describe('GEO010 nested-polygons', () => {
  it('reports the inner polygon, pointing at the outer one, and merges (unsafe)', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((1 1, 2 1, 2 2, 1 1)))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO010']);
    expect(d[0]?.location).toMatchObject({ polygon: 1, ring: 0, coordinate: 0, point: [1, 1] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('1 1'));
    expect(d[0]?.related?.[0]?.location).toMatchObject({ polygon: 0 });
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)))');
  });

  it('does not fire on an island inside a hole of another part', () => {
    expect(
      run(
        'MULTIPOLYGON (((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 3 1, 3 3, 1 3, 1 1)), ((1.5 1.5, 2.5 1.5, 2.5 2.5, 1.5 1.5)))',
      ),
    ).toEqual([]);
  });
});
