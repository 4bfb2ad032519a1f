/**
 * Which zones overlap each other. Zones that tile a field share edges and corners; those must not count,
 * even when the shared vertices differ by floating-point noise. Two zones overlap when their interiors
 * meet, found by any of:
 *   1. a proper crossing of their boundaries (each segment strictly crosses the other's line);
 *   2. a piece of one boundary strictly inside the other: each edge is split at the other zone's vertices
 *      that touch it, and its vertices and the midpoints of the pieces are tested;
 *   3. an interior point of one zone strictly inside the other (identical or nested zones).
 * "Strictly" means farther than a tolerance (1e-9 of the coordinates' magnitude: about 2 cm in degrees)
 * from the other boundary. Candidate pairs come from a sweep over bounding boxes; each test looks only
 * at the edges inside both zones' boxes, so adjacent zones cost a few edges each.
 */
import { INTERIOR, RayCrossingCounter } from '../planar/point-in-ring.ts';
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';

export interface OverlapZone {
  /** 1-based record number. */
  record: number;
  polygons: Float64Array[][];
}

export interface ZoneOverlap {
  record: number;
  other: number;
  /** A point inside both zones (or where their boundaries cross). */
  point: [number, number];
}

/**
 * A ring with its edges sorted into horizontal stripes (mapshaper's trick), so a point test looks only
 * at the edges near the point's latitude instead of the whole ring: a 1,500-vertex headland zone next to
 * hundreds of small plots costs a few edges per test.
 */
interface IndexedRing {
  coords: Float64Array;
  n: number;
  y0: number;
  stripeHeight: number;
  /** Edge indexes per stripe; edge i runs from vertex i to vertex (i + 1) % n. */
  stripes: Int32Array[];
  /** Counts a point's crossings (the ring's own: an index belongs to one search, nothing is shared). */
  counter: RayCrossingCounter;
}

function indexRing(coords: Float64Array): IndexedRing {
  const n = coords.length >> 1;
  const box = ringBbox(coords);
  const count = Math.max(1, Math.min(1024, Math.ceil(Math.sqrt(n))));
  const stripeHeight = (box[3] - box[1]) / count || 1;
  const stripeOf = (y: number): number =>
    Math.min(count - 1, Math.max(0, Math.floor((y - box[1]) / stripeHeight)));
  // Counted, then filled into one array the stripes are views of (lists of numbers per stripe, grown
  // edge by edge, were eight bytes an entry and garbage once copied). Edge i runs from vertex i to vertex
  // (i + 1) % n and lies in the stripes from its lower end's to its upper end's.
  const starts = new Int32Array(count + 1);
  let edges = new Int32Array(0);
  let filled = starts;
  for (const pass of ['count', 'fill'] as const) {
    if (pass === 'fill') {
      for (let k = 0; k < count; k++) starts[k + 1] = (starts[k + 1] ?? 0) + (starts[k] ?? 0);
      edges = new Int32Array(starts[count] ?? 0);
      filled = starts.slice(0, count);
    }
    for (let i = 0; i < n; i++) {
      const ya = coords[2 * i + 1] ?? 0;
      const yb = coords[2 * ((i + 1) % n) + 1] ?? 0;
      const to = stripeOf(Math.max(ya, yb));
      for (let k = stripeOf(Math.min(ya, yb)); k <= to; k++) {
        if (pass === 'count') starts[k + 1] = (starts[k + 1] ?? 0) + 1;
        else {
          const at = filled[k] ?? 0;
          edges[at] = i;
          filled[k] = at + 1;
        }
      }
    }
  }
  return {
    coords,
    n,
    y0: box[1],
    stripeHeight,
    stripes: Array.from({ length: count }, (_, k) => edges.subarray(starts[k], starts[k + 1])),
    counter: new RayCrossingCounter(0, 0),
  };
}

function stripeRange(ring: IndexedRing, ylo: number, yhi: number): [number, number] {
  const last = ring.stripes.length - 1;
  const s = (y: number): number => Math.min(last, Math.max(0, Math.floor((y - ring.y0) / ring.stripeHeight)));
  return [s(ylo), s(yhi)];
}

