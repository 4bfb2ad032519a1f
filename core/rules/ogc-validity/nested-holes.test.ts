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

describe('GEO008 nested-holes', () => {
  it('reports the inner hole, pointing at the enclosing one, and removes it (unsafe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1), (2 2, 3 2, 3 3, 2 2))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO008']);
    expect(d[0]?.location).toMatchObject({ ring: 2, coordinate: 0, point: [2, 2] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('(2 2'));
    expect(d[0]?.related?.[0]?.location).toMatchObject({ ring: 1 });
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1))');
  });

  it('does not fire on separate holes', () => {
    expect(
      run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))'),
    ).toEqual([]);
  });
});
