import type { PolygonRings } from './geometry.ts';
import { orientationIndex } from '../planar/orientation.ts';
import { INTERIOR, locateInRing } from '../planar/point-in-ring.ts';
import { signedArea } from '../planar/rings.ts';
import {
  compareAngle,
  COLLINEAR_INTERSECTION,
  intersection,
  intersectSegments,
} from './segment-intersection.ts';
import { findValidityIssues } from './validity.ts';

/**
 * Make polygons valid by rebuilding their area from the linework, as GEOS's MakeValid with the
 * "structure" method: every ring edge is split where edges meet, the pieces form a planar graph, and each
 * face of the graph is inside when, for some input polygon, the shell winds around it (any non-zero
 * winding number, either orientation) and none of its holes does. The boundary between inside and outside
 * faces is traced back into rings (shells counter-clockwise, holes clockwise).
 *
 * So a bow-tie becomes two polygons, a zero-width spike disappears (its two edges cancel), overlapping or
 * nested parts of a multipolygon are merged, a hole touching the shell twice splits the polygon, a ring
 * touching itself with a reversed loop becomes a shell with a hole, and a star polygon becomes its
 * outline: the result has the input's vertices plus the crossings on the outline, never every crossing.
 * The result is checked with `findValidityIssues`; when it is not valid (rounding of computed crossing
 * points can do that), nothing remains, or the rings cross each other more than `MAX_CROSSINGS` allows
 * (a tangle, not a boundary: rebuilding it would cost time and guess), the answer is undefined.
 */

/**
 * Edges as parallel arrays (edge e runs from (x0[e], y0[e]) to (x1[e], y1[e])), not an object per edge:
 * outlines of hundreds of thousands of edges are split and rebuilt several times.
 */
interface Edges {
  x0: number[];
  y0: number[];
  x1: number[];
  y1: number[];
  /** Index of the input ring (over all polygons) the edge comes from, in its direction. */
  ring: number[];
}

function newEdges(): Edges {
  return { x0: [], y0: [], x1: [], y1: [], ring: [] };
}

function pushEdge(edges: Edges, x0: number, y0: number, x1: number, y1: number, ring: number): void {
  edges.x0.push(x0);
  edges.y0.push(y0);
  edges.x1.push(x1);
  edges.y1.push(y1);
  edges.ring.push(ring);
}

const MAX_NODING_ROUNDS = 6;

/** Crossings allowed in all: a few per edge, as in a badly digitised outline; a star polygon has far more. */
function maxCrossings(edgeCount: number): number {
  return 4 * edgeCount + 1000;
}