/** Within `tol` of the ring's boundary? */
function nearRing(x: number, y: number, ring: IndexedRing, tol: number): boolean {
  const [from, to] = stripeRange(ring, y - tol, y + tol);
  const c = ring.coords;
  for (let k = from; k <= to; k++) {
    for (const i of ring.stripes[k] ?? []) {
      const j = (i + 1) % ring.n;
      const ax = c[2 * i] ?? 0;
      const ay = c[2 * i + 1] ?? 0;
      const bx = c[2 * j] ?? 0;
      const by = c[2 * j + 1] ?? 0;
      if (Math.min(ax, bx) - tol > x || Math.max(ax, bx) + tol < x) continue;
      if (Math.min(ay, by) - tol > y || Math.max(ay, by) + tol < y) continue;
      if (segmentDistance(x, y, ax, ay, bx, by) <= tol) return true;
    }
  }
  return false;
}

/** Whether the point is inside the ring, counting the crossings of the edges in the point's stripe only. */
function insideRing(x: number, y: number, ring: IndexedRing): boolean {
  const [k] = stripeRange(ring, y, y);
  const c = ring.coords;
  const counter = ring.counter;
  counter.reset(x, y);
  for (const i of ring.stripes[k] ?? []) {
    const j = (i + 1) % ring.n;
    counter.countSegment(
      c[2 * i] as number,
      c[2 * i + 1] as number,
      c[2 * j] as number,
      c[2 * j + 1] as number,
    );
  }
  return counter.location === INTERIOR;
}

interface Prepared {
  record: number;
  polygons: IndexedRing[][];
  bbox: Bbox;
  /** One interior point per polygon. */
  inner: [number, number][];
}

function prepare(zone: OverlapZone): Prepared | undefined {
  const polygons = zone.polygons
    .map((polygon) => polygon.filter((r) => r.length >= 6))
    .filter((polygon) => polygon.length > 0);
  const rings = polygons.flat();
  if (rings.length === 0) return undefined;
  let bbox: Bbox | undefined;
  for (const r of rings) bbox = unionBbox(bbox, ringBbox(r));
  const inner = polygons.map(interiorPoint).filter((p): p is [number, number] => p !== undefined);
  return {
    record: zone.record,
    polygons: polygons.map((polygon) => polygon.map(indexRing)),
    bbox: bbox as Bbox,
    inner,
  };
}

function boxesMeet(a: Bbox, b: Bbox, tol: number): boolean {
  return a[0] <= b[2] + tol && b[0] <= a[2] + tol && a[1] <= b[3] + tol && b[1] <= a[3] + tol;
}

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return Math.sqrt(qx * qx + qy * qy);
}

/** 1 strictly inside the zone, 0 within `tol` of its boundary, -1 outside. */
function locate(x: number, y: number, zone: Prepared, tol: number): number {
  const box = zone.bbox;
  if (x < box[0] - tol || x > box[2] + tol || y < box[1] - tol || y > box[3] + tol) return -1;
  for (const polygon of zone.polygons) for (const ring of polygon) if (nearRing(x, y, ring, tol)) return 0;
  for (const polygon of zone.polygons) {
    const shell = polygon[0];
    if (!shell || !insideRing(x, y, shell)) continue;
    let inHole = false;
    for (let h = 1; h < polygon.length && !inHole; h++) inHole = insideRing(x, y, polygon[h] as IndexedRing);
    if (!inHole) return 1;
  }
  return -1;
}

