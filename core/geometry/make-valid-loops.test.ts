import { describe, expect, it } from 'vitest';
import { generateGridPolygons } from '../../test/geometry/generate-polygons.ts';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { benchBoundaries } from './field-upload-bench-data.ts';
import type { PolygonRings } from './geometry.ts';
import { makeValidPolygonsTraced, type TracedPolygons } from './make-valid.ts';
import { splitCrossingLoops } from './make-valid-loops.ts';
import { pairsOf } from './segment-index.ts';
import { checkValidity, isValidPolygons } from './validity.ts';

function polygonOf(wkt: string): PolygonRings {
  const parsed = parseWkt(wkt);
  if (!parsed.ok) throw new Error(`not WKT: ${wkt.slice(0, 60)}`);
  return parsed.geometry.polygons;
}

/** A closed ring from "x y" points. */
function ring(points: [number, number][]): PolygonRings {
  return [[Float64Array.from([...points, points[0] as [number, number]].flat())]];
}

/** Without consecutive repeats (the cleaned ring make-valid hands the shortcut). */
const hasRepeats = (xy: Float64Array): boolean => {
  for (let k = 2; k < xy.length; k += 2) if (xy[k] === xy[k - 2] && xy[k + 1] === xy[k - 1]) return true;
  return false;
};

/** What make-valid's two paths must agree on (the shortcut adds `stillValid`, a test of its own below). */
function traced(
  result: TracedPolygons | null | undefined,
): Omit<TracedPolygons, 'stillValid'> | null | undefined {
  if (!result) return result;
  const { polygons, sources, checked } = result;
  return { polygons, sources, checked };
}

interface Outcome {
  /** make-valid's general path (noding its own sweep: no pairs given). */
  general: TracedPolygons | undefined;
  /** make-valid as the boundary checks call it (after the check of these polygons: shortcut or not). */
  called: TracedPolygons | undefined;
  /** The shortcut itself: undefined when it does not take the ring. */
  shortcut: TracedPolygons | null | undefined;
}

function outcome(polygons: PolygonRings): Outcome {
  const general = makeValidPolygonsTraced(polygons, { checkResult: true });
  const { swept } = checkValidity(polygons, { maxPerRing: 10 });
  const xy = polygons[0]?.[0] as Float64Array;
  const n = xy.length >> 1;
  const pairs = pairsOf(swept, polygons, n - 1);
  const raw = Int32Array.from({ length: n }, (_, k) => k);
  const shortcut = pairs && !hasRepeats(xy) ? splitCrossingLoops(xy, raw, n, pairs, true) : undefined;
  const called = makeValidPolygonsTraced(polygons, { checkResult: true, swept });
  return { general, called, shortcut };
}

/** Outlines of 40–300 points with 1–6 pairs of neighbouring points swapped, some swaps side by side. */
function swappedOutlines(count: number, seed: number): PolygonRings[] {
  const random = seededRandom(seed);
  const out: PolygonRings[] = [];
  for (let i = 0; i < count; i++) {
    const n = 40 + Math.floor(random() * 260);
    const points: [number, number][] = [];
    const bumps = 0.05 + random() * 0.3;
    for (let k = 0; k < n; k++) {
      const a = ((k + (random() - 0.5) * 0.8) / n) * 2 * Math.PI;
      const r = 1 + bumps * Math.sin(3 * a + i) + (random() - 0.5) * 0.05;
      // A share on a coarse grid: crossing points then round onto vertices and edges more often.
      const scale = i % 5 === 0 ? 50 : 1e7;
      points.push([Math.round(scale * r * Math.cos(a)) / scale, Math.round(scale * r * Math.sin(a)) / scale]);
    }
    const swaps = 1 + Math.floor(random() * 6);
    for (let s = 0; s < swaps; s++) {
      const k = 1 + Math.floor(random() * (n - 3));
      [points[k], points[k + 1]] = [points[k + 1] as [number, number], points[k] as [number, number]];
    }
    if (i % 2 === 1) points.reverse();
    out.push(ring(points));
  }
  return out;
}

