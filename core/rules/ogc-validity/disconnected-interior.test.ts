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

describe('GEO011 disconnected-interior', () => {
  it('reports a hole touching the shell at two points, at the second touch', () => {
    const wkt = 'POLYGON ((0 0, 2 0, 4 0, 4 4, 2 4, 0 4, 0 0), (2 0, 3 2, 2 4, 1 2, 2 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO011']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, point: [2, 0] });
    expect(fixedClean(wkt)).toBe(
      'MULTIPOLYGON (((2 0, 4 0, 4 4, 2 4, 3 2, 2 0)), ((0 0, 2 0, 1 2, 2 4, 0 4, 0 0)))',
    );
  });

  it('reports holes touching in a cycle', () => {
    const d = run(
      'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 1.5 2, 1 1), (2 1, 3 1, 2.5 2, 2 1), (1.5 2, 2.5 2, 2 3, 1.5 2))',
    );
    expect(d.map((x) => x.code)).toEqual(['GEO011']);
  });

  it('does not fire on holes touching each other once, or in an open chain', () => {
    expect(run('POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1), (2 2, 3 2, 3 3, 2 2))')).toEqual(
      [],
    );
    expect(
      run('POLYGON ((0 0, 2 0, 4 0, 4 4, 0 4, 0 2, 0 0), (2 0, 3 1, 1 1, 2 0), (1 1, 1.5 3, 0.5 2, 1 1))'),
    ).toEqual([]);
  });
});