/** The ring without repeated consecutive points, closed; `raw` is each point's index in the ring as given. */
function cleanRing(ring: Float64Array): { xy: number[]; raw: number[] } | undefined {
  const out: number[] = [];
  const raw: number[] = [];
  for (let k = 0; k < ring.length; k += 2) {
    const x = ring[k] as number;
    const y = ring[k + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
    const n = out.length;
    if (n >= 2 && out[n - 2] === x && out[n - 1] === y) continue;
    out.push(x, y);
    raw.push(k >> 1);
  }
  const n = out.length;
  if (n >= 4 && (out[0] !== out[n - 2] || out[1] !== out[n - 1])) {
    out.push(out[0] as number, out[1] as number);
    raw.push(0);
  }
  return { xy: out, raw };
}

/**
 * Split edges at every point where they meet another edge; returns undefined when noding does not settle
 * or finds more than `maxCrossings` meeting points. Pairs are found by a sweep: edges sorted on their
 * minimum along the axis where edges overlap least, each tested against the following ones until they
 * start beyond its end.
 */
function node(edges: Edges): Edges | undefined {
  let current = edges;
  let budget = maxCrossings(edges.x0.length);
  // Edges made in the last round; two older edges were tested against each other already.
  let fresh = new Uint8Array(edges.x0.length).fill(1);
  for (let round = 0; round < MAX_NODING_ROUNDS; round++) {
    const { x0: X0, y0: Y0, x1: X1, y1: Y1 } = current;
    const splits = new Map<number, number[]>();
    const addSplit = (e: number, x: number, y: number): void => {
      if ((x === X0[e] && y === Y0[e]) || (x === X1[e] && y === Y1[e])) return;
      let list = splits.get(e);
      if (!list) {
        list = [];
        splits.set(e, list);
      }
      list.push(x, y);
    };
    const count = X0.length;
    const alongY = sweepAlongY(current);
    // Per edge: its interval on the sweep axis (lo, hi) and on the other axis (lo2, hi2).
    const lo = new Float64Array(count);
    const hi = new Float64Array(count);
    const lo2 = new Float64Array(count);
    const hi2 = new Float64Array(count);
    for (let e = 0; e < count; e++) {
      const x0 = X0[e] as number;
      const y0 = Y0[e] as number;
      const x1 = X1[e] as number;
      const y1 = Y1[e] as number;
      const a0 = alongY ? y0 : x0;
      const a1 = alongY ? y1 : x1;
      const b0 = alongY ? x0 : y0;
      const b1 = alongY ? x1 : y1;
      lo[e] = a0 < a1 ? a0 : a1;
      hi[e] = a0 < a1 ? a1 : a0;
      lo2[e] = b0 < b1 ? b0 : b1;
      hi2[e] = b0 < b1 ? b1 : b0;
    }
    const order = orderByKey(lo, count);
    // After the first round, an old edge is tested only against fresh edges (two old edges were tested
    // against each other already): it scans the fresh edges after it in the order, not every edge.
    const freshOrder: number[] = [];
    if (round > 0) for (let i = 0; i < count; i++) if (fresh[order[i] as number] === 1) freshOrder.push(i);
    let nextFresh = 0;
    for (let i = 0; i < count; i++) {
      const a = order[i] as number;
      const ax0 = X0[a] as number;
      const ay0 = Y0[a] as number;
      const ax1 = X1[a] as number;
      const ay1 = Y1[a] as number;
      const end = hi[a] as number;
      const minB = lo2[a] as number;
      const maxB = hi2[a] as number;
      const scanAll = round === 0 || fresh[a] === 1;
      while (nextFresh < freshOrder.length && (freshOrder[nextFresh] as number) <= i) nextFresh++;
      const stop = scanAll ? count : freshOrder.length;
      for (let k = scanAll ? i + 1 : nextFresh; k < stop; k++) {
        const b = order[scanAll ? k : (freshOrder[k] as number)] as number;
        if ((lo[b] as number) > end) break;
        if ((hi2[b] as number) < minB || (lo2[b] as number) > maxB) continue;
        const bx0 = X0[b] as number;
        const by0 = Y0[b] as number;
        const bx1 = X1[b] as number;
        const by1 = Y1[b] as number;
        const code = intersectSegments(ax0, ay0, ax1, ay1, bx0, by0, bx1, by1);
        if (code === 0) continue;
        // Consecutive edges of a ring meet at their shared vertex: not a crossing.
        const sharesEnd =
          (ax0 === bx0 && ay0 === by0) ||
          (ax0 === bx1 && ay0 === by1) ||
          (ax1 === bx0 && ay1 === by0) ||
          (ax1 === bx1 && ay1 === by1);
        if (intersection.proper || code === COLLINEAR_INTERSECTION || !sharesEnd) {
          if (--budget < 0) return undefined;
        }
        const { x0, y0, x1, y1 } = intersection;
        addSplit(a, x0, y0);
        addSplit(b, x0, y0);
        if (code === COLLINEAR_INTERSECTION) {
          addSplit(a, x1, y1);
          addSplit(b, x1, y1);
        }
      }
    }
    if (splits.size === 0) return current;
    const next = newEdges();
    const freshNext: number[] = [];
    for (let e = 0; e < count; e++) {
      const ex0 = X0[e] as number;
      const ey0 = Y0[e] as number;
      const ex1 = X1[e] as number;
      const ey1 = Y1[e] as number;
      const ring = current.ring[e] as number;
      const list = splits.get(e);
      if (!list) {
        pushEdge(next, ex0, ey0, ex1, ey1, ring);
        freshNext.push(0);
        continue;
      }
      const dx = ex1 - ex0;
      const dy = ey1 - ey0;
      const points: { t: number; x: number; y: number }[] = [];
      for (let k = 0; k < list.length; k += 2) {
        const x = list[k] as number;
        const y = list[k + 1] as number;
        points.push({ t: (x - ex0) * dx + (y - ey0) * dy, x, y });
      }
      points.sort((p, q) => p.t - q.t);
      let px = ex0;
      let py = ey0;
      for (const p of points) {
        if (p.x === px && p.y === py) continue;
        pushEdge(next, px, py, p.x, p.y, ring);
        freshNext.push(1);
        px = p.x;
        py = p.y;
      }
      if (px !== ex1 || py !== ey1) {
        pushEdge(next, px, py, ex1, ey1, ring);
        freshNext.push(1);
      }
    }
    current = next;
    fresh = Uint8Array.from(freshNext);
  }
  return undefined;
}

/**
 * Indices 0…count-1 ordered by key: a counting sort into `count` buckets over the key range, then an
 * insertion sort that finishes within buckets (linear for outlines, whose edges spread evenly); when
 * that runs long, a comparison sort.
 */
function orderByKey(keys: Float64Array, count: number): Int32Array {
  const order = new Int32Array(count);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    const k = keys[i] as number;
    if (k < min) min = k;
    if (k > max) max = k;
  }
  if (!(max > min)) {
    for (let i = 0; i < count; i++) order[i] = i;
    return order;
  }
  const scale = (count - 1) / (max - min);
  const starts = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const b = Math.floor(((keys[i] as number) - min) * scale) + 1;
    starts[b] = (starts[b] as number) + 1;
  }
  for (let b = 1; b <= count; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  for (let i = 0; i < count; i++) {
    const b = Math.floor(((keys[i] as number) - min) * scale);
    order[starts[b] as number] = i;
    starts[b] = (starts[b] as number) + 1;
  }
  let budget = 8 * count;
  for (let i = 1; i < count && budget >= 0; i++) {
    const v = order[i] as number;
    const k = keys[v] as number;
    let j = i - 1;
    while (j >= 0 && (keys[order[j] as number] as number) > k) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = v;
    budget -= i - 1 - j;
  }
  if (budget < 0) {
    const sorted = Array.from(order).sort((a, b) => (keys[a] as number) - (keys[b] as number));
    order.set(sorted);
  }
  return order;
}

