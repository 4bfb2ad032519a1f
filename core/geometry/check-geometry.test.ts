import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { checkPolygonValidity, checkWktGeometry } from './check-geometry.ts';
import { starOutlineWkt } from '../../test/geometry/generate-polygons.ts';

function run(wkt: string, select?: string[]): { geometry: unknown; diagnostics: Diagnostic[] } {
  const collector = new DiagnosticCollector(select ? { select } : {});
  const geometry = checkWktGeometry(wkt, collector);
  return { geometry, diagnostics: collector.diagnostics };
}

describe('checkWktGeometry', () => {
  it('returns the parsed geometry for further checks, and undefined on a syntax error', () => {
    const ok = checkWktGeometry('POLYGON ((0 0, 1 0, 1 1, 0 0))', new DiagnosticCollector());
    expect(ok?.type).toBe('Polygon');
    expect(run('POLYGON ((0 0, 1 0,').geometry).toBeUndefined();
  });

  it('puts ranges and edits into the enclosing document, on the right line', () => {
    const doc = '{\n  "fields": [{\n    "boundary": "POLYGON ((0 0, 10 0, 10 10, 0 10))"\n  }]\n}';
    const wktStart = doc.indexOf('POLYGON');
    const wkt = doc.slice(wktStart, doc.indexOf('"', wktStart));
    const collector = new DiagnosticCollector();
    checkWktGeometry(wkt, collector, {
      lines: new LineIndex(doc),
      offset: wktStart,
      location: { path: ['fields', 0, 'boundary'] },
    });
    const d = collector.diagnostics[0];
    expect(d?.code).toBe('GEO002');
    expect(d?.location.path).toEqual(['fields', 0, 'boundary']);
    expect(d?.location.range?.start).toMatchObject({
      line: 3,
      column: (doc.split('\n')[2] ?? '').indexOf('0 10))') + 1,
    });
    expect(applyTextFixes(doc, collector.diagnostics).text).toContain(
      '"POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"',
    );
  });

  it('maps offsets through mapOffset for WKT read out of an escaped string', () => {
    // In the document the WKT sits after "\t", an escape of two characters that decodes to one.
    const doc = '"\\tPOLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))"';
    const wkt = '\tPOLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))';
    const collector = new DiagnosticCollector();
    checkWktGeometry(wkt, collector, { lines: new LineIndex(doc), mapOffset: (o) => o + 2 });
    const d = collector.diagnostics[0];
    expect(doc.slice(d?.location.range?.start.offset, d?.location.range?.end.offset)).toBe('10 0');
  });

  it('one fault, one diagnostic: syntax errors, EMPTY and non-areal types stop the validity checks', () => {
    expect(run('POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0)').diagnostics.map((d) => d.code)).toEqual(['WKT001']);
    expect(run('POLYGON EMPTY').diagnostics.map((d) => d.code)).toEqual(['WKT005']);
    expect(run('LINESTRING (0 0, 10 0, 0 10, 10 10, 0 0)').diagnostics.map((d) => d.code)).toEqual([
      'WKT002',
    ]);
  });

  it('applies every safe fix of a geometry in one pass', () => {
    const wkt = 'MULTIPOLYGON (((0 0, 1 0, 1 0, 1 1)), ((5 5, 6 5, 6 6)))';
    const { diagnostics } = run(wkt);
    expect(diagnostics.map((d) => d.code)).toEqual(['GEO002', 'GEO002']);
    const once = applyTextFixes(wkt, diagnostics).text;
    expect(once).toBe('MULTIPOLYGON (((0 0, 1 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))');
    const second = run(once).diagnostics;
    expect(second.map((d) => d.code)).toEqual(['GEO012']);
    expect(applyTextFixes(once, second).text).toBe(
      'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))',
    );
  });

  it('respects the rule selection and can skip fixes', () => {
    expect(run('POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))', ['wkt-syntax']).diagnostics).toEqual([]);
    const collector = new DiagnosticCollector();
    checkWktGeometry('POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))', collector, {}, { fixes: false });
    expect(collector.diagnostics.map((d) => [d.code, d.fix])).toEqual([['GEO004', undefined]]);
  });
});

describe('checkPolygonValidity', () => {
  it('reports on polygons without text: locations without ranges, no fixes', () => {
    const collector = new DiagnosticCollector();
    const valid = checkPolygonValidity([[Float64Array.from([0, 0, 10, 0, 0, 10, 10, 10, 0, 0])]], collector, {
      location: { entry: 'fields.shp', record: 3 },
    });
    expect(valid).toBe(false);
    const d = collector.diagnostics[0];
    expect(d?.code).toBe('GEO004');
    expect(d?.location).toEqual({
      entry: 'fields.shp',
      record: 3,
      polygon: 0,
      ring: 0,
      coordinate: 1,
      point: [5, 5],
    });
    expect(d?.fix).toBeUndefined();
    expect(
      checkPolygonValidity([[Float64Array.from([0, 0, 1, 0, 1, 1, 0, 0])]], new DiagnosticCollector()),
    ).toBe(true);
  });
});

/** A star polygon {n/step} on the unit circle, written as WKT (closed). */
const starWkt = starOutlineWkt;

describe('self-crossing outlines stay cheap to report', () => {
  it('lists 10 crossings per ring, states the rest, and carries the rebuilt polygon once', () => {
    // {20/3}: 40 crossings, each edge with the four edges it jumps over.
    const { diagnostics } = run(starWkt(20, 3));
    const crossings = diagnostics.filter((d) => d.messageId === 'crossing');
    expect(crossings).toHaveLength(10);
    const more = diagnostics.filter((d) => d.messageId === 'more-crossings');
    expect(more.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['GEO004', 'info', 'The shell crosses itself 30 more times besides the 10 listed (40 in all)'],
    ]);
    const withFix = diagnostics.filter((d) => d.fix);
    expect(withFix).toHaveLength(1);
    expect(withFix[0]).toBe(crossings[0]);
    expect(crossings[1]?.hint).toContain(
      'The repair of this geometry, where one can be offered, is on GEO004',
    );
    // The fix is the star's outline: its 20 tips and 20 inner corners, not every crossing.
    const fixed = applyTextFixes(starWkt(20, 3), diagnostics, ['safe', 'unsafe']).text;
    expect(fixed.match(/,/g)).toHaveLength(40);
    expect(run(fixed).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('stops counting a tangle at 1,000 crossings, lists 3 of them, says so, and offers no rebuild', () => {
    // {300/149}: about 44,000 crossings.
    const wkt = starWkt(300, 149);
    // How long it takes is measured by `npm run bench -- geometry` (a tangle's line).
    const { diagnostics } = run(wkt);
    const crossings = diagnostics.filter((d) => d.messageId === 'crossing');
    expect(crossings).toHaveLength(3);
    // The first three in reading order, as the first ten were.
    const coordinates = crossings.flatMap((d) => d.location.coordinate ?? []);
    expect(coordinates).toHaveLength(3);
    expect(coordinates).toEqual([...coordinates].sort((a, b) => a - b));
    expect(diagnostics.filter((d) => d.messageId === 'many-crossings').map((d) => d.message)).toEqual([
      'The shell crosses itself at least 997 more times besides the 3 listed (counting stopped at 1000)',
    ]);
    expect(diagnostics.some((d) => d.fix)).toBe(false);
    expect(JSON.stringify(diagnostics).length).toBeLessThan(8_000);
  });
});
