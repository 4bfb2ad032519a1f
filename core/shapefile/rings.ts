/**
 * Ring helpers on interleaved coordinates ([x0, y0, x1, y1, …]) and the grouping of a shapefile polygon
 * record's rings into polygons: by the format, outer rings run clockwise and holes counter-clockwise; a
 * hole belongs to the smallest outer ring that contains it. Files with the winding reversed throughout
 * are grouped by nesting depth instead, as GDAL does.
 */

export type Bbox = [xmin: number, ymin: number, xmax: number, ymax: number];

/** Shoelace area: positive when the ring runs counter-clockwise (x east, y north). */
export function signedArea(ring: Float64Array): number {
  const n = ring.length >> 1;
  if (n < 3) return 0;
  let sum = 0;
  const x0 = ring[0] ?? 0;
  const y0 = ring[1] ?? 0;
  for (let i = 1; i + 1 < n; i++) {
    const ax = (ring[2 * i] ?? 0) - x0;
    const ay = (ring[2 * i + 1] ?? 0) - y0;
    const bx = (ring[2 * i + 2] ?? 0) - x0;
    const by = (ring[2 * i + 3] ?? 0) - y0;
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}

export function ringBbox(ring: Float64Array): Bbox {
  let xmin = Infinity;
  let ymin = Infinity;
  let xmax = -Infinity;
  let ymax = -Infinity;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    const x = ring[i] ?? 0;
    const y = ring[i + 1] ?? 0;
    if (x < xmin) xmin = x;
    if (x > xmax) xmax = x;
    if (y < ymin) ymin = y;
    if (y > ymax) ymax = y;
  }
  return [xmin, ymin, xmax, ymax];
}

export function unionBbox(a: Bbox | undefined, b: Bbox): Bbox {
  if (!a) return [...b];
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export function bboxContains(outer: Bbox, inner: Bbox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

/** 1 inside, -1 outside, 0 on the boundary (exactly). Even-odd rule; the ring may be open or closed. */
export function pointInRing(x: number, y: number, ring: Float64Array): number {
  const n = ring.length >> 1;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i] ?? 0;
    const yi = ring[2 * i + 1] ?? 0;
    const xj = ring[2 * j] ?? 0;
    const yj = ring[2 * j + 1] ?? 0;
    // On the segment?
    const cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi);
    if (
      cross === 0 &&
      Math.min(xi, xj) <= x &&
      x <= Math.max(xi, xj) &&
      Math.min(yi, yj) <= y &&
      y <= Math.max(yi, yj)
    ) {
      return 0;
    }
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** Whether `inner` lies inside `outer`, judged at the first vertex of `inner` not on `outer`'s boundary. */
function ringInside(inner: Float64Array, outer: Float64Array): boolean {
  for (let i = 0; i + 1 < inner.length; i += 2) {
    const where = pointInRing(inner[i] ?? 0, inner[i + 1] ?? 0, outer);
    if (where !== 0) return where > 0;
  }
  return false;
}

interface RingInfo {
  ring: Float64Array;
  area: number;
  bbox: Bbox;
  index: number;
}

/** Group the rings of one polygon record into polygons: [shell, ...holes][]. Ring order is kept. */
export function groupRings(rings: readonly Float64Array[]): Float64Array[][] {
  if (rings.length === 0) return [];
  if (rings.length === 1) return [[rings[0] as Float64Array]];
  const infos: RingInfo[] = rings.map((ring, index) => ({
    ring,
    area: signedArea(ring),
    bbox: ringBbox(ring),
    index,
  }));
  const outers = infos.filter((r) => r.area <= 0);
  const holes = infos.filter((r) => r.area > 0);
  if (outers.length === 0) return groupByNesting(infos);

  const polygons = new Map<RingInfo, Float64Array[]>(outers.map((o) => [o, [o.ring]]));
  const orphans: RingInfo[] = [];
  for (const hole of holes) {
    let best: RingInfo | undefined;
    for (const o of outers) {
      if (!bboxContains(o.bbox, hole.bbox) || !ringInside(hole.ring, o.ring)) continue;
      if (!best || Math.abs(o.area) < Math.abs(best.area)) best = o;
    }
    if (best) polygons.get(best)?.push(hole.ring);
    else orphans.push(hole);
  }
  // A counter-clockwise ring inside no outer ring is an outer ring with the wrong winding.
  const result = [...polygons.entries()].map(([o, list]) => ({ index: o.index, list }));
  for (const o of orphans) result.push({ index: o.index, list: [o.ring] });
  return result.sort((a, b) => a.index - b.index).map((r) => r.list);
}

function groupByNesting(infos: RingInfo[]): Float64Array[][] {
  const bySize = [...infos].sort((a, b) => Math.abs(b.area) - Math.abs(a.area));
  const parent = new Map<RingInfo, RingInfo | undefined>();
  const depth = new Map<RingInfo, number>();
  for (const r of bySize) {
    let best: RingInfo | undefined;
    for (const candidate of bySize) {
      if (candidate === r || !depth.has(candidate)) continue;
      if (!bboxContains(candidate.bbox, r.bbox) || !ringInside(r.ring, candidate.ring)) continue;
      if (!best || Math.abs(candidate.area) < Math.abs(best.area)) best = candidate;
    }
    parent.set(r, best);
    depth.set(r, best ? (depth.get(best) ?? 0) + 1 : 0);
  }
  const shells = infos.filter((r) => (depth.get(r) ?? 0) % 2 === 0);
  const polygons = new Map<RingInfo, Float64Array[]>(shells.map((s) => [s, [s.ring]]));
  for (const r of infos) {
    if ((depth.get(r) ?? 0) % 2 === 1) {
      const p = parent.get(r);
      if (p) polygons.get(p)?.push(r.ring);
    }
  }
  return shells.map((s) => polygons.get(s) ?? [s.ring]);
}
