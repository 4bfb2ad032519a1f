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

describe('GEO007 hole-outside-shell', () => {
  it('reports the hole ring and removes it (unsafe fix)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (20 20, 21 20, 21 21, 20 20))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO007']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 1, coordinate: 0, point: [20, 20] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('(20 20'));
    expect(d[0]?.location.range?.end.offset).toBe(wkt.length - 1);
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))');
  });

  it('reports a hole that contains its shell', () => {
    expect(run('POLYGON ((4 4, 6 4, 6 6, 4 4), (0 0, 10 0, 10 10, 0 10, 0 0))').map((x) => x.code)).toEqual([
      'GEO007',
    ]);
  });

  it('does not fire on holes inside, even touching the shell', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (0 0, 5 1, 5 5, 0 0))')).toEqual([]);
  });
});
