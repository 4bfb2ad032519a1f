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

import { readFileSync } from 'node:fs';
import { corpusPath } from '../../../test/support/corpus.ts';

describe('GEO005 ring-self-touch', () => {
  it('reports a ring passing twice through the same vertex, at both visits', () => {
    const wkt = 'POLYGON ((0 0, 2 0, 4 0, 4 4, 2 0, 0 4, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO005']);
    expect(d[0]?.location).toMatchObject({ ring: 0, coordinate: 1, point: [2, 0] });
    expect(d[0]?.location.range?.start.offset).toBe(15);
    expect(d[0]?.related?.[0]?.location).toMatchObject({ coordinate: 4 });
  });

  it('reports a vertex touching an edge, and splits the shape (unsafe fix)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 5 0, 0 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.location.point])).toEqual([['GEO005', [5, 0]]]);
    expect(fixedClean(wkt)).toBe('MULTIPOLYGON (((5 0, 10 0, 10 10, 5 0)), ((0 0, 5 0, 0 10, 0 0)))');
  });

  it('finds the real self-touching fields of the USDA crop sequence boundaries sample', () => {
    const csv = readFileSync(corpusPath('derived/us_csb_2024_sample_wgs84.csv'), 'utf8');
    const found: string[] = [];
    for (const m of csv.matchAll(/"(MULTIPOLYGON[^"]*)","(\d+)"/g)) {
      const codes = run(m[1] as string).map((d) => d.code);
      if (codes.includes('GEO005')) found.push(m[2] as string);
    }
    expect(found).toEqual(['351724000000016', '351724000000018', '351724000000030', '351724000000055']);
  });

  it('does not fire on a hole touching the shell once (valid)', () => {
    expect(run('POLYGON ((0 0, 2 0, 4 0, 4 4, 0 4, 0 0), (2 0, 3 1, 1 1, 2 0))')).toEqual([]);
  });
});