interface Edge {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/**
 * The zone's non-degenerate edges that reach into `box`, ring by ring, read from the rings themselves (a
 * list of every zone's edges held four numbers an edge: twice the zones' coordinates, all at once).
 */
function edgesIn(zone: Prepared, box: Bbox, tol: number): Edge[] {
  const out: Edge[] = [];
  for (const polygon of zone.polygons) {
    for (const { coords: c, n } of polygon) {
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const ax = c[2 * i] ?? 0;
        const ay = c[2 * i + 1] ?? 0;
        const bx = c[2 * j] ?? 0;
        const by = c[2 * j + 1] ?? 0;
        if (ax === bx && ay === by) continue;
        if (Math.max(ax, bx) < box[0] - tol || Math.min(ax, bx) > box[2] + tol) continue;
        if (Math.max(ay, by) < box[1] - tol || Math.min(ay, by) > box[3] + tol) continue;
        out.push({ ax, ay, bx, by });
      }
    }
  }
  return out;
}

/** Signed distance of (px, py) from the line through a→b (positive on the left). */
function side(e: Edge, px: number, py: number): number {
  const dx = e.bx - e.ax;
  const dy = e.by - e.ay;
  return (dx * (py - e.ay) - dy * (px - e.ax)) / Math.sqrt(dx * dx + dy * dy);
}

function properCrossing(a: Edge, b: Edge, tol: number): [number, number] | undefined {
  const d1 = side(a, b.ax, b.ay);
  const d2 = side(a, b.bx, b.by);
  if (!((d1 > tol && d2 < -tol) || (d1 < -tol && d2 > tol))) return undefined;
  const d3 = side(b, a.ax, a.ay);
  const d4 = side(b, a.bx, a.by);
  if (!((d3 > tol && d4 < -tol) || (d3 < -tol && d4 > tol))) return undefined;
  const t = d3 / (d3 - d4);
  return [a.ax + t * (a.bx - a.ax), a.ay + t * (a.by - a.ay)];
}

/** Points along A's edges to test against B: vertices, and midpoints between the touches of B's vertices. */
function boundaryProbe(
  edgesA: Edge[],
  edgesB: Edge[],
  b: Prepared,
  tol: number,
): [number, number] | undefined {
  for (const e of edgesA) {
    const dx = e.bx - e.ax;
    const dy = e.by - e.ay;
    const len2 = dx * dx + dy * dy;
    const cuts = [0, 1];
    const cut = (px: number, py: number): void => {
      if (segmentDistance(px, py, e.ax, e.ay, e.bx, e.by) > tol) return;
      const t = ((px - e.ax) * dx + (py - e.ay) * dy) / len2;
      if (t > 0 && t < 1) cuts.push(t);
    };
    for (const f of edgesB) {
      cut(f.ax, f.ay);
      cut(f.bx, f.by);
    }
    if (cuts.length > 2) cuts.sort((p, q) => p - q);
    if (locate(e.ax, e.ay, b, tol) === 1) return [e.ax, e.ay];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const t = ((cuts[k] ?? 0) + (cuts[k + 1] ?? 0)) / 2;
      const x = e.ax + t * dx;
      const y = e.ay + t * dy;
      if (locate(x, y, b, tol) === 1) return [x, y];
    }
  }
  return undefined;
}

/** A point inside a polygon (shell minus holes), from the widest interior run of a horizontal scan line. */
export function interiorPoint(polygon: Float64Array[]): [number, number] | undefined {
  const shell = polygon[0];
  if (!shell || shell.length < 6) return undefined;
  const box = ringBbox(shell);
  // Scan between two distinct vertex heights near the middle, so the line passes through no vertex: the
  // heights sorted in a typed array, equal neighbours skipped (a set and lists of them held 50 bytes each).
  let heights = 0;
  for (const r of polygon) heights += r.length >> 1;
  const ys = new Float64Array(heights);
  let at = 0;
  for (const r of polygon) for (let i = 1; i < r.length; i += 2) ys[at++] = r[i] ?? 0;
  ys.sort();
  const mid = (box[1] + box[3]) / 2;
  let y = mid;
  for (let i = 0; i + 1 < ys.length; i++) {
    const lo = ys[i] ?? 0;
    const hi = ys[i + 1] ?? 0;
    if (lo < hi && lo <= mid && mid <= hi) {
      y = (lo + hi) / 2;
      break;
    }
  }
  const xs: number[] = [];
  for (const ring of polygon) {
    const n = ring.length >> 1;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const ax = ring[2 * i] ?? 0;
      const ay = ring[2 * i + 1] ?? 0;
      const bx = ring[2 * j] ?? 0;
      const by = ring[2 * j + 1] ?? 0;
      if (ay > y !== by > y) xs.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
    }
  }
  xs.sort((p, q) => p - q);
  let best: [number, number] | undefined;
  let width = -1;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const w = (xs[i + 1] ?? 0) - (xs[i] ?? 0);
    if (w > width) {
      width = w;
      best = [((xs[i] ?? 0) + (xs[i + 1] ?? 0)) / 2, y];
    }
  }
  return best;
}

