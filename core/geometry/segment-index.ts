import type { PolygonRings } from './geometry.ts';

/**
 * The segments of a check's rings and the pairs of them that can meet (the noding candidates of GEOS's
 * IsValidOp, mapshaper's segment index): the rings' vertices without consecutive repeats, ring after ring,
 * with per-ring tables; the segments sorted on their minimum along one axis; and the sweep that hands each
 * pair whose boxes overlap to a visitor. One index per validity check owns its buffers (no state shared
 * between checks, so worker threads and nested checks cannot see each other's), and what make-valid
 * reuses of it is handed over explicitly as `SegmentPairs`.
 */

/** Error bound of the floating-point orientation determinant (Shewchuk's ccwerrboundA, with margin). */
const ORIENT_FILTER = 4 * Number.EPSILON;

/** Side of c relative to a→b when the floating-point determinant is certain (1 left, -1 right), else 0. */
function sureSide(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const detLeft = (ax - cx) * (by - cy);
  const detRight = (ay - cy) * (bx - cx);
  const det = detLeft - detRight;
  if (Math.abs(det) <= ORIENT_FILTER * (Math.abs(detLeft) + Math.abs(detRight))) return 0;
  return det > 0 ? 1 : -1;
}

/**
 * The pairs of segments of `polygons` that can meet (boxes overlapping, not surely apart, consecutive
 * segments only when nearly collinear), as edge numbers over all rings (ring after ring, consecutive
 * repeats dropped, as make-valid numbers its edges), two per pair, in the order the sweep found them. Made
 * only when the sweep covered every segment and ran to its end.
 */
export interface SegmentPairs {
  /** The polygons as the caller of the check gave them. */
  readonly polygons: PolygonRings;
  readonly segmentCount: number;
  readonly pairs: Int32Array;
}

/** The pairs when they are of these very polygons with `segmentCount` segments (a cheap sign they did not change). */
export function pairsOf(
  swept: SegmentPairs | undefined,
  polygons: PolygonRings,
  segmentCount: number,
): Int32Array | undefined {
  return swept !== undefined && swept.polygons === polygons && swept.segmentCount === segmentCount
    ? swept.pairs
    : undefined;
}

/** What the sweep hands the pairs to. */
export interface SegmentPairVisitor {
  /** The segments starting at vertices s < t can meet; false stops the sweep. */
  pair(s: number, t: number): boolean;
}

/**
 * The per-point arrays of a validity check: the segment index's vertices, the sweep's keys, their sorted
 * order and the boxes. Whoever runs checks one after another (the boundaries of an upload) owns one and
 * passes it to each (ValidityOptions.buffers), one check at a time; a check given none makes its own. Made
 * anew for each check (a dozen arrays for a 400-point field), the validity checks of the 5,000 fields of
 * `npm run bench -- field-upload` (c) took 172 ms of CPU instead of 118 (best of 7 in one process). Each
 * array only grows; a check reads no more of it than it wrote.
 */
export class SweepBuffers {
  /** Vertex arrays (SegmentIndex): x, y; raw coordinate index; ring id. */
  xy: Float64Array;
  raw: Int32Array;
  ringOf: Int32Array;
  /** Segment arrays (SegmentIndex.sweep): keys and segments as gathered, then sorted (sortOnKey). */
  keys: Float64Array;
  segments: Int32Array;
  readonly sorted: SortBuffers;
  /** Per sorted position: the box's end along the sweep axis and its range on the other axis. */
  his: Float64Array;
  minYs: Float64Array;
  maxYs: Float64Array;
  /** The sweep's batch of pairs (BoxSweep.pairs, kept as it grew). */
  batch: Int32Array = new Int32Array(0);

  /** `room`: vertices (and segments) to make room for at once (a check's own buffers, used once). */
  constructor(room = 0) {
    this.xy = new Float64Array(2 * room);
    this.raw = new Int32Array(room);
    this.ringOf = new Int32Array(room);
    this.keys = new Float64Array(room);
    this.segments = new Int32Array(room);
    this.sorted = {
      keys: new Float64Array(room),
      values: new Int32Array(room),
      buckets: new Int32Array(room + 1),
    };
    this.his = new Float64Array(room);
    this.minYs = new Float64Array(room);
    this.maxYs = new Float64Array(room);
  }

