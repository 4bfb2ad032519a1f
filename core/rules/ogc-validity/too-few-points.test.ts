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

describe('GEO003 too-few-points', () => {
  it('reports a ring of three points over the ring text', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO003']);
    expect(d[0]?.location.range?.start.offset).toBe(9);
    expect(d[0]?.location.range?.end.offset).toBe(25);
    expect(d[0]?.message).toContain('has 3 distinct points');
  });

  it('counts distinct consecutive points: repeats do not make a ring', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 0, 0 0))').map((x) => x.code)).toEqual(['GEO003']);
  });

  it('offers to remove a degenerate hole (unsafe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 2, 2 2))';
    const d = run(wkt);
    expect(d[0]?.location).toMatchObject({ ring: 1 });
    expect(d[0]?.fix?.safety).toBe('unsafe');
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))');
  });

  it('does not fire on a triangle', () => {
    expect(run('POLYGON ((0 0, 10 0, 0 10, 0 0))')).toEqual([]);
  });
});