function overlapPoint(a: Prepared, b: Prepared, tol: number): [number, number] | undefined {
  const box: Bbox = [
    Math.max(a.bbox[0], b.bbox[0]) - tol,
    Math.max(a.bbox[1], b.bbox[1]) - tol,
    Math.min(a.bbox[2], b.bbox[2]) + tol,
    Math.min(a.bbox[3], b.bbox[3]) + tol,
  ];
  const edgesA = edgesIn(a, box, tol);
  const edgesB = edgesIn(b, box, tol);
  for (const ea of edgesA) {
    for (const eb of edgesB) {
      const p = properCrossing(ea, eb, tol);
      if (p) return p;
    }
  }
  const probe = boundaryProbe(edgesA, edgesB, b, tol) ?? boundaryProbe(edgesB, edgesA, a, tol);
  if (probe) return probe;
  for (const [inner, outer] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const p of inner.inner) if (locate(p[0], p[1], outer, tol) === 1) return p;
  }
  return undefined;
}

/**
 * Pairs of overlapping zones, each reported once (record < other), in record order. `perZone` bounds the
 * pairs a zone takes part in as the later one (`other`): once it has that many, its other pairs are not
 * tested. Without it, n copies of one boundary are n(n-1)/2 pairs: 1,000 copies took 18 s and half a million
 * findings. `crowdedZones` names the zones that reached the bound.
 */
export function findZoneOverlaps(
  zones: readonly OverlapZone[],
  { perZone = Infinity }: { perZone?: number } = {},
): ZoneOverlap[] {
  const prepared = zones.map(prepare).filter((z): z is Prepared => z !== undefined);
  let magnitude = 1;
  for (const z of prepared) for (const v of z.bbox) magnitude = Math.max(magnitude, Math.abs(v));
  const tol = 1e-9 * magnitude;
  const byX = [...prepared].sort((p, q) => p.bbox[0] - q.bbox[0]);
  const found: ZoneOverlap[] = [];
  /** Pairs found so far per later zone (by record). */
  const pairsOf = new Map<number, number>();
  for (let i = 0; i < byX.length; i++) {
    const a = byX[i] as Prepared;
    for (let j = i + 1; j < byX.length; j++) {
      const b = byX[j] as Prepared;
      if (b.bbox[0] > a.bbox[2] + tol) break;
      if (!boxesMeet(a.bbox, b.bbox, -tol)) continue;
      const [first, second] = a.record < b.record ? [a, b] : [b, a];
      const pairs = pairsOf.get(second.record) ?? 0;
      if (pairs >= perZone) continue;
      const point = overlapPoint(a, b, tol);
      if (point) {
        pairsOf.set(second.record, pairs + 1);
        found.push({ record: first.record, other: second.record, point });
      }
    }
  }
  return found.sort((p, q) => p.record - q.record || p.other - q.other);
}

/** The zones that take part in `perZone` pairs as the later zone: where `findZoneOverlaps` stopped looking. */
export function crowdedZones(overlaps: readonly ZoneOverlap[], perZone: number): number[] {
  const pairsOf = new Map<number, number>();
  for (const o of overlaps) pairsOf.set(o.other, (pairsOf.get(o.other) ?? 0) + 1);
  return [...pairsOf]
    .filter(([, n]) => n >= perZone)
    .map(([record]) => record)
    .sort((a, b) => a - b);
}
