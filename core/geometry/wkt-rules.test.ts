import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { checkWktGeometry } from './check-geometry.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';

function run(wkt: string): Diagnostic[] {
  const collector = new DiagnosticCollector();
  checkWktGeometry(wkt, collector);
  return collector.diagnostics;
}

describe('WKT001 wkt-syntax-error', () => {
  it('reports a decimal comma at the comma, and nothing else', () => {
    const wkt = 'POLYGON ((-93.1 45.2, -93.0 45.2, -93,05 45.3, -93.1 45.2))';
    const d = run(wkt);
    expect(d).toHaveLength(1);
    expect(d[0]?.code).toBe('WKT001');
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf(',05'));
    expect(d[0]?.message).toContain("found ','");
    expect(d[0]?.hint).toContain('decimal comma');
  });

  it('reports "4x" as a malformed number spanning the token', () => {
    const wkt = 'POLYGON ((0 0, 4x 0, 1 1, 0 0))';
    const d = run(wkt)[0];
    expect(d?.location.range?.start.offset).toBe(15);
    expect(d?.location.range?.end.offset).toBe(17);
    expect(d?.message).toContain("Malformed number '4x'");
  });

  it('reports two commas in a row, text after the geometry and a missing parenthesis at their position', () => {
    expect(run('POLYGON ((0 0,, 1 0, 1 1, 0 0))')[0]?.location.range?.start.offset).toBe(14);
    const trailing = 'POLYGON ((0 0, 1 0, 1 1, 0 0)) x';
    expect(run(trailing)[0]?.location.range?.start.offset).toBe(trailing.length - 1);
    const open = 'POLYGON ((0 0, 1 0, 1 1, 0 0)';
    const d = run(open)[0];
    expect(d?.location.range?.start.offset).toBe(open.length);
    expect(d?.message).toContain('end of input');
  });

  it('gives line and column inside a larger document', () => {
    const doc = '{"boundary": "POLYGON ((0 0, 1 0, 1 1 0 0))"}';
    const offset = doc.indexOf('POLYGON');
    const collector = new DiagnosticCollector();
    const parsed = checkWktGeometry(doc.slice(offset, doc.lastIndexOf('"')), collector, {
      lines: new LineIndex(doc),
      offset,
      location: { path: ['boundary'] },
    });
    expect(parsed).toBeUndefined();
    const d = collector.diagnostics[0];
    expect(d?.code).toBe('WKT001');
    expect(d?.location.range?.start).toEqual({
      offset: doc.indexOf(' 0 0))') + 1,
      line: 1,
      column: doc.indexOf(' 0 0))') + 2,
    });
    expect(d?.location.path).toEqual(['boundary']);
  });

  it('accepts case, whitespace, Z/M tags and EWKT', () => {
    for (const wkt of [
      'polygon((0 0,1 0,1 1,0 0))',
      '  POLYGON\n(\t(0 0 , 1 0 , 1 1 , 0 0)\n)  ',
      'MultiPolygon (((0 0, 1 0, 1 1, 0 0)))',
      'POLYGON ((.5 0, 1E1 0, +1 1, .5 0))',
    ]) {
      expect(run(wkt).filter((d) => d.code === 'WKT001')).toEqual([]);
    }
  });
});

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
