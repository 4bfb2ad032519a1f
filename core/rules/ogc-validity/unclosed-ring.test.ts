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

describe('GEO002 unclosed-ring', () => {
  it('reports the last point of an unclosed ring and closes it (safe) by repeating the first point', () => {
    const wkt = 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.3))';
    const d = run(wkt);
    expect(d.map((x) => x.code)).toEqual(['GEO002']);
    expect(d[0]?.location).toMatchObject({ polygon: 0, ring: 0, coordinate: 3, point: [-93.1, 45.3] });
    expect(d[0]?.location.range?.start.offset).toBe(wkt.indexOf('-93.1 45.3'));
    expect(d[0]?.fix?.safety).toBe('safe');
    expect(applyTextFixes(wkt, d).text).toBe(
      'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.3, -93.1 45.2))',
    );
  });

  it('does not cascade: an unclosed bow-tie is reported as unclosed only', () => {
    const d = run('POLYGON ((0 0, 10 0, 0 10, 10 10))');
    expect(d.map((x) => x.code)).toEqual(['GEO002']);
  });

  it('closes an unclosed hole', () => {
    const wkt = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 4, 2 4))';
    expect(run(wkt)[0]?.location).toMatchObject({ ring: 1, coordinate: 3 });
    expect(fixedClean(wkt)).toBe('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 4, 2 4, 2 2))');
  });

  it('does not fire on closed rings', () => {
    expect(run('POLYGON ((0 0, 10 0, 10 10, 0 0))')).toEqual([]);
  });
});
