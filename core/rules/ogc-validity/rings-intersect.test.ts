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

describe('GEO006 rings-intersect', () => {
  it('reports a hole crossing its shell at the crossing point', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 15 5, 15 6, 5 6, 5 5))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO006', 'GEO006']);
    expect(d[0]?.location).toMatchObject({ ring: 0, coordinate: 1, point: [10, 5] });
    expect(d[0]?.related?.[0]?.location).toMatchObject({ ring: 1, coordinate: 0 });
    expect(d[0]?.message).toBe('The shell and hole 1 cross at (10 5)');
  });

  it('reports holes sharing an edge and merges them (unsafe fix)', () => {
    const wkt =
      'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 3 1, 3 3, 1 3, 1 1), (3 1, 5 1, 5 3, 3 3, 3 1))';
    expect(run(wkt).map((x) => [x.code, x.messageId])).toContainEqual(['GEO006', 'overlap']);
    expect(fixedClean(wkt)).toBe(
      'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (3 1, 1 1, 1 3, 3 3, 5 3, 5 1, 3 1))',
    );
  });

  it('does not fire on holes touching at one point', () => {
    expect(run('POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1), (2 2, 3 2, 3 3, 2 2))')).toEqual(
      [],
    );
  });
});
