import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { repeatedPointsWkt } from '../../test/geometry/repeated-points.ts';
import { checkWktGeometry } from './check-geometry.ts';

function check(wkt: string, base: Parameters<typeof checkWktGeometry>[2] = {}) {
  const collector = new DiagnosticCollector();
  checkWktGeometry(wkt, collector, base);
  return collector.diagnostics.filter((d) => d.code === 'GEO012');
}

describe('GEO012: one fix removes every repeated point of a geometry', () => {
  // 10 polygons of 150 corners: 1,500 copies in 1,000 runs, over 100 per ring.
  const { wkt, deduped, repeated } = repeatedPointsWkt(10, 150);

  it('lists at most 100 runs, and the fix on the first removes all of them, the rest as written', () => {
    expect(repeated).toBe(1500);
    const listed = check(wkt);
    expect(listed).toHaveLength(100);
    const fixed = listed.filter((d) => d.fix);
    expect(fixed).toHaveLength(1);
    expect(fixed[0]).toBe(listed[0]);
    expect(fixed[0]?.fix).toMatchObject({
      safety: 'safe',
      title: 'Remove all 1,500 repeated points of the geometry (1,000 runs of copies)',
    });
    // Shown shortened, not the whole geometry.
    expect(fixed[0]?.fix?.before?.length).toBeLessThan(700);
    expect(fixed[0]?.fix?.after?.length).toBeLessThan(700);
    expect(listed[1]?.hint).toContain(
      'One fix removes every repeated point of this geometry: it is on GEO012',
    );
    expect(applyTextFixes(wkt, listed).text).toBe(deduped);
    expect(check(deduped)).toEqual([]);
  });

  it('in an escaped string, cuts each run out with its own edit so the kept text stays escaped', () => {
    // The WKT as a JSON string value with a tab between its points: "\t" in the document is one
    // character of the WKT, so the document's text between the runs is not the WKT's.
    const tabbed = repeatedPointsWkt(2, 150, ',\t');
    const doc = JSON.stringify(tabbed.wkt);
    const mapOffset = (o: number): number => JSON.stringify(tabbed.wkt.slice(0, o)).length - 1;
    const listed = check(tabbed.wkt, { mapOffset });
    const fix = listed[0]?.fix;
    expect(fix?.edits).toHaveLength(200);
    expect(fix?.edits?.every((e) => e.text === '')).toBe(true);
    const fixed = applyTextFixes(doc, listed).text;
    expect(JSON.parse(fixed)).toBe(tabbed.deduped);
  });

  it('keeps the one-run fix as before: the copies of that run', () => {
    const one = 'POLYGON ((0 0, 10 0, 10 0, 10 0, 10 10, 0 0))';
    const [d] = check(one);
    expect(d?.fix?.title).toBe('Remove the duplicate points');
    expect(d?.fix?.edits).toEqual([{ start: 19, end: 31, text: '' }]);
  });
});