  /** Room for `n` vertices. */
  fitVertices(n: number): void {
    if (this.raw.length >= n) return;
    const size = Math.max(n, 2 * this.raw.length);
    this.xy = new Float64Array(2 * size);
    this.raw = new Int32Array(size);
    this.ringOf = new Int32Array(size);
  }

  /** Room for `n` segments. */
  fitSegments(n: number): void {
    if (this.segments.length >= n) return;
    const size = Math.max(n, 2 * this.segments.length);
    this.keys = new Float64Array(size);
    this.segments = new Int32Array(size);
    this.sorted.keys = new Float64Array(size);
    this.sorted.values = new Int32Array(size);
    this.sorted.buckets = new Int32Array(size + 1);
    this.his = new Float64Array(size);
    this.minYs = new Float64Array(size);
    this.maxYs = new Float64Array(size);
  }
}

export class SegmentIndex {
  /** Vertices without consecutive repeats, ring after ring: x, y. */
  readonly xy: Float64Array;
  /** Raw coordinate index (repeats counted) of each vertex in its ring. */
  readonly raw: Int32Array;
  /** Ring id of each vertex. */
  readonly ringOf: Int32Array;
  vertexCount = 0;
  /** Per ring id: first vertex, vertex count (closing point included), polygon, ring index in it. */
  readonly ringFirst: Int32Array;
  readonly ringCount: Int32Array;
  readonly ringPoly: Int32Array;
  readonly ringIndex: Int32Array;
  /** minX, minY, maxX, maxY per ring id. */
  readonly ringEnv: Float64Array;
  ringTotal = 0;
  /** Summed edge lengths along x and y (the loader adds them up): the sweep runs along the axis where edges overlap least. */
  spanX = 0;
  spanY = 0;
  /** Pairs the sweep handed on, as edge numbers (see SegmentPairs). */
  private pairs = new Int32Array(0);
  private pairCount = 0;

  /**
   * Room for `vertices` vertices (consecutive repeats may be left out of the count) and `rings` rings; the
   * per-point arrays are those of `buffers` (the index is then used up before they are passed on).
   */
  constructor(
    vertices: number,
    rings: number,
    private readonly buffers = new SweepBuffers(vertices),
  ) {
    buffers.fitVertices(vertices);
    this.xy = buffers.xy;
    this.raw = buffers.raw;
    this.ringOf = buffers.ringOf;
    this.ringFirst = new Int32Array(rings);
    this.ringCount = new Int32Array(rings);
    this.ringPoly = new Int32Array(rings);
    this.ringIndex = new Int32Array(rings);
    this.ringEnv = new Float64Array(4 * rings);
  }

  /** Whether the envelope of ring a covers that of ring b. */
  envelopeCovers(a: number, b: number): boolean {
    const env = this.ringEnv;
    return (
      env[4 * a] <= env[4 * b] &&
      env[4 * a + 1] <= env[4 * b + 1] &&
      env[4 * a + 2] >= env[4 * b + 2] &&
      env[4 * a + 3] >= env[4 * b + 3]
    );
  }

