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

describe('WKT003 extra-dimensions', () => {
  it('warns at the Z keyword and fixes (safe) by writing 2D coordinates', () => {
    const wkt = 'POLYGON Z ((0 0 5, 1 0 5, 1 1 5, 0 0 5))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['WKT003', 'warning']]);
    expect(d[0]?.location.range?.start.offset).toBe(8);
    expect(d[0]?.location.range?.end.offset).toBe(9);
    expect(d[0]?.fix?.safety).toBe('safe');
    expect(applyTextFixes(wkt, d).text).toBe('POLYGON ((0 0, 1 0, 1 1, 0 0))');
  });

  it('warns at the first coordinate when three values come without a tag, and names M and ZM', () => {
    const d = run('POLYGON ((0 0 5, 1 0 5, 1 1 5, 0 0 5))');
    expect(d[0]?.code).toBe('WKT003');
    expect(d[0]?.location.range?.start.offset).toBe(10);
    expect(d[0]?.location.range?.end.offset).toBe(15);
    expect(run('POLYGON M ((0 0 5, 1 0 5, 1 1 5, 0 0 5))')[0]?.message).toContain('The M values');
    expect(run('POLYGON ZM ((0 0 5 1, 1 0 5 1, 1 1 5 1, 0 0 5 1))')[0]?.message).toContain('Z and M');
  });

  it('does not fire on 2D coordinates', () => {
    expect(run('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual([]);
  });
});
