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

describe('WKT004 srid-not-wgs84', () => {
  it('reports an SRID other than 4326 as an error on the prefix', () => {
    const d = run('SRID=3857;POLYGON ((0 0, 1 0, 1 1, 0 0))');
    expect(d.map((x) => [x.code, x.severity, x.messageId])).toEqual([['WKT004', 'error', 'other-srid']]);
    expect(d[0]?.location.range?.start.offset).toBe(0);
    expect(d[0]?.location.range?.end.offset).toBe(10);
    expect(d[0]?.message).toContain('SRID 3857');
    expect(d[0]?.hint).toContain('EPSG:3857');
  });

  it('warns about SRID=4326; and removes it with a safe fix', () => {
    const wkt = 'srid = 4326 ; POLYGON ((0 0, 1 0, 1 1, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity, x.messageId])).toEqual([['WKT004', 'warning', 'ewkt-prefix']]);
    expect(applyTextFixes(wkt, d).text).toBe('POLYGON ((0 0, 1 0, 1 1, 0 0))');
  });

  it('does not fire without a prefix', () => {
    expect(run('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual([]);
  });
});