  /**
   * Sort the segments of the rings not skipped on their minimum along the axis where they overlap least,
   * and hand every pair whose boxes overlap and that can meet to the visitor. Returns whether the sweep
   * ran to its end (the visitor did not stop it).
   */
  sweep(skipRing: (id: number) => boolean, visitor: SegmentPairVisitor): boolean {
    const xy = this.xy;
    const nr = this.ringTotal;
    let loX = Infinity;
    let hiX = -Infinity;
    let loY = Infinity;
    let hiY = -Infinity;
    let ns = 0;
    for (let id = 0; id < nr; id++) {
      if (skipRing(id)) continue;
      loX = Math.min(loX, this.ringEnv[4 * id]);
      loY = Math.min(loY, this.ringEnv[4 * id + 1]);
      hiX = Math.max(hiX, this.ringEnv[4 * id + 2]);
      hiY = Math.max(hiY, this.ringEnv[4 * id + 3]);
      ns += this.ringCount[id] - 1;
    }
    // Expected overlaps per segment along an axis: mean edge extent over the total extent. A narrow strip
    // running north-south is swept along y.
    const axis = sweepsAlongY(this.spanX, this.spanY, hiX - loX, hiY - loY) ? 1 : 0;
    const other = 1 - axis;
    const buffers = this.buffers;
    buffers.fitSegments(ns);
    const unsortedKeys = buffers.keys;
    const unsorted = buffers.segments;
    ns = 0;
    for (let id = 0; id < nr; id++) {
      if (skipRing(id)) continue;
      const first = this.ringFirst[id];
      const last = first + this.ringCount[id] - 1;
      for (let v = first; v < last; v++) {
        const a0 = xy[2 * v + axis];
        const a1 = xy[2 * v + 2 + axis];
        unsortedKeys[ns] = a0 < a1 ? a0 : a1;
        unsorted[ns++] = v;
      }
    }
    const { keys, values: order } = sortOnKey(unsortedKeys, unsorted, ns, buffers.sorted);
    // Per sorted position: the segment's end along the axis and its range on the other axis, so the sweep
    // rejects most candidates reading contiguous memory only.
    const { his, minYs, maxYs } = buffers;
    for (let i = 0; i < ns; i++) {
      const v = order[i];
      const a0 = xy[2 * v + axis];
      const a1 = xy[2 * v + 2 + axis];
      his[i] = a0 < a1 ? a1 : a0;
      const b0 = xy[2 * v + other];
      const b1 = xy[2 * v + 2 + other];
      minYs[i] = b0 < b1 ? b0 : b1;
      maxYs[i] = b0 < b1 ? b1 : b0;
    }
    this.pairCount = 0;
    const ringOf = this.ringOf;
    const candidates = new BoxSweep(
      { los: keys, his, minYs, maxYs, ids: order, count: ns },
      undefined,
      buffers.batch,
    );
    while (candidates.next()) {
      buffers.batch = candidates.pairs;
      const batch = candidates.pairs;
      const batchEnd = 2 * candidates.count;
      for (let p = 0; p < batchEnd; p += 2) {
        const s = batch[p];
        const t = batch[p + 1];
        if (t === s + 1 || s === t + 1) {
          // Consecutive segments of one ring (the vertex between them is shared): they only meet wrongly
          // when the three points are collinear, which the floating-point filter rules out almost always.
          const a = s < t ? s : t;
          const ax = xy[2 * a];
          const ay = xy[2 * a + 1];
          const bx = xy[2 * a + 2];
          const by = xy[2 * a + 3];
          const cx = xy[2 * a + 4];
          const cy = xy[2 * a + 5];
          const detLeft = (ax - cx) * (by - cy);
          const detRight = (ay - cy) * (bx - cx);
          const det = detLeft - detRight;
          if (Math.abs(det) > ORIENT_FILTER * Math.abs(detLeft + detRight) && det !== 0) continue;
        } else {
          // Most remaining pairs are apart: one segment lies wholly on one side of the other's line.
          const p0x = xy[2 * s];
          const p0y = xy[2 * s + 1];
          const p1x = xy[2 * s + 2];
          const p1y = xy[2 * s + 3];
          const q0x = xy[2 * t];
          const q0y = xy[2 * t + 1];
          const q1x = xy[2 * t + 2];
          const q1y = xy[2 * t + 3];
          const o1 = sureSide(p0x, p0y, p1x, p1y, q0x, q0y);
          if (o1 !== 0 && o1 === sureSide(p0x, p0y, p1x, p1y, q1x, q1y)) continue;
          const o3 = sureSide(q0x, q0y, q1x, q1y, p0x, p0y);
          if (o3 !== 0 && o3 === sureSide(q0x, q0y, q1x, q1y, p1x, p1y)) continue;
        }
        if (2 * this.pairCount + 2 > this.pairs.length) {
          const grown = new Int32Array(Math.max(256, 2 * this.pairs.length));
          grown.set(this.pairs);
          this.pairs = grown;
        }
        // Edge numbers: each ring before the segment's has one more vertex than segments.
        this.pairs[2 * this.pairCount] = s - ringOf[s];
        this.pairs[2 * this.pairCount + 1] = t - ringOf[t];
        this.pairCount++;
        if (!visitor.pair(s < t ? s : t, s < t ? t : s)) return false;
      }
    }
    this.segmentCount = ns;
    return true;
  }

