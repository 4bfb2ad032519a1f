import type { PolygonRings } from './geometry.ts';
import { orientationIndex } from '../planar/orientation.ts';
import { INTERIOR, locateInRing } from '../planar/point-in-ring.ts';
import { signedArea } from '../planar/rings.ts';
import { packedMap } from '../values/packed-map.ts';
import {
  compareAngle,
  COLLINEAR_INTERSECTION,
  nodingIntersection,
  SegmentMeeting,
} from './segment-intersection.ts';
import { splitCrossingLoops } from './make-valid-loops.ts';
import { pairsOf, sortOnKey, BoxSweep, sweepsAlongY, type SegmentPairs } from './segment-index.ts';
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
 *
 * The commonest broken outline, one ring whose few crossings each cut off a simple loop, takes a shortcut
 * to the same result without the graph (make-valid-loops.ts).
 */

/**
 * Edges as parallel typed arrays (edge e runs from (x0[e], y0[e]) to (x1[e], y1[e])), not an object per
 * edge. The edges of a ring are consecutive, in ring order, the last one ending where the first starts.
 */
interface Edges {
  count: number;
  x0: Float64Array;
  y0: Float64Array;
  x1: Float64Array;
  y1: Float64Array;
  /** Index of the input ring (over all polygons) the edge comes from, in its direction. */
  ring: Int32Array;
  /** The input coordinate the edge starts at (numbered as `TracedPolygons.sources`), or -1 for a computed point. */
  src: Int32Array;
}

/** Room for `capacity` edges, none yet. */
function newEdges(capacity: number): Edges {
  return {
    count: 0,
    x0: new Float64Array(capacity),
    y0: new Float64Array(capacity),
    x1: new Float64Array(capacity),
    y1: new Float64Array(capacity),
    ring: new Int32Array(capacity),
    src: new Int32Array(capacity),
  };
}

function pushEdge(
  edges: Edges,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  ring: number,
  src: number,
): void {
  const e = edges.count++;
  edges.x0[e] = x0;
  edges.y0[e] = y0;
  edges.x1[e] = x1;
  edges.y1[e] = y1;
  edges.ring[e] = ring;
  edges.src[e] = src;
}

/** Edges from…to-1 of `from` appended to `to`. */
function copyEdges(from: Edges, start: number, end: number, to: Edges): void {
  if (end <= start) return;
  const at = to.count;
  to.x0.set(from.x0.subarray(start, end), at);
  to.y0.set(from.y0.subarray(start, end), at);
  to.x1.set(from.x1.subarray(start, end), at);
  to.y1.set(from.y1.subarray(start, end), at);
  to.ring.set(from.ring.subarray(start, end), at);
  to.src.set(from.src.subarray(start, end), at);
  to.count += end - start;
}

const MAX_NODING_ROUNDS = 6;

/** Edges per block when split edges are tested directly (see `node`). */
const BLOCK = 16;

/**
 * After the first noding round, up to this many split edges are tested against every edge directly;
 * more are swept like the first round (a few crossings per outline split a handful of edges).
 */
const DIRECT_TEST_LIMIT = 64;

/** Crossings allowed in all: a few per edge, as in a badly digitised outline; a star polygon has far more. */
function maxCrossings(edgeCount: number): number {
  return 4 * edgeCount + 1000;
}

/**
 * The ring without repeated consecutive points, closed, written to `xy`; `raw` gets each point's index in
 * the ring as given. Returns the number of points, or -1 for a coordinate that is not finite.
 */
