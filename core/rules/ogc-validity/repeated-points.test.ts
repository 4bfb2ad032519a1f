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

describe('GEO012 repeated-points', () => {
  it('warns at a duplicate point and drops it (safe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 0, 10 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['GEO012', 'warning']]);
    expect(d[0]?.location).toMatchObject({ ring: 0, coordinate: 2, point: [10, 0] });
    expect(d[0]?.location.range?.start.offset).toBe(21);
    expect(d[0]?.location.range?.end.offset).toBe(25);
    expect(d[0]?.fix?.safety).toBe('safe');
    expect(applyTextFixes(wkt, d).text).toBe('POLYGON ((0 0, 10 0, 10 10, 0 0))');
  });

  it('reports a run of copies once, and every run separately', () => {
    const wkt = 'POLYGON ((0 0, 0 0, 10 0, 10 10, 10 10, 10 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.messageId, x.location.coordinate])).toEqual([
      ['repeated', 1],
      ['repeated-run', 4],
    ]);
    expect(applyTextFixes(wkt, d).text).toBe('POLYGON ((0 0, 10 0, 10 10, 0 0))');
  });

  it('does not fire when points differ', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 0.0000001, 10 10, 0 0))')).toEqual([]);
  });
});
