import { parseWkt } from '../wkt/parse-wkt.ts';
import { writePolygonsWkt } from '../wkt/write-wkt.ts';
import type { ParsedGeometry, PolygonRings } from './geometry.ts';
import { makeValidPolygons } from './make-valid.ts';
import { findValidityIssues } from './validity.ts';

/**
 * Repairs for boundaries, each on polygons (flat arrays in, new arrays out, input untouched) and on WKT
 * (text in, new WKT out; undefined when the text does not parse, the fix does not apply, or its result
 * would not be a valid area). Safe: closing rings, dropping repeated points. Unsafe (a guess to confirm):
 * swapping axes, making valid, removing a vertex or a hole.
 */

export { makeValidPolygons } from './make-valid.ts';

function mapRings(polygons: PolygonRings, f: (ring: Float64Array) => Float64Array): PolygonRings {
  return polygons.map((rings) => rings.map(f));
}

/** Append the first point to every unclosed ring. */
export function closeRings(polygons: PolygonRings): PolygonRings {
  return mapRings(polygons, (ring) => {
    const n = ring.length;
    if (n < 2 || (ring[0] === ring[n - 2] && ring[1] === ring[n - 1])) return ring.slice();
    const out = new Float64Array(n + 2);
    out.set(ring);
    out[n] = ring[0];
    out[n + 1] = ring[1];
    return out;
  });
}

/** Remove consecutive duplicate points. */
export function dropRepeatedPoints(polygons: PolygonRings): PolygonRings {
  return mapRings(polygons, (ring) => {
    const out: number[] = [];
    for (let k = 0; k < ring.length; k += 2) {
      const n = out.length;
      if (n >= 2 && out[n - 2] === ring[k] && out[n - 1] === ring[k + 1]) continue;
      out.push(ring[k], ring[k + 1]);
    }
    return Float64Array.from(out);
  });
}

/** Exchange x and y of every point (for latitude/longitude written in the wrong order). */
export function swapAxes(polygons: PolygonRings): PolygonRings {
  return mapRings(polygons, (ring) => {
    const out = new Float64Array(ring.length);
    for (let k = 0; k < ring.length; k += 2) {
      out[k] = ring[k + 1];
      out[k + 1] = ring[k];
    }
    return out;
  });
}

/** Remove coordinate k of a ring; removing the first (= last) point re-closes the ring on the next one. */
export function removeVertex(polygons: PolygonRings, polygon: number, ring: number, k: number): PolygonRings {
  return polygons.map((rings, p) =>
    rings.map((coords, r) => {
      if (p !== polygon || r !== ring) return coords.slice();
      const n = coords.length >> 1;
      const points: number[] = [];
      const closed = n > 1 && coords[0] === coords[2 * n - 2] && coords[1] === coords[2 * n - 1];
      const atEnds = closed && (k === 0 || k === n - 1);
      for (let i = 0; i < n; i++) {
        if (i === k || (atEnds && (i === 0 || i === n - 1))) continue;
        points.push(coords[2 * i], coords[2 * i + 1]);
      }
      if (atEnds && points.length >= 2) points.push(points[0], points[1]);
      return Float64Array.from(points);
    }),
  );
}

/** Remove one ring (a hole) from a polygon. */
export function removeRing(polygons: PolygonRings, polygon: number, ring: number): PolygonRings {
  return polygons.map((rings, p) =>
    rings.filter((_, r) => p !== polygon || r !== ring).map((c) => c.slice()),
  );
}

/** Whether polygons have no validity error (warnings allowed). */
export function isValidArea(polygons: PolygonRings): boolean {
  return !findValidityIssues(polygons, { warnings: false, maxIssues: 1 }).some((i) => i.severity === 'error');
}

// ---- WKT in, WKT out ----

function withPolygons(
  wkt: string,
  fix: (polygons: PolygonRings, geometry: ParsedGeometry) => PolygonRings | undefined,
): string | undefined {
  const parsed = parseWkt(wkt);
  if (!parsed.ok) return undefined;
  const g = parsed.geometry;
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') return undefined;
  const fixed = fix(g.polygons, g);
  if (!fixed) return undefined;
  const prefix = g.spans.srid ? wkt.slice(g.spans.srid[0], g.spans.srid[1]) : '';
  return prefix + writePolygonsWkt(fixed, { multi: g.type === 'MultiPolygon' || fixed.length > 1 });
}

/** Close unclosed rings (safe). */
export function closeRingsWkt(wkt: string): string | undefined {
  return withPolygons(wkt, closeRings);
}

/** Drop consecutive repeated points (safe). */
export function dropRepeatedPointsWkt(wkt: string): string | undefined {
  return withPolygons(wkt, dropRepeatedPoints);
}

/** Swap x and y (unsafe: right only when the axes really are swapped). */
export function swapAxesWkt(wkt: string): string | undefined {
  return withPolygons(wkt, swapAxes);
}

/** Make the geometry valid: split bow-ties, remove spikes, merge overlapping parts (unsafe). */
export function makeValidWkt(wkt: string): string | undefined {
  return withPolygons(wkt, (polygons) => makeValidPolygons(closeRings(polygons)));
}