function cleanRing(ring: Float64Array, xy: Float64Array, raw: Int32Array): number {
  let n = 0;
  for (let k = 0; k < ring.length; k += 2) {
    const x = ring[k] as number;
    const y = ring[k + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return -1;
    if (n >= 1 && xy[2 * n - 2] === x && xy[2 * n - 1] === y) continue;
    xy[2 * n] = x;
    xy[2 * n + 1] = y;
    raw[n] = k >> 1;
    n++;
  }
  if (n >= 1 && (xy[0] !== xy[2 * n - 2] || xy[1] !== xy[2 * n - 1])) {
    xy[2 * n] = xy[0] as number;
    xy[2 * n + 1] = xy[1] as number;
    raw[n] = 0;
    n++;
  }
  return n;
}

/**
 * Split edges at every point where they meet another edge; returns undefined when noding does not settle
 * or finds more than `maxCrossings` meeting points. Pairs are found by a sweep: edges sorted on their
 * minimum along the axis where edges overlap least, each tested against the following ones until they
 * start beyond its end. Later rounds test only pairs with an edge split in the round before.
 */
function node(edges: Edges, seed?: Int32Array): Edges | undefined {
  const meeting = new SegmentMeeting();
  let current = edges;
  let budget = maxCrossings(edges.count);
  // Edges made in the last round; two older edges were tested against each other already.
  let fresh = new Int32Array(edges.count).fill(1);
  let freshCount = edges.count;
  for (let round = 0; round < MAX_NODING_ROUNDS; round++) {
    const { x0: X0, y0: Y0, x1: X1, y1: Y1 } = current;
    const count = current.count;
    const splits = new Map<number, number[]>();
    let splitPoints = 0;
    const addSplit = (e: number, x: number, y: number): void => {
      if ((x === X0[e] && y === Y0[e]) || (x === X1[e] && y === Y1[e])) return;
      let list = splits.get(e);
      if (!list) {
        list = [];
        splits.set(e, list);
      }
      list.push(x, y);
      splitPoints++;
    };
    /** Test edges a and b; false when the crossing budget runs out. */
    const meet = (a: number, b: number): boolean => {
      const ax0 = X0[a] as number;
      const ay0 = Y0[a] as number;
      const ax1 = X1[a] as number;
      const ay1 = Y1[a] as number;
      const bx0 = X0[b] as number;
      const by0 = Y0[b] as number;
      const bx1 = X1[b] as number;
      const by1 = Y1[b] as number;
      // Edges sharing an end (a ring's consecutive edges, mostly) meet only there unless they are
      // collinear: nothing to split, no crossing to count.
      const code = nodingIntersection(meeting, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1);
      if (code === 0) return true;
      // Consecutive edges of a ring meet at their shared vertex: not a crossing.
      const sharesEnd =
        (ax0 === bx0 && ay0 === by0) ||
        (ax0 === bx1 && ay0 === by1) ||
        (ax1 === bx0 && ay1 === by0) ||
        (ax1 === bx1 && ay1 === by1);
      if (meeting.proper || code === COLLINEAR_INTERSECTION || !sharesEnd) {
        if (--budget < 0) return false;
      }
      const { x0, y0, x1, y1 } = meeting;
      addSplit(a, x0, y0);
      addSplit(b, x0, y0);
      if (code === COLLINEAR_INTERSECTION) {
        addSplit(a, x1, y1);
        addSplit(b, x1, y1);
      }
      return true;
    };
    if (round === 0 && seed) {
      // The pairs the validity check's sweep found able to meet: every pair this round's sweep would pass to
      // `meet` with an effect. Each in the order that sweep would take it (by minimum along its axis, then
      // edge number), so the same points come out in the same order.
      const alongY = sweepAlongY(current);
      const A = alongY ? Y0 : X0;
      const B = alongY ? Y1 : X1;
      for (let i = 0; i < seed.length; i += 2) {
        const e = seed[i] as number;
        const f = seed[i + 1] as number;
        const le = Math.min(A[e] as number, B[e] as number);
        const lf = Math.min(A[f] as number, B[f] as number);
        const eFirst = le < lf || (le === lf && e < f);
        if (!meet(eFirst ? e : f, eFirst ? f : e)) return undefined;
      }
    } else if (round > 0 && freshCount <= DIRECT_TEST_LIMIT) {
      // A few split edges: each against every edge, by bounding box (each pair once). Edges go in blocks of
      // consecutive ones (neighbours along a ring, so a small box each): a block whose box misses the split
      // edge's is passed over whole, and the others' edges are tested in order as before.
      const blocks = Math.ceil(count / BLOCK);
      const box = new Float64Array(4 * blocks);
      for (let k = 0; k < blocks; k++) {
        let minX = Infinity;
        let maxX = -Infinity;
        let minY = Infinity;
        let maxY = -Infinity;
        const end = Math.min(count, (k + 1) * BLOCK);
        for (let b = k * BLOCK; b < end; b++) {
          const bx0 = X0[b] as number;
          const bx1 = X1[b] as number;
          const by0 = Y0[b] as number;
          const by1 = Y1[b] as number;
          if (bx0 < minX) minX = bx0;
          if (bx1 < minX) minX = bx1;
          if (bx0 > maxX) maxX = bx0;
          if (bx1 > maxX) maxX = bx1;
          if (by0 < minY) minY = by0;
          if (by1 < minY) minY = by1;
          if (by0 > maxY) maxY = by0;
          if (by1 > maxY) maxY = by1;
        }
        box[4 * k] = minX;
        box[4 * k + 1] = maxX;
        box[4 * k + 2] = minY;
        box[4 * k + 3] = maxY;
      }
      for (let a = 0; a < count; a++) {
        if (fresh[a] !== 1) continue;
        const ax0 = X0[a] as number;
        const ay0 = Y0[a] as number;
        const ax1 = X1[a] as number;
        const ay1 = Y1[a] as number;
        const minX = ax0 < ax1 ? ax0 : ax1;
        const maxX = ax0 < ax1 ? ax1 : ax0;
        const minY = ay0 < ay1 ? ay0 : ay1;
        const maxY = ay0 < ay1 ? ay1 : ay0;
        for (let k = 0; k < blocks; k++) {
          if (
            (box[4 * k + 1] as number) < minX ||
            (box[4 * k] as number) > maxX ||
            (box[4 * k + 3] as number) < minY ||
            (box[4 * k + 2] as number) > maxY
          )
            continue;
          const end = Math.min(count, (k + 1) * BLOCK);
          for (let b = k * BLOCK; b < end; b++) {
            if (b === a || (b < a && fresh[b] === 1)) continue;
            const bx0 = X0[b] as number;
            const bx1 = X1[b] as number;
            if ((bx0 < minX && bx1 < minX) || (bx0 > maxX && bx1 > maxX)) continue;
            const by0 = Y0[b] as number;
            const by1 = Y1[b] as number;
            if ((by0 < minY && by1 < minY) || (by0 > maxY && by1 > maxY)) continue;
            if (!meet(a, b)) return undefined;
          }
        }
      }
    } else if (!sweep(current, round === 0 ? undefined : fresh, meet)) return undefined;
    if (splits.size === 0) return current;
    const next = newEdges(count + splitPoints);
    const freshNext = new Int32Array(count + splitPoints);
    freshCount = 0;
    // Edges not split are copied in runs, between the split ones in edge order.
    const splitEdges = Array.from(splits.keys()).sort((a, b) => a - b);
    let copied = 0;
    for (const e of splitEdges) {
      copyEdges(current, copied, e, next);
      copied = e + 1;
      const ex0 = X0[e] as number;
      const ey0 = Y0[e] as number;
      const ex1 = X1[e] as number;
      const ey1 = Y1[e] as number;
      const ring = current.ring[e] as number;
      const list = splits.get(e) as number[];
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
      let src = current.src[e] as number;
      for (const p of points) {
        if (p.x === px && p.y === py) continue;
        freshNext[next.count] = 1;
        freshCount++;
        pushEdge(next, px, py, p.x, p.y, ring, src);
        src = -1;
        px = p.x;
        py = p.y;
      }
      if (px !== ex1 || py !== ey1) {
        freshNext[next.count] = 1;
        freshCount++;
        pushEdge(next, px, py, ex1, ey1, ring, src);
      }
    }
    copyEdges(current, copied, count, next);
    current = next;
    fresh = freshNext;
  }
  return undefined;
}

/**
 * The sweep of `node`: every pair of edges whose boxes overlap goes to `meet` (with `fresh`, only pairs
 * with at least one fresh edge). False when `meet` says stop.
 */
function sweep(
  edges: Edges,
  fresh: Int32Array | undefined,
  meet: (a: number, b: number) => boolean,
): boolean {
  const { x0: X0, y0: Y0, x1: X1, y1: Y1, count } = edges;
  const alongY = sweepAlongY(edges);
  // Per edge its low end on the sweep axis, the sort key; the rest per sorted position, as the sweep reads it.
  const A0 = alongY ? Y0 : X0;
  const A1 = alongY ? Y1 : X1;
  const B0 = alongY ? X0 : Y0;
  const B1 = alongY ? X1 : Y1;
  const lo = new Float64Array(count);
  const ids = new Int32Array(count);
  for (let e = 0; e < count; e++) {
    lo[e] = Math.min(A0[e] as number, A1[e] as number);
    ids[e] = e;
  }
  const { keys: los, values: order } = sortOnKey(lo, ids, count);
  const his = new Float64Array(count);
  const minYs = new Float64Array(count);
  const maxYs = new Float64Array(count);
  const freshAt = fresh ? new Uint8Array(count) : undefined;
  for (let i = 0; i < count; i++) {
    const e = order[i] as number;
    const b0 = B0[e] as number;
    const b1 = B1[e] as number;
    his[i] = Math.max(A0[e] as number, A1[e] as number);
    minYs[i] = b0 < b1 ? b0 : b1;
    maxYs[i] = b0 < b1 ? b1 : b0;
    if (freshAt && fresh) freshAt[i] = fresh[e] as number;
  }
  const candidates = new BoxSweep({ los, his, minYs, maxYs, ids: order, count }, freshAt);
  while (candidates.next()) {
    const batch = candidates.pairs;
    const batchEnd = 2 * candidates.count;
    for (let p = 0; p < batchEnd; p += 2) if (!meet(batch[p] as number, batch[p + 1] as number)) return false;
  }
  return true;
}

/** Whether edges overlap less along y than along x (mean edge extent over total extent), as validity.ts. */
function sweepAlongY(edges: Edges): boolean {
  let spanX = 0;
  let spanY = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let e = 0; e < edges.count; e++) {
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
  return sweepsAlongY(spanX, spanY, maxX - minX, maxY - minY);
}

/**
 * The planar graph of the noded edges, over chains: a node is a vertex where the outline is not simply
 * passing through (met more than once, a crossing, a spike tip; at least two per ring), and each graph
 * edge is the chain of noded edges between two nodes. An outline of thousands of vertices with a few
 * crossings is a graph of a few edges, so faces, windings and tracing cost little; only the chains' own
 * vertices are walked (for areas, rays and output).
 */
interface Graph {
  /** Every distinct point of the noded edges, and the input coordinate it repeats (-1: computed). */
  x: Float64Array;
  y: Float64Array;
  source: Int32Array;
  vertexCount: number;
  /** Vertices of chain i (graph edge i), node to node: chainVertex[chainStart[i] … chainStart[i + 1]). */
  chainVertex: Int32Array;
  chainStart: Int32Array;
  /**
   * Per chain: its first noded edge in edge order (where the edge-by-edge graph would have put it), as
   * the position in the chain of that edge, and the edge index.
   */
  keyPosition: Int32Array;
  key: Int32Array;
  /** Half-edge h leaves node fromNode[h]; halves 2i (along chain i) and 2i+1 (back) are twins. */
  fromNode: Int32Array;
  /** The vertex of each node. */
  nodeVertex: Int32Array;
  /**
   * Per chain i: [ring, count] pairs in winding[windingStart[i] … windingStart[i + 1]), count = input
   * edges of that ring running along half-edge 2i minus those running the other way (non-zero only).
   */
  winding: number[];
  windingStart: number[];
  /** Outgoing half-edges of node n, sorted counter-clockwise: outList[outStart[n] … outStart[n + 1]). */
  outStart: Int32Array;
  outList: Int32Array;
  /** Position of each half-edge in outList. */
  slot: Int32Array;
}

/** Exact (x, y) → id, by open addressing on the bits of the two doubles. */
class PointIndex {
  x: Float64Array;
  y: Float64Array;
  size = 0;
  private table: Int32Array;
  private mask: number;
  private readonly bits = new Float64Array(2);
  private readonly words = new Int32Array(this.bits.buffer);

  constructor(expected: number) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.x = new Float64Array(Math.max(expected, 16));
    this.y = new Float64Array(Math.max(expected, 16));
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
    if (this.size * 2 > this.mask) this.grow();
    let slot = this.hash(px, py);
    for (;;) {
      const v = this.table[slot] as number;
      if (v < 0) break;
      if (this.x[v] === px && this.y[v] === py) return v;
      slot = (slot + 1) & this.mask;
    }
    const v = this.size++;
    this.table[slot] = v;
    if (v >= this.x.length) {
      this.x = grownCopy(this.x);
      this.y = grownCopy(this.y);
    }
    this.x[v] = px;
    this.y[v] = py;
    return v;
  }

  private grow(): void {
    this.mask = 2 * this.mask + 1;
    this.table = new Int32Array(this.mask + 1).fill(-1);
    for (let v = 0; v < this.size; v++) {
      let slot = this.hash(this.x[v] as number, this.y[v] as number);
      while ((this.table[slot] as number) >= 0) slot = (slot + 1) & this.mask;
      this.table[slot] = v;
    }
  }
}