/** Whether edges overlap less along y than along x (mean edge extent over total extent), as validity.ts. */
function sweepAlongY(edges: Edges): boolean {
  let spanX = 0;
  let spanY = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let e = 0; e < edges.x0.length; e++) {
    const x0 = edges.x0[e] as number;
    const y0 = edges.y0[e] as number;
    const x1 = edges.x1[e] as number;
    const y1 = edges.y1[e] as number;
    spanX += Math.abs(x1 - x0);
    spanY += Math.abs(y1 - y0);
    minX = Math.min(minX, x0, x1);
    maxX = Math.max(maxX, x0, x1);
    minY = Math.min(minY, y0, y1);
    maxY = Math.max(maxY, y0, y1);
  }
  return spanY * (maxX - minX) < spanX * (maxY - minY);
}

interface Graph {
  x: number[];
  y: number[];
  /** Half-edge h goes from `from[h]` to `from[h ^ 1]`; halves 2i and 2i+1 are twins. */
  from: number[];
  /**
   * Per undirected edge i (half-edges 2i and 2i+1): [ring, count] pairs in
   * winding[windingStart[i] … windingStart[i + 1]), count = input edges of that ring running along
   * half-edge 2i minus those running the other way (only non-zero counts are kept). Flat, not a small
   * array per edge.
   */
  winding: number[];
  windingStart: number[];
  /** Outgoing half-edges of vertex v, sorted counter-clockwise: outList[outStart[v] … outStart[v + 1]). */
  outStart: Int32Array;
  outList: Int32Array;
  /** Position of each half-edge in outList. */
  slot: Int32Array;
  /** Per vertex id below its length: the input coordinate it is (see SeedPoints). */
  source: number[];
}

