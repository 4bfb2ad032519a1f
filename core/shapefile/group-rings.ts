import { BOUNDARY, INTERIOR, locatePointInRing } from '../planar/point-in-ring.ts';
import { bboxContains, ringBbox, signedArea, type Bbox } from '../planar/rings.ts';

/**
 * The grouping of a shapefile polygon record's rings (interleaved coordinates) into polygons: by the format, outer rings run clockwise and holes counter-clockwise; a
 * hole belongs to the smallest outer ring that contains it. Files with the winding reversed throughout
 * are grouped by nesting depth instead, as GDAL does.
 */

/** Whether `inner` lies inside `outer`, judged at the first vertex of `inner` not on `outer`'s boundary. */
function ringInside(inner: Float64Array, outer: Float64Array): boolean {
  for (let i = 0; i + 1 < inner.length; i += 2) {
    const where = locatePointInRing(inner[i] as number, inner[i + 1] as number, outer);
    if (where !== BOUNDARY) return where === INTERIOR;
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
