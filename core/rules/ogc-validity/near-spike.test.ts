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

describe('GEO013 near-spike', () => {
  it('warns at the tip of a needle and offers to remove the vertex (unsafe)', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 5.01 10, 5 30, 4.99 10, 0 10, 0 0))';
    const d = run(wkt);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['GEO013', 'warning']]);
    expect(d[0]?.location).toMatchObject({ coordinate: 4, point: [5, 30] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('5 30'));
    expect(d[0]?.message).toContain('0.057°');
    expect(d[0]?.fix?.safety).toBe('unsafe');
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 5.01 10, 4.99 10, 0 10, 0 0))');
  });

  it('removes a needle at the first point by re-closing the ring', () => {
    const wkt = 'POLYGON ((5 30, 4.99 10, 0 10, 0 0, 10 0, 10 10, 5.01 10, 5 30))';
    expect(fixedClean(wkt)).toBe('POLYGON ((4.99 10, 0 10, 0 0, 10 0, 10 10, 5.01 10, 4.99 10))');
  });

  it('measures angles on the ground for longitude/latitude (x scaled by cos latitude)', () => {
    // At 60°N a degree of longitude is half as long: this 0.8° (in degrees) tip is 0.4° on the ground.
    const wkt =
      'POLYGON ((10 60, 10.01 60, 10.01 60.01, 10.006 60.01, 10.005 60.1, 10.004 60.01, 10 60.01, 10 60))';
    expect(run(wkt).map((x) => x.code)).toEqual(['GEO013']);
  });

  it('does not fire on ordinary corners, nor on an exact spike (that is GEO004)', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))')).toEqual([]);
    expect(run('POLYGON ((0 0, 10 0, 10 10, 5 10, 5 20, 5 10, 0 10, 0 0))').map((x) => x.code)).toEqual([
      'GEO004',
    ]);
  });
});