/** Exact (x, y) → id, by open addressing on the bits of the two doubles. */
class PointIndex {
  readonly x: number[] = [];
  readonly y: number[] = [];
  private table: Int32Array;
  private mask: number;
  private readonly bits = new Float64Array(2);
  private readonly words = new Int32Array(this.bits.buffer);

  constructor(expected: number) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
  }

  private hash(px: number, py: number): number {
    this.bits[0] = px === 0 ? 0 : px; // -0 and 0 are the same point
    this.bits[1] = py === 0 ? 0 : py;
    const w = this.words;
    let h = Math.imul((w[0] as number) ^ Math.imul(w[1] as number, 0x9e3779b1), 0x85ebca6b);
    h ^= Math.imul((w[2] as number) ^ Math.imul(w[3] as number, 0xc2b2ae35), 0x27d4eb2f);
    return (h ^ (h >>> 15)) & this.mask;
  }

  id(px: number, py: number): number {
    if (this.x.length * 2 >= this.table.length) this.grow();
    let slot = this.hash(px, py);
    for (;;) {
      const v = this.table[slot] as number;
      if (v < 0) break;
      if (this.x[v] === px && this.y[v] === py) return v;
      slot = (slot + 1) & this.mask;
    }
    const v = this.x.length;
    this.table[slot] = v;
    this.x.push(px);
    this.y.push(py);
    return v;
  }

  private grow(): void {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    this.mask = this.table.length - 1;
    for (let v = 0; v < this.x.length; v++) {
      let slot = this.hash(this.x[v] as number, this.y[v] as number);
      while ((this.table[slot] as number) >= 0) slot = (slot + 1) & this.mask;
      this.table[slot] = v;
    }
  }
}

/** Input points, entered first so their graph ids say where each output vertex came from. */
interface SeedPoints {
  x: number[];
  y: number[];
  /** Index of the point over all input coordinates as given (ring after ring). */
  source: number[];
}

