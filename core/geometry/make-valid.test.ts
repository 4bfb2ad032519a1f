import { describe, expect, it } from 'vitest';
import {
  generateFieldPolygons,
  generateGridPolygons,
  generateTemplateCases,
} from '../../test/geometry/generate-polygons.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { benchBoundaries } from './field-upload-bench-data.ts';
import { closeRings } from './fixes.ts';
import type { PolygonRings } from './geometry.ts';
import { makeValidPolygonsTraced } from './make-valid.ts';
import { pairsOf } from './segment-index.ts';
import { checkValidity } from './validity.ts';

const polygonsOf = (wkt: string): PolygonRings | undefined => {
  const parsed = parseWkt(wkt);
  if (!parsed.ok) return undefined;
  const g = parsed.geometry;
  return g.type === 'Polygon' || g.type === 'MultiPolygon' ? closeRings(g.polygons) : undefined;
};

/** Segments of closed rings, consecutive repeated points dropped (as make-valid counts its edges). */
function segments(polygons: PolygonRings): number {
  let n = 0;
  for (const ring of polygons.flat()) {
    for (let k = 2; k < ring.length; k += 2) if (ring[k] !== ring[k - 2] || ring[k + 1] !== ring[k - 1]) n++;
  }
  return n;
}

const copy = (polygons: PolygonRings): PolygonRings => polygons.map((rings) => rings.map((r) => r.slice()));

describe('make-valid noding from the validity check’s segment pairs', () => {
  it('gives the same polygons, sources and ring starts as its own sweep', () => {
    const wkts = [
      ...benchBoundaries('ragged', 150),
      ...benchBoundaries('star', 3),
      ...generateFieldPolygons({ count: 250, seed: 20261124, brokenShare: 0.5, maxVertices: 400 }).map(
        (c) => c.wkt,
      ),
      ...generateTemplateCases(11, 6).map((c) => c.wkt),
      ...generateGridPolygons(13, 300).map((c) => c.wkt),
    ];
    let seeded = 0;
    let rebuilt = 0;
    for (const wkt of wkts) {
      const polygons = polygonsOf(wkt);
      if (!polygons) continue;
      // Its own sweep: the pairs given are of other polygons (a copy), so they are not used.
      const ofCopy = checkValidity(copy(polygons), { maxPerRing: 10 }).swept;
      expect(pairsOf(ofCopy, polygons, segments(polygons))).toBeUndefined();
      const swept = makeValidPolygonsTraced(polygons, { checkResult: false, swept: ofCopy });
      // From the pairs of the check of these polygons, as the boundary checks call it.
      const check = checkValidity(polygons, { maxPerRing: 10 });
      if (pairsOf(check.swept, polygons, segments(polygons))) seeded++;
      const fromPairs = makeValidPolygonsTraced(polygons, { checkResult: false, swept: check.swept });
      // The same result (the loops shortcut, which needs the pairs, adds its `stillValid` test).
      const { stillValid: _, ...result } = fromPairs ?? { stillValid: undefined };
      expect(fromPairs ? result : undefined, wkt.slice(0, 80)).toEqual(swept);
      if (swept) rebuilt++;
    }
    // The comparison covers many rebuilt polygons, nearly all of them noded from the check's pairs.
    expect(rebuilt).toBeGreaterThan(300);
    expect(seeded).toBeGreaterThan(0.9 * wkts.length);
  });

  it('keeps pairs only from a check that swept every segment to the end', () => {
    // A star polygon {300/149}: tens of thousands of crossings, far over what a verdict counts.
    const star = polygonsOf(benchBoundaries('star', 1)[0] as string) as PolygonRings;
    const starCheck = checkValidity(star, { warnings: false, maxIssues: 1 }); // stops at its first errors
    expect(starCheck.issues.some((i) => i.severity === 'error')).toBe(true);
    expect(starCheck.swept).toBeUndefined();
    const bowTie = polygonsOf('POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))') as PolygonRings;
    const { swept } = checkValidity(bowTie);
    const pairs = Array.from(pairsOf(swept, bowTie, 4) ?? []);
    const listed = pairs.flatMap((e, i) => (i % 2 === 0 ? [`${e}-${pairs[i + 1]}`] : [])).sort();
    // Edges 0 (0 0 → 2 2) and 2 (2 0 → 0 2) cross; the first and last edges share the closing point; other
    // consecutive edges are surely not collinear, so not listed.
    expect(listed).toEqual(['0-2', '0-3']);
    // Not for another number of segments (the polygons changed since their check).
    expect(pairsOf(swept, bowTie, 5)).toBeUndefined();
    // A polygon with an EMPTY shell takes no part in the sweep: its holes' segments are not in it.
    const emptyShell: PolygonRings = [[new Float64Array(0), ...(bowTie[0] as Float64Array[])]];
    expect(checkValidity(emptyShell).swept).toBeUndefined();
  });

  it('keeps a check’s pairs its own: another check between it and make-valid changes nothing', () => {
    // The old hidden cache held the last check's pairs only: a check of other polygons (a fix's validity
    // test, another boundary on a worker) in between lost them.
    const bowTie = polygonsOf('POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))') as PolygonRings;
    const { swept } = checkValidity(bowTie);
    const before = Array.from(pairsOf(swept, bowTie, 4) ?? []);
    checkValidity(polygonsOf('POLYGON ((0 0, 4 4, 4 0, 0 4, 0 0))') as PolygonRings);
    expect(Array.from(pairsOf(swept, bowTie, 4) ?? [])).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
    const fromPairs = makeValidPolygonsTraced(bowTie, { swept });
    const { stillValid: _, ...result } = fromPairs ?? { stillValid: undefined };
    expect(fromPairs ? result : undefined).toEqual(makeValidPolygonsTraced(bowTie));
    expect(fromPairs?.polygons.length).toBe(2);
  });
});