  /** Segments the last sweep sorted. */
  private segmentCount = 0;

  /** The pairs of the last sweep, as those of `polygons` (the sweep must have covered every ring). */
  sweptPairs(polygons: PolygonRings): SegmentPairs {
    return {
      polygons,
      segmentCount: this.segmentCount,
      pairs: this.pairs.subarray(0, 2 * this.pairCount),
    };
  }
}

/**
 * Whether to sweep along y: expected overlaps per segment along an axis are the mean edge extent over the
 * total extent (`spanX`, `spanY`: summed edge lengths along each axis; `width`, `height`: of all the edges).
 */
export function sweepsAlongY(spanX: number, spanY: number, width: number, height: number): boolean {
  return spanY * width < spanX * height;
}

/**
 * Boxes in sweep order: per sorted position, the box's range along the sweep axis (`los` ascending, `his`)
 * and on the other axis (`minYs`, `maxYs`). Positions, not ids, so the sweep reads contiguous memory.
 */
export interface SortedBoxes {
  readonly los: Float64Array;
  readonly his: Float64Array;
  readonly minYs: Float64Array;
  readonly maxYs: Float64Array;
  /** The id of the box at each position (what the sweep hands out). */
  readonly ids: Int32Array;
  readonly count: number;
}

/**
 * The one sweep of geometry (validity's segment pairs, make-valid's noding rounds): the pairs of boxes at
 * positions i < j whose boxes overlap, i ascending, then j ascending, as ids, handed out in batches (`next`) that the caller
 * reads in a loop of its own: a call per pair would cost a tenth of a validity check. With `fresh` (per
 * position, 1 for a fresh box), only pairs with a fresh box come: an old box scans only the fresh ones
 * after it. A caller that stops reading stops the sweep.
 */
export class BoxSweep {
  /** The batch: `count` pairs of ids, of positions i < j (room for a few per box, up to 2,048). */
  pairs: Int32Array;
  count = 0;
  /** The next position whose pairs are not handed out yet. */
  private row = 0;
  private readonly freshPositions: number[] = [];
  private nextFresh = 0;

  /** `batch`: a buffer for the batches, used when long enough (it is BoxSweep's own from then on). */
  constructor(
    private readonly boxes: SortedBoxes,
    private readonly fresh?: Uint8Array,
    batch?: Int32Array,
  ) {
    const size = Math.min(4096, 4 * boxes.count + 8);
    this.pairs = batch !== undefined && batch.length >= size ? batch : new Int32Array(size);
    if (fresh) for (let i = 0; i < boxes.count; i++) if (fresh[i] === 1) this.freshPositions.push(i);
  }