function buildGraph(edges: Edges, seed: SeedPoints): Graph {
  const edgeCount = edges.x0.length;
  const points = new PointIndex(edgeCount + 1);
  const { x, y } = points;
  const source: number[] = [];
  for (let i = 0; i < seed.x.length; i++) {
    if (points.id(seed.x[i] as number, seed.y[i] as number) === source.length) {
      source.push(seed.source[i] as number);
    }
  }
  // Undirected edge (u < v) → index into the cover lists: per ring a signed count. Almost every edge is
  // covered by one ring: its ring and count are kept apart, other rings go to a list of [ring, count].
  // (u, v) → edge index by open addressing on the two vertex ids (a Map on u * 2^32 + v hashed doubles).
  let tableSize = 16;
  while (tableSize < edgeCount * 2) tableSize *= 2;
  const table = new Int32Array(tableSize).fill(-1);
  const tableMask = tableSize - 1;
  const ends: number[] = [];
  const firstRing: number[] = [];
  const firstCount: number[] = [];
  const moreCover: (number[] | undefined)[] = [];
  for (let e = 0; e < edgeCount; e++) {
    const a = points.id(edges.x0[e] as number, edges.y0[e] as number);
    const b = points.id(edges.x1[e] as number, edges.y1[e] as number);
    const edgeRing = edges.ring[e] as number;
    if (a === b) continue;
    const u = a < b ? a : b;
    const v = a < b ? b : a;
    const sign = a === u ? 1 : -1;
    let at = Math.imul(u ^ Math.imul(v, 0x9e3779b1), 0x85ebca6b);
    at = (at ^ (at >>> 15)) & tableMask;
    let i = -1;
    for (;;) {
      const found = table[at] as number;
      if (found < 0) break;
      if (ends[2 * found] === u && ends[2 * found + 1] === v) {
        i = found;
        break;
      }
      at = (at + 1) & tableMask;
    }
    if (i < 0) {
      table[at] = firstRing.length;
      ends.push(u, v);
      firstRing.push(edgeRing);
      firstCount.push(sign);
      moreCover.push(undefined);
      continue;
    }
    if (firstRing[i] === edgeRing) {
      firstCount[i] = (firstCount[i] as number) + sign;
      continue;
    }
    let list = moreCover[i];
    if (!list) {
      list = [];
      moreCover[i] = list;
    }
    let k = 0;
    while (k < list.length && list[k] !== edgeRing) k += 2;
    if (k < list.length) list[k + 1] = (list[k + 1] as number) + sign;
    else list.push(edgeRing, sign);
  }
  const from: number[] = [];
  const winding: number[] = [];
  const windingStart: number[] = [0];
  for (let i = 0; i < firstRing.length; i++) {
    const count = firstCount[i] as number;
    const more = moreCover[i];
    if (!more) {
      // An edge run as often one way as the other by every ring separates nothing: drop it.
      if (count === 0) continue;
      winding.push(firstRing[i] as number, count);
    } else {
      const before = winding.length;
      if (count !== 0) winding.push(firstRing[i] as number, count);
      for (let k = 0; k < more.length; k += 2) {
        if (more[k + 1] !== 0) winding.push(more[k] as number, more[k + 1] as number);
      }
      if (winding.length === before) continue;
    }
    from.push(ends[2 * i] as number, ends[2 * i + 1] as number);
    windingStart.push(winding.length);
  }
  // Outgoing half-edges per vertex in one array (most vertices have two), sorted by angle.
  const vertexCount = x.length;
  const halfCount = from.length;
  const outStart = new Int32Array(vertexCount + 1);
  for (let h = 0; h < halfCount; h++) {
    const at = (from[h] as number) + 1;
    outStart[at] = (outStart[at] as number) + 1;
  }
  for (let v = 0; v < vertexCount; v++)
    outStart[v + 1] = (outStart[v + 1] as number) + (outStart[v] as number);
  const outList = new Int32Array(halfCount);
  const fill = outStart.slice(0, vertexCount);
  for (let h = 0; h < halfCount; h++) {
    const v = from[h] as number;
    outList[fill[v] as number] = h;
    fill[v] = (fill[v] as number) + 1;
  }
  const angle = (ox: number, oy: number, h1: number, h2: number): number => {
    const t1 = from[h1 ^ 1] as number;
    const t2 = from[h2 ^ 1] as number;
    return compareAngle(ox, oy, x[t1] as number, y[t1] as number, x[t2] as number, y[t2] as number);
  };
  for (let v = 0; v < vertexCount; v++) {
    const lo = outStart[v] as number;
    const hi = outStart[v + 1] as number;
    if (hi - lo < 2) continue;
    const ox = x[v] as number;
    const oy = y[v] as number;
    if (hi - lo === 2) {
      const h1 = outList[lo] as number;
      const h2 = outList[lo + 1] as number;
      if (angle(ox, oy, h1, h2) > 0) {
        outList[lo] = h2;
        outList[lo + 1] = h1;
      }
      continue;
    }
    const sorted = Array.from(outList.subarray(lo, hi)).sort((h1, h2) => angle(ox, oy, h1, h2));
    outList.set(sorted, lo);
  }
  const slot = new Int32Array(halfCount);
  for (let i = 0; i < halfCount; i++) slot[outList[i] as number] = i;
  return { x, y, from, winding, windingStart, outStart, outList, slot, source };
}

/** The half-edge after h around the face on h's left (or, with `allowed`, the next allowed one clockwise). */
function nextHalfEdge(g: Graph, h: number, allowed?: (h: number) => boolean): number {
  const twin = h ^ 1;
  const v = g.from[twin] as number;
  const lo = g.outStart[v] as number;
  const n = (g.outStart[v + 1] as number) - lo;
  const start = (g.slot[twin] as number) - lo;
  for (let k = 1; k <= n; k++) {
    let at = start - k;
    if (at < 0) at += n;
    if (at < 0) at += n;
    const candidate = g.outList[lo + at] as number;
    if (!allowed || allowed(candidate)) return candidate;
  }
  return -1;
}

