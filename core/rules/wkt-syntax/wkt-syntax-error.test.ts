import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { LineIndex } from '../../diagnostics/text-position.ts';
import { checkWktGeometry } from '../../geometry/check-geometry.ts';
import { DiagnosticCollector } from '../reporter.ts';

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