/** A copy twice as long (points met beyond the expected count). */
function grownCopy(a: Float64Array): Float64Array {
  const out = new Float64Array(2 * a.length);
  out.set(a);
  return out;
}

function buildGraph(edges: Edges): Graph | undefined {
  const edgeCount = edges.count;
  const points = new PointIndex(edgeCount + 1);
  // Vertex of each edge's start; its end is the start of the ring's next edge.
  const start = new Int32Array(edgeCount);
  const source = new Int32Array(edgeCount).fill(-1);
  for (let e = 0; e < edgeCount; e++) {
    const v = points.id(edges.x0[e] as number, edges.y0[e] as number);
    start[e] = v;
    // An input coordinate first met as a computed point (a touch) still repeats that coordinate.
    if ((source[v] as number) < 0) source[v] = edges.src[e] as number;
  }
  const vertexCount = points.size;
  const { x, y } = points;
  const next = new Int32Array(edgeCount);
  const prev = new Int32Array(edgeCount);
  for (let first = 0; first < edgeCount;) {
    let end = first + 1;
    while (end < edgeCount && edges.ring[end] === edges.ring[first]) end++;
    for (let e = first; e < end; e++) {
      next[e] = e + 1 < end ? e + 1 : first;
      prev[e] = e > first ? e - 1 : end - 1;
    }
    first = end;
  }
  // Nodes: vertices passed more than once (touches, crossings, shared points) and spike tips.
  const passes = new Int32Array(vertexCount);
  for (let e = 0; e < edgeCount; e++) {
    const v = start[e] as number;
    passes[v] = (passes[v] as number) + 1;
    if (start[next[e] as number] === v) return undefined; // no zero-length edge after cleaning and noding
  }
  const isNode = new Int32Array(vertexCount);
  for (let e = 0; e < edgeCount; e++) {
    const v = start[e] as number;
    if (passes[v] !== 1 || start[prev[e] as number] === start[next[e] as number]) isNode[v] = 1;
  }

  // Chains, ring by ring from a node; each chain's vertices go to one flat array.
  const chainVertex = new Int32Array(2 * edgeCount + 2);
  let vertexFill = 0;
  const chainStarts: number[] = [];
  const chainRing: number[] = [];
  const chainKey: number[] = [];
  const chainKeyPosition: number[] = [];
  const addChain = (ringFirst: number, ringEnd: number, from: number, length: number): void => {
    chainStarts.push(vertexFill);
    let e = from;
    let key = from;
    let keyPosition = 0;
    for (let k = 0; k < length; k++) {
      chainVertex[vertexFill++] = start[e] as number;
      if (e < key) {
        key = e;
        keyPosition = k;
      }
      e = e + 1 < ringEnd ? e + 1 : ringFirst;
    }
    chainVertex[vertexFill++] = start[e] as number;
    chainRing.push(edges.ring[from] as number);
    chainKey.push(key);
    chainKeyPosition.push(keyPosition);
  };
  for (let ringFirst = 0; ringFirst < edgeCount;) {
    let ringEnd = ringFirst + 1;
    while (ringEnd < edgeCount && edges.ring[ringEnd] === edges.ring[ringFirst]) ringEnd++;
    const length = ringEnd - ringFirst;
    let first = ringFirst;
    while (first < ringEnd && isNode[start[first] as number] !== 1) first++;
    if (first === ringEnd) {
      // A ring meeting nothing: two nodes on it, so no chain closes on itself.
      first = ringFirst;
      isNode[start[ringFirst] as number] = 1;
      isNode[start[ringFirst + (length >> 1)] as number] = 1;
    }
    let e = first;
    let done = 0;
    while (done < length) {
      let chainLength = 1;
      let after = next[e] as number;
      while (chainLength < length - done && isNode[start[after] as number] !== 1) {
        chainLength++;
        after = next[after] as number;
      }
      if (start[e] === start[after]) {
        // A chain from a node back to itself (a loop touching the rest at one point): split it in two.
        const half = chainLength >> 1;
        let middle = e;
        for (let k = 0; k < half; k++) middle = next[middle] as number;
        isNode[start[middle] as number] = 1;
        addChain(ringFirst, ringEnd, e, half);
        addChain(ringFirst, ringEnd, middle, chainLength - half);
      } else addChain(ringFirst, ringEnd, e, chainLength);
      done += chainLength;
      e = after;
    }
    ringFirst = ringEnd;
  }
  chainStarts.push(vertexFill);
  const chainCount = chainRing.length;

  // Graph edges: one per chain, but chains of one edge between the same two nodes are the same edge (a
  // spike, a shared side of two rings): their counts add up. Found by open addressing on the node pair.
  let tableSize = 16;
  while (tableSize < chainCount * 2) tableSize *= 2;
  const table = new Int32Array(tableSize).fill(-1);
  const tableMask = tableSize - 1;
  const edgeChain: number[] = [];
  const edgeKey: number[] = [];
  const firstRing: number[] = [];
  const firstCount: number[] = [];
  const moreCover: (number[] | undefined)[] = [];
  for (let c = 0; c < chainCount; c++) {
    const s = chainStarts[c] as number;
    const a = chainVertex[s] as number;
    const b = chainVertex[(chainStarts[c + 1] as number) - 1] as number;
    const edgeRing = chainRing[c] as number;
    if ((chainStarts[c + 1] as number) - s > 2) {
      edgeChain.push(c);
      edgeKey.push(chainKey[c] as number);
      firstRing.push(edgeRing);
      firstCount.push(1);
      moreCover.push(undefined);
      continue;
    }
    const u = a < b ? a : b;
    const v = a < b ? b : a;
    let at = Math.imul(u ^ Math.imul(v, 0x9e3779b1), 0x85ebca6b);
    at = (at ^ (at >>> 15)) & tableMask;
    let i = -1;
    for (;;) {
      const found = table[at] as number;
      if (found < 0) break;
      const fs = chainStarts[edgeChain[found] as number] as number;
      const fa = chainVertex[fs] as number;
      const fb = chainVertex[fs + 1] as number;
      if ((fa === u && fb === v) || (fa === v && fb === u)) {
        i = found;
        break;
      }
      at = (at + 1) & tableMask;
    }
    if (i < 0) {
      table[at] = edgeChain.length;
      edgeChain.push(c);
      edgeKey.push(chainKey[c] as number);
      firstRing.push(edgeRing);
      firstCount.push(1);
      moreCover.push(undefined);
      continue;
    }
    const sign = chainVertex[chainStarts[edgeChain[i] as number] as number] === a ? 1 : -1;
    if ((chainKey[c] as number) < (edgeKey[i] as number)) edgeKey[i] = chainKey[c] as number;
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
  // Kept edges (some ring runs along them more often one way than the other), their chains and halves.
  const keptChains: number[] = [];
  const winding: number[] = [];
  const windingStart: number[] = [0];
  const keys: number[] = [];
  const keyPositions: number[] = [];
  for (let i = 0; i < edgeChain.length; i++) {
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
    const c = edgeChain[i] as number;
    keptChains.push(c);
    keys.push(edgeKey[i] as number);
    // A merged one-edge chain starts where the selected direction starts, whichever edge came first.
    keyPositions.push(edgeKey[i] === chainKey[c] ? (chainKeyPosition[c] as number) : 0);
    windingStart.push(winding.length);
  }
  const keptCount = keptChains.length;
  if (keptCount === 0) return undefined;
  // The kept chains' vertices, renumbered 0…keptCount-1.
  let keptVertices = 0;
  for (const c of keptChains) keptVertices += (chainStarts[c + 1] as number) - (chainStarts[c] as number);
  const vertexList = new Int32Array(keptVertices);
  const listStart = new Int32Array(keptCount + 1);
  keptVertices = 0;
  keptChains.forEach((c, i) => {
    listStart[i] = keptVertices;
    vertexList.set(
      chainVertex.subarray(chainStarts[c] as number, chainStarts[c + 1] as number),
      keptVertices,
    );
    keptVertices += (chainStarts[c + 1] as number) - (chainStarts[c] as number);
  });
  listStart[keptCount] = keptVertices;

  // Nodes of the kept chains, numbered as met.
  const nodeOf = new Int32Array(vertexCount).fill(-1);
  const nodeVertex: number[] = [];
  const halfCount = 2 * keptCount;
  const fromNode = new Int32Array(halfCount);
  for (let i = 0; i < keptCount; i++) {
    for (const [h, v] of [
      [2 * i, vertexList[listStart[i] as number] as number],
      [2 * i + 1, vertexList[(listStart[i + 1] as number) - 1] as number],
    ] as const) {
      let n = nodeOf[v] as number;
      if (n < 0) {
        n = nodeVertex.length;
        nodeOf[v] = n;
        nodeVertex.push(v);
      }
      fromNode[h] = n;
    }
  }
  // Outgoing half-edges per node in one array, sorted by the angle of their first segment.
  const nodeCount = nodeVertex.length;
  const outStart = new Int32Array(nodeCount + 1);
  for (let h = 0; h < halfCount; h++) {
    const at = (fromNode[h] as number) + 1;
    outStart[at] = (outStart[at] as number) + 1;
  }
  for (let n = 0; n < nodeCount; n++) outStart[n + 1] = (outStart[n + 1] as number) + (outStart[n] as number);
  const outList = new Int32Array(halfCount);
  const fill = outStart.slice(0, nodeCount);
  for (let h = 0; h < halfCount; h++) {
    const n = fromNode[h] as number;
    outList[fill[n] as number] = h;
    fill[n] = (fill[n] as number) + 1;
  }
  // The vertex after the node along half-edge h.
  const second = (h: number): number =>
    vertexList[
      (h & 1) === 0 ? (listStart[h >> 1] as number) + 1 : (listStart[(h >> 1) + 1] as number) - 2
    ] as number;
  const angle = (ox: number, oy: number, h1: number, h2: number): number => {
    const t1 = second(h1);
    const t2 = second(h2);
    return compareAngle(ox, oy, x[t1] as number, y[t1] as number, x[t2] as number, y[t2] as number);
  };
  for (let n = 0; n < nodeCount; n++) {
    const lo = outStart[n] as number;
    const hi = outStart[n + 1] as number;
    if (hi - lo < 2) continue;
    const v = nodeVertex[n] as number;
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
  return {
    x: points.x,
    y: points.y,
    source,
    vertexCount,
    chainVertex: vertexList,
    chainStart: listStart,
    keyPosition: Int32Array.from(keyPositions),
    key: Int32Array.from(keys),
    fromNode,
    nodeVertex: Int32Array.from(nodeVertex),
    winding,
    windingStart,
    outStart,
    outList,
    slot,
  };
}

/** The half-edge after h around the face on h's left (or, with `allowed`, the next allowed one clockwise). */
function nextHalfEdge(g: Graph, h: number, allowed?: (h: number) => boolean): number {
  const twin = h ^ 1;
  const n = g.fromNode[twin] as number;
  const lo = g.outStart[n] as number;
  const degree = (g.outStart[n + 1] as number) - lo;
  const start = (g.slot[twin] as number) - lo;
  for (let k = 1; k <= degree; k++) {
    let at = start - k;
    if (at < 0) at += degree;
    if (at < 0) at += degree;
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
  /**
   * With the computed points moved in place (rounded): true when the polygons surely still are valid,
   * false when that needs a check. Only where it is cheap to tell (make-valid-loops.ts).
   */
  stillValid?: () => boolean;
}

export interface MakeValidOptions {
  /** Check the result valid (default true); see makeValidPolygonsTraced. */
  checkResult?: boolean;
  /**
   * The segment pairs a validity check of these very polygons swept (`checkValidity(…).swept`): noding
   * starts from them instead of sweeping again, and one ring cut into loops takes the shortcut. Ignored
   * when they are of other polygons.
   */
  swept?: SegmentPairs;
}

/**
 * As makeValidPolygons, saying which input coordinate each output vertex repeats. `checkResult: false`
 * leaves the final validity check to a caller that checks the result anyway (the fix review rounds the
 * computed points and checks what it offers): the result is then undefined only for the other reasons.
 */
export function makeValidPolygonsTraced(
  polygons: PolygonRings,
  options: MakeValidOptions = {},
): TracedPolygons | undefined {
  let capacity = 0;
  let longest = 0;
  for (const rings of polygons) {
    for (const ring of rings) {
      capacity += (ring.length >> 1) + 1;
      longest = Math.max(longest, (ring.length >> 1) + 1);
    }
  }
  const edges = newEdges(capacity);
  const cleanXy = new Float64Array(2 * longest);
  const cleanRaw = new Int32Array(longest);
  const only = polygons.length === 1 && polygons[0]?.length === 1 ? polygons[0][0] : undefined;
  if (only) {
    // One ring cut into simple loops by a few crossings: its loops without a planar graph.
    const n = cleanRing(only, cleanXy, cleanRaw);
    const pairs = n >= 4 ? pairsOf(options.swept, polygons, n - 1) : undefined;
    const loops = pairs && splitCrossingLoops(cleanXy, cleanRaw, n, pairs, options.checkResult !== false);
    if (loops !== undefined) return loops ?? undefined;
  }
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
      const n = cleanRing(ring, cleanXy, cleanRaw);
      if (n < 0) return undefined;
      if (n < 4) continue;
      for (let k = 0; k + 1 < n; k++) {
        pushEdge(
          edges,
          cleanXy[2 * k] as number,
          cleanXy[2 * k + 1] as number,
          cleanXy[2 * k + 2] as number,
          cleanXy[2 * k + 3] as number,
          id,
          base + (cleanRaw[k] as number),
        );
      }
    }
  }
  const noded = node(edges, pairsOf(options.swept, polygons, edges.count));
  if (!noded) return undefined;
  const g = buildGraph(noded);
  if (!g) return undefined;
  const halfCount = g.fromNode.length;
  const chainCount = halfCount >> 1;
  const { x: X, y: Y, chainVertex, chainStart } = g;

  // Twice the area left of each chain, relative to one origin (the shoelace of a face sums its chains').
  const ox = X[0] as number;
  const oy = Y[0] as number;
  const chainArea = new Float64Array(chainCount);
  for (let i = 0; i < chainCount; i++) {
    let sum = 0;
    const end = chainStart[i + 1] as number;
    let v = chainVertex[chainStart[i] as number] as number;
    let ax = (X[v] as number) - ox;
    let ay = (Y[v] as number) - oy;
    for (let k = (chainStart[i] as number) + 1; k < end; k++) {
      v = chainVertex[k] as number;
      const bx = (X[v] as number) - ox;
      const by = (Y[v] as number) - oy;
      sum += ax * by - bx * ay;
      ax = bx;
      ay = by;
    }
    chainArea[i] = sum;
  }

  // Faces: trace every half-edge's left face.
  const face = new Int32Array(halfCount).fill(-1);
  const faceArea: number[] = [];
  const faceEdges: number[][] = [];
  for (let h0 = 0; h0 < halfCount; h0++) {
    if (face[h0] !== -1) continue;
    const id = faceArea.length;
    const list: number[] = [];
    let twiceArea = 0;
    let h = h0;
    for (let guard = 0; guard <= halfCount && face[h] === -1; guard++) {
      face[h] = id;
      list.push(h);
      twiceArea += (h & 1) === 0 ? (chainArea[h >> 1] as number) : -(chainArea[h >> 1] as number);
      h = nextHalfEdge(g, h);
    }
    faceArea.push(twiceArea / 2);
    faceEdges.push(list);
  }

  // Connected components of the graph (over nodes).
  const nodeCount = g.nodeVertex.length;
  const component = new Int32Array(nodeCount).fill(-1);
  let components = 0;
  for (let n0 = 0; n0 < nodeCount; n0++) {
    if (component[n0] !== -1) continue;
    const stack = [n0];
    component[n0] = components;
    while (stack.length > 0) {
      const n = stack.pop() as number;
      for (let i = g.outStart[n] as number; i < (g.outStart[n + 1] as number); i++) {
        const w = g.fromNode[(g.outList[i] as number) ^ 1] as number;
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
      if (component[g.fromNode[first] as number] !== c) continue;
      if (outer === -1 || (faceArea[f] as number) < (faceArea[outer] as number)) outer = f;
    }
    if (outer === -1) continue;
    const start = g.nodeVertex[g.fromNode[(faceEdges[outer] as number[])[0] as number] as number] as number;
    const px = X[start] as number;
    const py = Y[start] as number;
    const counts = new Int32Array(ringTotal);
    for (let i = 0; i < chainCount; i++) {
      if (component[g.fromNode[2 * i] as number] === c) continue;
      let side = 0;
      const end = chainStart[i + 1] as number;
      let a = chainVertex[chainStart[i] as number] as number;
      for (let k = (chainStart[i] as number) + 1; k < end; k++) {
        const b = chainVertex[k] as number;
        side += rayCrossing(px, py, X[a] as number, Y[a] as number, X[b] as number, Y[b] as number);
        a = b;
      }
      if (side === 0) continue;
      const list = g.winding;
      const stop = g.windingStart[i + 1] as number;
      for (let k = g.windingStart[i] as number; k < stop; k += 2) {
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
        const stop = g.windingStart[(h >> 1) + 1] as number;
        for (let k = g.windingStart[h >> 1] as number; k < stop; k += 2) {
          const r = list[k] as number;
          ow[r] = (ow[r] as number) - sign * (list[k + 1] as number);
        }
        windings[other] = ow;
        queue.push(other);
      }
    }
  }
  const inside = windings.map((w) => (w ? isInside(w, ringPolygon, ringIsShell) : false));

  // Boundary half-edges: inside on the left, outside on the right. Trace them into rings, starting each
  // at the first boundary edge in edge order (so rings start where the edge-by-edge graph starts them).
  const selected = (h: number): boolean =>
    (inside[face[h] as number] ?? false) && !(inside[face[h ^ 1] as number] ?? false);
  const used = new Uint8Array(halfCount);
  const byKey = Array.from({ length: chainCount }, (_, i) => i).sort(
    (a, b) => (g.key[a] as number) - (g.key[b] as number),
  );
  const nodeSeen = new Int32Array(nodeCount).fill(-1);
  const walkAt = new Int32Array(g.vertexCount).fill(-1);
  const shells: { ring: Float64Array; area: number; sources: Int32Array }[] = [];
  const holes: { ring: Float64Array; sources: Int32Array }[] = [];
  const addRing = (ring: Float64Array, sources: Int32Array): void => {
    const area = signedArea(ring);
    if (area > 0) shells.push({ ring, area, sources });
    else if (area < 0) holes.push({ ring, sources });
  };
  for (const chain of byKey) {
    for (const h0 of [2 * chain, 2 * chain + 1]) {
      if (used[h0] || !selected(h0)) continue;
      const walk: number[] = [];
      let h = h0;
      let repeated = false;
      let length = 0;
      for (let guard = 0; guard <= halfCount; guard++) {
        used[h] = 1;
        walk.push(h);
        const n = g.fromNode[h] as number;
        if (nodeSeen[n] === h0) repeated = true;
        nodeSeen[n] = h0;
        length += (chainStart[(h >> 1) + 1] as number) - (chainStart[h >> 1] as number) - 1;
        h = nextHalfEdge(g, h, selected);
        if (h === h0 || h < 0 || used[h]) break;
      }
      if (h !== h0) return undefined;
      // The walk's vertices (each chain without its last vertex), from the start of the first edge.
      const key = g.keyPosition[chain] as number;
      const firstLength = (chainStart[chain + 1] as number) - (chainStart[chain] as number) - 1;
      const offset = (h0 & 1) === 0 ? key : firstLength - 1 - key;
      const vertices = new Int32Array(length);
      let fill = 0;
      const put = (half: number, from: number, to: number): void => {
        const s = chainStart[half >> 1] as number;
        const last = (chainStart[(half >> 1) + 1] as number) - 1;
        for (let k = from; k < to; k++)
          vertices[fill++] = chainVertex[(half & 1) === 0 ? s + k : last - k] as number;
      };
      put(h0, offset, firstLength);
      for (let i = 1; i < walk.length; i++) {
        const half = walk[i] as number;
        put(half, 0, (chainStart[(half >> 1) + 1] as number) - (chainStart[half >> 1] as number) - 1);
      }
      put(h0, 0, offset);
      // Only nodes can repeat; a face boundary passing one twice (a hole touching its shell) is split into
      // simple rings.
      const cycles = repeated ? simpleCycles(vertices, walkAt) : length >= 3 ? [vertices] : [];
      for (const cycle of cycles) {
        const n = cycle.length;
        const ring = new Float64Array(2 * n + 2);
        const sources = new Int32Array(n + 1);
        for (let k = 0; k < n; k++) {
          const v = cycle[k] as number;
          ring[2 * k] = X[v] as number;
          ring[2 * k + 1] = Y[v] as number;
          sources[k] = g.source[v] as number;
        }
        ring[2 * n] = ring[0] as number;
        ring[2 * n + 1] = ring[1] as number;
        sources[n] = sources[0] as number;
        addRing(ring, sources);
      }
    }
  }
  if (shells.length === 0) return undefined;
  shells.sort((a, b) => a.area - b.area);
  const result: Float64Array[][] = packedMap(shells, (s) => [s.ring]);
  const sources: Int32Array[][] = packedMap(shells, (s) => [s.sources]);
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
function simpleCycles(walk: ArrayLike<number>, at: Int32Array): number[][] {
  const cycles: number[][] = [];
  const stack: number[] = [];
  for (let k = 0; k < walk.length; k++) {
    const v = walk[k] as number;
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