export function makeValidPolygons(polygons: PolygonRings): PolygonRings | undefined {
  return makeValidPolygonsTraced(polygons)?.polygons;
}

/** Polygons made valid, with the origin of each output vertex. */
export interface TracedPolygons {
  polygons: PolygonRings;
  /**
   * Per output ring, per vertex: the input coordinate it repeats, numbered over all input coordinates as
   * given (polygon after polygon, ring after ring, repeated points counted), or -1 for a computed crossing.
   * A writer can reuse the input's text for the vertices it repeats.
   */
  sources: Int32Array[][];
  /** Whether the result was checked valid here (see `checkResult`). */
  checked: boolean;
}

/**
 * As makeValidPolygons, saying which input coordinate each output vertex repeats. `checkResult: false`
 * leaves the final validity check to a caller that checks the result anyway (the fix review rounds the
 * computed points and checks what it offers): the result is then undefined only for the other reasons.
 */
export function makeValidPolygonsTraced(
  polygons: PolygonRings,
  options: { checkResult?: boolean } = {},
): TracedPolygons | undefined {
  const edges = newEdges();
  const seed: SeedPoints = { x: [], y: [], source: [] };
  let coordinateBase = 0;
  // Per input ring (numbered over all polygons): its polygon, and whether it is a shell.
  const ringPolygon: number[] = [];
  const ringIsShell: boolean[] = [];
  for (let p = 0; p < polygons.length; p++) {
    const rings = polygons[p] as Float64Array[];
    for (let r = 0; r < rings.length; r++) {
      const id = ringPolygon.length;
      ringPolygon.push(p);
      ringIsShell.push(r === 0);
      const ring = rings[r] as Float64Array;
      const base = coordinateBase;
      coordinateBase += ring.length >> 1;
      if (ring.length === 0) continue;
      const cleaned = cleanRing(ring);
      if (!cleaned) return undefined;
      const clean = cleaned.xy;
      if (clean.length < 8) continue;
      for (let k = 0; k < clean.length; k += 2) {
        seed.x.push(clean[k] as number);
        seed.y.push(clean[k + 1] as number);
        seed.source.push(base + (cleaned.raw[k >> 1] as number));
      }
      for (let k = 0; k + 3 < clean.length; k += 2) {
        pushEdge(
          edges,
          clean[k] as number,
          clean[k + 1] as number,
          clean[k + 2] as number,
          clean[k + 3] as number,
          id,
        );
      }
    }
  }
  const noded = node(edges);
  if (!noded) return undefined;
  const g = buildGraph(noded, seed);
  const halfCount = g.from.length;
  if (halfCount === 0) return undefined;

  // Faces: trace every half-edge's left face.
  const face = new Int32Array(halfCount).fill(-1);
  const faceArea: number[] = [];
  const faceEdges: number[][] = [];
  for (let h0 = 0; h0 < halfCount; h0++) {
    if (face[h0] !== -1) continue;
    const id = faceArea.length;
    const list: number[] = [];
    // Shoelace relative to the face's first vertex, as signedArea computes it.
    const first = g.from[h0] as number;
    const x0 = g.x[first] as number;
    const y0 = g.y[first] as number;
    let ax = 0;
    let ay = 0;
    let twiceArea = 0;
    let h = h0;
    for (let guard = 0; guard <= halfCount && face[h] === -1; guard++) {
      face[h] = id;
      list.push(h);
      const v = g.from[h] as number;
      const bx = (g.x[v] as number) - x0;
      const by = (g.y[v] as number) - y0;
      twiceArea += ax * by - bx * ay;
      ax = bx;
      ay = by;
      h = nextHalfEdge(g, h);
    }
    faceArea.push(twiceArea / 2);
    faceEdges.push(list);
  }

  // Connected components of the graph.
  const vertexCount = g.x.length;
  const component = new Int32Array(vertexCount).fill(-1);
  let components = 0;
  for (let v0 = 0; v0 < vertexCount; v0++) {
    if (component[v0] !== -1 || g.outStart[v0] === g.outStart[v0 + 1]) continue;
    const stack = [v0];
    component[v0] = components;
    while (stack.length > 0) {
      const v = stack.pop() as number;
      for (let i = g.outStart[v] as number; i < (g.outStart[v + 1] as number); i++) {
        const w = g.from[(g.outList[i] as number) ^ 1] as number;
        if (component[w] === -1) {
          component[w] = components;
          stack.push(w);
        }
      }
    }
    components++;
  }

  // Winding number of each ring around each face: from each component's outer face (found by ray casting
  // against the other components' edges), across edges, each changing the numbers of the rings that run
  // along it.
  const ringTotal = ringPolygon.length;
  const windings: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(faceArea.length);
  for (let c = 0; c < components; c++) {
    let outer = -1;
    for (let f = 0; f < faceArea.length; f++) {
      const first = (faceEdges[f] as number[])[0] as number;
      if (component[g.from[first] as number] !== c) continue;
      if (outer === -1 || (faceArea[f] as number) < (faceArea[outer] as number)) outer = f;
    }
    if (outer === -1) continue;
    const start = g.from[(faceEdges[outer] as number[])[0] as number] as number;
    const px = g.x[start] as number;
    const py = g.y[start] as number;
    const counts = new Int32Array(ringTotal);
    for (let e = 0; e < halfCount; e += 2) {
      const a = g.from[e] as number;
      if (component[a] === c) continue;
      const b = g.from[e + 1] as number;
      const side = rayCrossing(
        px,
        py,
        g.x[a] as number,
        g.y[a] as number,
        g.x[b] as number,
        g.y[b] as number,
      );
      if (side === 0) continue;
      const list = g.winding;
      const end = g.windingStart[(e >> 1) + 1] as number;
      for (let k = g.windingStart[e >> 1] as number; k < end; k += 2) {
        const r = list[k] as number;
        counts[r] = (counts[r] as number) + side * (list[k + 1] as number);
      }
    }
    windings[outer] = counts;
    const queue = [outer];
    while (queue.length > 0) {
      const f = queue.pop() as number;
      const fw = windings[f] as Int32Array;
      for (const h of faceEdges[f] as number[]) {
        const other = face[h ^ 1] as number;
        if (windings[other]) continue;
        // Crossing half-edge h from its left (face f) to its right: each ring running along h winds once
        // less around the right side.
        const ow = fw.slice();
        const list = g.winding;
        const sign = (h & 1) === 0 ? 1 : -1;
        const end = g.windingStart[(h >> 1) + 1] as number;
        for (let k = g.windingStart[h >> 1] as number; k < end; k += 2) {
          const r = list[k] as number;
          ow[r] = (ow[r] as number) - sign * (list[k + 1] as number);
        }
        windings[other] = ow;
        queue.push(other);
      }
    }
  }
  const inside = windings.map((w) => (w ? isInside(w, ringPolygon, ringIsShell) : false));

  // Boundary half-edges: inside on the left, outside on the right. Trace them into rings.
  const selected = (h: number): boolean =>
    (inside[face[h] as number] ?? false) && !(inside[face[h ^ 1] as number] ?? false);
  const used = new Uint8Array(halfCount);
  const walkAt = new Int32Array(g.x.length).fill(-1);
  const shells: { ring: Float64Array; area: number; sources: Int32Array }[] = [];
  const holes: { ring: Float64Array; sources: Int32Array }[] = [];
  for (let h0 = 0; h0 < halfCount; h0++) {
    if (used[h0] || !selected(h0)) continue;
    const walk: number[] = [];
    let h = h0;
    for (let guard = 0; guard <= halfCount; guard++) {
      used[h] = 1;
      walk.push(g.from[h] as number);
      h = nextHalfEdge(g, h, selected);
      if (h === h0 || h < 0 || used[h]) break;
    }
    if (h !== h0) return undefined;
    // A face boundary may pass a vertex twice (a hole touching its shell): split it into simple rings.
    for (const cycle of simpleCycles(walk, walkAt)) {
      const n = cycle.length;
      const ring = new Float64Array(2 * n + 2);
      const sources = new Int32Array(n + 1);
      for (let k = 0; k < n; k++) {
        const v = cycle[k] as number;
        ring[2 * k] = g.x[v] as number;
        ring[2 * k + 1] = g.y[v] as number;
        sources[k] = v < g.source.length ? (g.source[v] as number) : -1;
      }
      ring[2 * n] = ring[0] as number;
      ring[2 * n + 1] = ring[1] as number;
      sources[n] = sources[0] as number;
      const area = signedArea(ring);
      if (area > 0) shells.push({ ring, area, sources });
      else if (area < 0) holes.push({ ring, sources });
    }
  }
  if (shells.length === 0) return undefined;
  shells.sort((a, b) => a.area - b.area);
  const result: Float64Array[][] = shells.map((s) => [s.ring]);
  const sources: Int32Array[][] = shells.map((s) => [s.sources]);
  for (const hole of holes) {
    const owner = findOwner(hole.ring, shells);
    if (owner < 0) return undefined;
    (result[owner] as Float64Array[]).push(hole.ring);
    (sources[owner] as Int32Array[]).push(hole.sources);
  }
  // Largest part first, as fields are usually listed.
  result.reverse();
  sources.reverse();
  if (options.checkResult === false) return { polygons: result, sources, checked: false };
  const issues = findValidityIssues(result, { warnings: false, maxIssues: 1 });
  if (issues.some((i) => i.severity === 'error')) return undefined;
  return { polygons: result, sources, checked: true };
}

