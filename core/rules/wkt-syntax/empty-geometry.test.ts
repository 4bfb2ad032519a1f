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

describe('WKT005 empty-geometry', () => {
  it('reports an EMPTY boundary as an error over the whole geometry', () => {
    const d = run(' POLYGON EMPTY ');
    expect(d.map((x) => [x.code, x.severity, x.messageId])).toEqual([['WKT005', 'error', 'empty']]);
    expect(d[0]?.location.range?.start.offset).toBe(1);
    expect(d[0]?.location.range?.end.offset).toBe(14);
    expect(run('MULTIPOLYGON (EMPTY, EMPTY)')[0]?.messageId).toBe('empty');
  });

  it('warns about an EMPTY part and removes it (safe) with its comma', () => {
    const wkt = 'MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity, x.location.polygon])).toEqual([['WKT005', 'warning', 0]]);
    expect(d[0]?.location.range?.start.offset).toBe(14);
    expect(applyTextFixes(wkt, d).text).toBe('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))');
    const hole = 'POLYGON ((0 0, 4 0, 4 4, 0 0), EMPTY)';
    expect(applyTextFixes(hole, run(hole)).text).toBe('POLYGON ((0 0, 4 0, 4 4, 0 0))');
  });

  it('does not fire on a boundary with coordinates', () => {
    expect(run('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual([]);
  });
});
