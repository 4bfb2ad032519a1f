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

describe('GEO004 self-intersection', () => {
  it('reports a bow-tie at the crossing point, pointing at both crossing edges', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO004']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 1, point: [5, 5] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('10 0'));
    expect(d[0]?.related?.[0]?.location).toMatchObject({ coordinate: 3 });
    expect(d[0]?.message).toBe('The shell crosses itself at (5 5) (edges starting at coordinates 1 and 3)');
  });

  it('splits the bow-tie into two polygons (unsafe fix)', () => {
    expect(fixedClean('POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))')).toBe(
      'MULTIPOLYGON (((0 10, 5 5, 10 10, 0 10)), ((0 0, 10 0, 5 5, 0 0)))',
    );
  });

  it('reports a zero-width spike at its tip and removes it', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 5 10, 5 20, 5 10, 0 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.messageId])).toEqual([['GEO004', 'spike']]);
    expect(d[0]?.location).toMatchObject({ coordinate: 4, point: [5, 20] });
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 5 10, 0 10, 0 0))');
  });

  it('reports an outline that runs back over itself and a crossing at a vertex', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0, 10 0, 10 5, 0 5, 0 0))')[0]?.messageId).toBe(
      'overlap',
    );
    const d = run('POLYGON ((0 0, 2 2, 4 4, 4 0, 2 2, 0 4, 0 0))');
    expect(d.map((x) => [x.code, x.messageId])).toEqual([['GEO004', 'vertex-crossing']]);
    expect(d[0]?.location).toMatchObject({ coordinate: 1, point: [2, 2] });
  });

  it('does not fire on simple outlines, collinear vertices or a near-spike', () => {
    expect(run('POLYGON ((0 0, 5 0, 10 0, 10 10, 0 10, 0 0))')).toEqual([]);
    expect(run('POLYGON ((0 0, 10 0, 10 10, 5.01 10, 5 30, 4.99 10, 0 10, 0 0))').map((x) => x.code)).toEqual(
      ['GEO013'],
    );
  });
});