/**
 * Split a closed walk of vertex ids (start not repeated) into simple cycles at repeated vertices. `at` is
 * scratch indexed by vertex id, all -1 on entry and on return.
 */
function simpleCycles(walk: number[], at: Int32Array): number[][] {
  const cycles: number[][] = [];
  const stack: number[] = [];
  for (const v of walk) {
    const i = at[v] as number;
    if (i >= 0) {
      const loop = stack.splice(i);
      for (const u of loop) at[u] = -1;
      if (loop.length >= 3) cycles.push(loop);
    }
    at[v] = stack.length;
    stack.push(v);
  }
  for (const u of stack) at[u] = -1;
  if (stack.length >= 3) cycles.push(stack);
  return cycles;
}

/** Index of the smallest shell that contains the hole (shells sorted by area ascending), or -1. */
function findOwner(hole: Float64Array, shells: { ring: Float64Array; area: number }[]): number {
  const n = hole.length >> 1;
  for (let k = 0; k < n - 1; k++) {
    const x = hole[2 * k] as number;
    const y = hole[2 * k + 1] as number;
    let onBoundary = false;
    for (let s = 0; s < shells.length; s++) {
      const ring = (shells[s] as { ring: Float64Array }).ring;
      const loc = locateInRing(x, y, ring, 0, ring.length >> 1);
      if (loc === INTERIOR) return s;
      if (loc !== 0) onBoundary = true;
    }
    if (!onBoundary) return -1;
  }
  return -1;
}

/** Inside some polygon: its shell winds around the point and none of its holes does. */
function isInside(winding: Int32Array, ringPolygon: number[], ringIsShell: boolean[]): boolean {
  let candidate = -1;
  let inside = false;
  for (let r = 0; r < winding.length; r++) {
    if (ringIsShell[r]) {
      if (inside) return true;
      candidate = ringPolygon[r] as number;
      inside = winding[r] !== 0;
    } else if (ringPolygon[r] === candidate && winding[r] !== 0) inside = false;
  }
  return inside;
}

/**
 * How the edge a–b crosses the ray from p towards +x (half-open rule, exact): 1 upwards with p on its
 * left, -1 downwards with p on its right, 0 not at all.
 */
function rayCrossing(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  if (ay <= py) {
    if (by > py && orientationIndex(ax, ay, bx, by, px, py) > 0) return 1;
  } else if (by <= py && orientationIndex(ax, ay, bx, by, px, py) < 0) return -1;
  return 0;
}