describe('make-valid: rings cut into simple loops by their crossings', () => {
  it('gives exactly what the general path gives, and takes most swapped outlines', () => {
    const cases = [
      ...benchBoundaries('ragged', 800, 11).map(polygonOf),
      ...swappedOutlines(1500, 20261124),
      ...generateGridPolygons(29, 1500).map((c) => polygonOf(c.wkt)),
    ].filter((p) => p.length === 1 && p[0]?.length === 1);
    let taken = 0;
    let invalid = 0;
    let holes = 0;
    for (const polygons of cases) {
      const { general, called, shortcut } = outcome(polygons);
      expect(traced(called)).toEqual(traced(general));
      // A hole touching its shell (a loop inside another, winding the other way) is the general path's.
      if (general?.polygons.some((p) => p.length > 1)) {
        holes++;
        expect(shortcut).toBeUndefined();
      }
      if (shortcut === undefined) continue;
      taken++;
      expect(traced(shortcut ?? undefined)).toEqual(traced(general));
      if (shortcut === null) invalid++;
    }
    // Of the 800 bench outlines about 480 cross themselves, and nearly all are taken.
    expect(taken).toBeGreaterThan(1000);
    expect(taken - invalid).toBeGreaterThan(900);
    expect(holes).toBeGreaterThan(0);
  });

  it('agrees with the general path on random small rings, on a grid and off it', () => {
    const random = seededRandom(5);
    let taken = 0;
    for (let t = 0; t < 12_000; t++) {
      const n = 5 + Math.floor(random() * 6);
      const points: [number, number][] = [];
      for (let k = 0; k < n; k++) {
        const x = random() * 20;
        const y = random() * 20;
        points.push(t % 2 === 0 ? [x, y] : [Math.round(x), Math.round(y)]);
      }
      const { general, called, shortcut } = outcome(ring(points));
      expect(traced(called)).toEqual(traced(general));
      if (shortcut === undefined) continue;
      taken++;
      expect(traced(shortcut ?? undefined), JSON.stringify(points)).toEqual(traced(general));
    }
    expect(taken).toBeGreaterThan(1500);
  });

  it('says a result is still valid with its crossing points rounded only when it is', () => {
    const cases = [...benchBoundaries('ragged', 300, 5).map(polygonOf), ...swappedOutlines(600, 77)];
    let sure = 0;
    let broken = 0;
    for (const polygons of cases) {
      const { shortcut } = outcome(polygons);
      if (!shortcut?.stillValid) continue;
      const computed = shortcut.polygons.flatMap((rings, p) =>
        rings.flatMap((ring, r) =>
          Array.from(shortcut.sources[p]?.[r] ?? []).flatMap((s, k) =>
            s < 0 ? [{ ring, at: 2 * k, x: ring[2 * k], y: ring[2 * k + 1] }] : [],
          ),
        ),
      );
      // As the fix review rounds them: in place, to fewer and fewer decimals.
      for (let decimals = 9; decimals >= 0; decimals--) {
        for (const c of computed) {
          c.ring[c.at] = Number(c.x.toFixed(decimals));
          c.ring[c.at + 1] = Number(c.y.toFixed(decimals));
        }
        const valid = isValidPolygons(shortcut.polygons);
        if (!valid) broken++;
        if (shortcut.stillValid()) {
          sure++;
          expect(valid, `${decimals} decimals`).toBe(true);
        }
      }
    }
    expect(sure).toBeGreaterThan(3000);
    expect(broken).toBeGreaterThan(100);
  });

  it('splits a figure-eight into its two loops, largest first', () => {
    const polygons = ring([
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 3],
    ]);
    const { general, shortcut } = outcome(polygons);
    expect(shortcut).toBeTruthy();
    expect(traced(shortcut)).toEqual(traced(general));
    const [first, second] = (shortcut as TracedPolygons).polygons;
    expect(first?.[0]?.length).toBe(8);
    expect(second?.[0]?.length).toBe(8);
    // The crossing point is computed (source -1); the other points repeat input coordinates.
    expect(Array.from((shortcut as TracedPolygons).sources.flat(2).flatMap((s) => Array.from(s)))).toContain(
      -1,
    );
  });

  it('drops a loop turning the same way inside the outline, keeping its crossing point', () => {
    // A loop that wraps into the outline's inside (a limaçon): winding number 2 there, so inside anyway.
    const polygons = ring([
      [0, 0],
      [10, 0],
      [10, 10],
      [6, 10],
      [6, 3],
      [8, 3],
      [8, 6],
      [3, 6],
      [3, 10],
      [0, 10],
    ]);
    const { general, shortcut } = outcome(polygons);
    expect(traced(shortcut)).toEqual(traced(general));
    const result = shortcut as TracedPolygons;
    expect(result.polygons).toHaveLength(1);
    expect(result.polygons[0]).toHaveLength(1);
  });

  it('leaves a loop inside another that winds it back to 0 (a hole touching its shell) to the general path', () => {
    // Three crossings; one loop lies inside the outline the other way round.
    const points: [number, number][] = [
      [17, 12],
      [3, 2],
      [2, 7],
      [9, 11],
      [11, 9],
      [15, 11],
      [3, 6],
      [15, 17],
    ];
    const { general, called, shortcut } = outcome(ring(points));
    expect(general?.polygons.some((p) => p.length > 1)).toBe(true);
    expect(shortcut).toBeUndefined();
    expect(traced(called)).toEqual(traced(general));
  });

  it('leaves touches, overlaps and edges crossed twice to the general path', () => {
    const cases = [
      // Touching itself at a vertex.
      [
        [0, 0],
        [4, 0],
        [2, 2],
        [4, 4],
        [0, 4],
        [2, 2],
      ],
      // One edge crossed by two others.
      [
        [0, 0],
        [10, 0],
        [10, 2],
        [2, -1],
        [4, -1],
        [6, 3],
        [0, 3],
      ],
    ] as [number, number][][];
    for (const points of cases) {
      const { general, called, shortcut } = outcome(ring(points));
      expect(shortcut).toBeUndefined();
      expect(traced(called)).toEqual(traced(general));
    }
  });
});
