import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { checkWktGeometry } from '../../geometry/check-geometry.ts';
import { DiagnosticCollector } from '../reporter.ts';

function run(wkt: string): Diagnostic[] {
  const collector = new DiagnosticCollector();
  checkWktGeometry(wkt, collector);
  return collector.diagnostics;
}

describe('WKT002 geometry-type-not-accepted', () => {
  it('reports a LINESTRING at its type keyword', () => {
    const d = run('LINESTRING (0 0, 1 0, 1 1)');
    expect(d.map((x) => x.code)).toEqual(['WKT002']);
    expect(d[0]?.location.range?.start.offset).toBe(0);
    expect(d[0]?.location.range?.end.offset).toBe(10);
    expect(d[0]?.message).toContain('LINESTRING is not accepted');
  });

  it('reports a POINT, with a hint that a point is not a field', () => {
    const d = run('  point (1 2)');
    expect(d[0]?.code).toBe('WKT002');
    expect(d[0]?.location.range?.start.offset).toBe(2);
    expect(d[0]?.hint).toContain('POLYGON');
  });

  it('offers to rewrite a collection of polygons as a MULTIPOLYGON (unsafe)', () => {
    const d = run('GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0)), POLYGON ((5 5, 6 5, 6 6, 5 5)))');
    expect(d[0]?.code).toBe('WKT002');
    expect(d[0]?.messageId).toBe('collection');
    expect(d[0]?.fix?.safety).toBe('unsafe');
    expect(d[0]?.fix?.after).toBe('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))');
  });

  it('does not fire on POLYGON and MULTIPOLYGON', () => {
    expect(run('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual([]);
    expect(run('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))')).toEqual([]);
  });
});