  /** The next batch, whole rows of pairs (at least one row with pairs); false when there are no more. */
  next(): boolean {
    const { los, his, minYs, maxYs, ids, count } = this.boxes;
    const fresh = this.fresh;
    const freshPositions = this.freshPositions;
    let pairs = this.pairs;
    let n = 0;
    let i = this.row;
    // Whole rows until the batch is half full: a row is never split, so the buffer grows for a long one.
    for (; i < count && 4 * n < pairs.length; i++) {
      const end = his[i];
      const minY = minYs[i];
      const maxY = maxYs[i];
      const id = ids[i];
      if (!fresh || fresh[i] === 1) {
        for (let j = i + 1; j < count; j++) {
          if (los[j] > end) break;
          if (maxYs[j] < minY || minYs[j] > maxY) continue;
          if (2 * n + 2 > pairs.length) pairs = this.grown();
          pairs[2 * n] = id;
          pairs[2 * n + 1] = ids[j];
          n++;
        }
        continue;
      }
      while (this.nextFresh < freshPositions.length && freshPositions[this.nextFresh] <= i) this.nextFresh++;
      for (let k = this.nextFresh; k < freshPositions.length; k++) {
        const j = freshPositions[k];
        if (los[j] > end) break;
        if (maxYs[j] < minY || minYs[j] > maxY) continue;
        if (2 * n + 2 > pairs.length) pairs = this.grown();
        pairs[2 * n] = id;
        pairs[2 * n + 1] = ids[j];
        n++;
      }
    }
    this.row = i;
    this.count = n;
    return n > 0;
  }

  /** The batch's buffer, twice as long, its pairs kept. */
  private grown(): Int32Array {
    const grown = new Int32Array(2 * this.pairs.length);
    grown.set(this.pairs);
    this.pairs = grown;
    return grown;
  }
}

/** Values sorted on their keys, with the keys in the same order. */
export interface SortedOnKey {
  keys: Float64Array;
  values: Int32Array;
}

/** Where sortOnKey may sort into: keys and values of room n at least, buckets of room n + 1. */
export interface SortBuffers {
  keys: Float64Array;
  values: Int32Array;
  buckets: Int32Array;
}

/**
 * values[0..n) sorted on keys[0..n), stably (into `into`, or new arrays, or the ones given when already in
 * order): a counting sort into n buckets over the key range, then an insertion sort that finishes within
 * buckets. Field outlines spread their segments evenly, so this is linear; when the insertion sort runs
 * long, a comparison sort takes over. Keys must be numbers (not NaN) when they differ.
 */
export function sortOnKey(
  keys: Float64Array,
  values: Int32Array,
  n: number,
  into?: SortBuffers,
): SortedOnKey {
  if (n < 2) return { keys, values };
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  if (!(hi > lo)) return { keys, values };
  const scale = (n - 1) / (hi - lo);
  const buckets = into ? into.buckets.fill(0, 0, n + 1) : new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const b = Math.floor((keys[i] - lo) * scale);
    buckets[b + 1] = buckets[b + 1] + 1;
  }
  for (let b = 1; b <= n; b++) buckets[b] = buckets[b] + buckets[b - 1];
  const sortedKeys = into ? into.keys : new Float64Array(n);
  const sortedValues = into ? into.values : new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    const b = Math.floor((k - lo) * scale);
    const at = buckets[b];
    buckets[b] = at + 1;
    sortedKeys[at] = k;
    sortedValues[at] = values[i];
  }
  let budget = 8 * n;
  for (let i = 1; i < n; i++) {
    const k = sortedKeys[i];
    // Most keys are in place already (a bucket holds one key or so): nothing to move.
    if (!(sortedKeys[i - 1] > k)) continue;
    const v = sortedValues[i];
    let j = i - 1;
    while (j >= 0 && sortedKeys[j] > k) {
      sortedKeys[j + 1] = sortedKeys[j];
      sortedValues[j + 1] = sortedValues[j];
      j--;
    }
    sortedKeys[j + 1] = k;
    sortedValues[j + 1] = v;
    budget -= i - 1 - j;
    if (budget < 0) break;
  }
  if (budget < 0) {
    // Stable on the bucketed order, which keeps equal keys in their first order.
    const ids = Array.from({ length: n }, (_, i) => i);
    ids.sort((a, b) => sortedKeys[a] - sortedKeys[b]);
    const outKeys = new Float64Array(n);
    const outValues = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const id = ids[i];
      outKeys[i] = sortedKeys[id];
      outValues[i] = sortedValues[id];
    }
    return { keys: outKeys, values: outValues };
  }
  return { keys: sortedKeys, values: sortedValues };
}
