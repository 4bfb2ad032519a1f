import { orientationIndex } from '../planar/orientation.ts';
import { signedArea } from '../planar/rings.ts';
import type { TracedPolygons } from './make-valid.ts';
import {
  COLLINEAR_INTERSECTION,
  compareAngle,
  compareBetween,
  nodingIntersection,
  SegmentMeeting,
} from './segment-intersection.ts';
import { findValidityIssues } from './validity.ts';

/**
 * make-valid's shortcut for the common broken outline: one ring whose only problems are a few proper
 * crossings, each cutting off a simple loop (two neighbouring vertices swapped, a figure-eight). Such a
 * ring splits at its crossing points into simple loops that touch only there, without crossing. A loop
 * outside every other is a polygon of make-valid's result; a loop inside another, turning so that the
 * winding number there is not 0, vanishes (its crossing point stays a vertex of the loop around it).
 * This builds exactly make-valid's result (the same rings, starts, directions, order and sources; tests
 * compare the two on thousands of rings) without noding a graph: the validity check's segment pairs give
 * the crossings, the directions at each crossing point say which loop lies inside which, and only the
 * split edges are looked at again. The result also answers `stillValid`, which spares the fix review's
 * validity check of its rounded crossing points.
 *
 * Anything else (a touch, an overlap, a crossing point rounded onto a vertex, an edge crossed twice,
 * interleaved loops, a loop holding the one it was cut from, a hole touching its shell, more than
 * MAX_LOOP_CROSSINGS crossings) answers undefined: make-valid then runs its general path.
 */

/** Crossings this shortcut takes on; more go to the general path (whose cost does not grow with them). */
const MAX_LOOP_CROSSINGS = 16;

interface Crossing {
  /** The crossed edges, first < second (edge e runs from point e to e + 1 of the cleaned ring). */
  first: number;
  second: number;
  x: number;
  y: number;
}

/** Whether edge e is one of the crossed edges. */
function crossesEdge(crossings: readonly Crossing[], e: number): boolean {
  for (const c of crossings) if (c.first === e || c.second === e) return true;
  return false;
}

/** Whether the meeting `nodingIntersection` found splits edge a–b (a point on it other than its ends). */
function splitsEdge(
  meeting: SegmentMeeting,
  code: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  const { x0, y0, x1, y1 } = meeting;
  const inside = (x: number, y: number): boolean => !((x === ax && y === ay) || (x === bx && y === by));
  return inside(x0, y0) || (code === COLLINEAR_INTERSECTION && inside(x1, y1));
}

/**
 * The loops of a cleaned ring (`n` points in `xy`, closed, no consecutive repeats; `raw` maps each point to
 * the coordinate as given) from the validity check's segment `pairs`, as make-valid would trace them; or
 * null when that result is not valid (`checkResult`), as make-valid answers; or undefined when the ring is
 * not of this shape.
 */
export function splitCrossingLoops(
  xy: Float64Array,
  raw: Int32Array,
  n: number,
  pairs: Int32Array,
  checkResult: boolean,
): TracedPolygons | null | undefined {
  const edgeCount = n - 1;
  if (edgeCount < 3) return undefined;
  const meeting = new SegmentMeeting();
  const crossings: Crossing[] = [];
  for (let p = 0; p < pairs.length; p += 2) {
    const e = pairs[p] as number;
    const f = pairs[p + 1] as number;
    const ax0 = xy[2 * e] as number;
    const ay0 = xy[2 * e + 1] as number;
    const ax1 = xy[2 * e + 2] as number;
    const ay1 = xy[2 * e + 3] as number;
    const bx0 = xy[2 * f] as number;
    const by0 = xy[2 * f + 1] as number;
    const bx1 = xy[2 * f + 2] as number;
    const by1 = xy[2 * f + 3] as number;
    const code = nodingIntersection(meeting, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1);
    if (code === 0) {
      // Edges that are not neighbours sharing a point: the ring touches itself there.
      const neighbours = Math.abs(e - f) === 1 || Math.abs(e - f) === edgeCount - 1;
      if (
        !neighbours &&
        ((ax0 === bx0 && ay0 === by0) ||
          (ax0 === bx1 && ay0 === by1) ||
          (ax1 === bx0 && ay1 === by0) ||
          (ax1 === bx1 && ay1 === by1))
      )
        return undefined;
      continue;
    }
    if (!splitsEdge(meeting, code, ax0, ay0, ax1, ay1) && !splitsEdge(meeting, code, bx0, by0, bx1, by1))
      continue;
    // A split that is not a crossing in both edges' interiors (a touch, an overlap, a point rounded onto
    // an end), an edge crossed twice, or too many crossings: the general path.
    if (
      !meeting.proper ||
      crossings.length === MAX_LOOP_CROSSINGS ||
      crossesEdge(crossings, e) ||
      crossesEdge(crossings, f)
    )
      return undefined;
    const { x0: x, y0: y } = meeting;
    if (
      (x === ax0 && y === ay0) ||
      (x === ax1 && y === ay1) ||
      (x === bx0 && y === by0) ||
      (x === bx1 && y === by1)
    )
      return undefined;
    crossings.push({ first: Math.min(e, f), second: Math.max(e, f), x, y });
  }
  if (crossings.length === 0) return undefined;
  for (let a = 0; a < crossings.length; a++) {
    const ca = crossings[a] as Crossing;
    for (let b = a + 1; b < crossings.length; b++) {
      const cb = crossings[b] as Crossing;
      // Loops must nest or be apart along the ring; two crossings at one point make a node of four.
      const interleaved =
        (ca.first < cb.first && cb.first < ca.second && ca.second < cb.second) ||
        (cb.first < ca.first && ca.first < cb.second && cb.second < ca.second);
      if (interleaved || (ca.x === cb.x && ca.y === cb.y)) return undefined;
    }
  }
  if (piecesMeetMore(xy, edgeCount, crossings)) return undefined;
  const walked = walkLoops(edgeCount, crossings);
  if (!walked) return undefined;
  const { loops, parent, crossingOf } = walked;

  // Each loop as a ring of its points in ring order (runs of the ring copied whole), the input coordinate
  // of each point (-1 for a crossing point), where its crossing points are, and whether it turns
  // counter-clockwise (exact: the turn at the lowest of its leftmost points).
  const rings: Float64Array[] = [];
  const ringSources: Int32Array[] = [];
  const crossingsAt: { at: number; crossing: number }[][] = [];
  const lowest: number[] = [];
  const counterClockwise: boolean[] = [];
  for (const runs of loops) {
    let count = 0;
    for (let k = 0; k < runs.length; k++) {
      const v = runs[k] as number;
      if (v < 0) count++;
      else count += (runs[++k] as number) - v + 1;
    }
    if (count < 3) return undefined;
    const ring = new Float64Array(2 * count + 2);
    const sources = new Int32Array(count + 1);
    const points: { at: number; crossing: number }[] = [];
    let at = 0;
    for (let k = 0; k < runs.length; k++) {
      const v = runs[k] as number;
      if (v < 0) {
        const c = crossings[-v - 1] as Crossing;
        ring[2 * at] = c.x;
        ring[2 * at + 1] = c.y;
        sources[at] = -1;
        points.push({ at, crossing: -v - 1 });
        at++;
      } else {
        const end = runs[++k] as number;
        ring.set(xy.subarray(2 * v, 2 * end + 2), 2 * at);
        sources.set(raw.subarray(v, end + 1), at);
        at += end - v + 1;
      }
    }
    ring[2 * count] = ring[0] as number;
    ring[2 * count + 1] = ring[1] as number;
    sources[count] = sources[0] as number;
    const fixed = lowestFixed(ring, points);
    const turn = turnAt(ring, lowestWith(ring, fixed, points));
    if (turn === 0) return undefined;
    rings.push(ring);
    ringSources.push(sources);
    crossingsAt.push(points);
    lowest.push(fixed);
    counterClockwise.push(turn > 0);
  }
  // Where each loop lies against the loop it was cut from: the two touch at its crossing point without
  // crossing, so the four directions there say it, exactly. A loop holding the loop it was cut from is
  // left to the general path. The rest follows (see `nests`): a loop inside its parent and everything cut
  // from it lie inside the parent; a loop outside, and everything cut from it, lie outside.
  const base = new Int32Array(loops.length);
  const winding = new Int32Array(loops.length);
  winding[0] = counterClockwise[0] ? 1 : -1;
  for (let a = 1; a < loops.length; a++) {
    const p = parent[a] as number;
    const inside = nests(
      xy,
      crossings[crossingOf[a] as number] as Crossing,
      counterClockwise[p] as boolean,
      counterClockwise[a] as boolean,
    );
    if (inside === undefined) return undefined;
    // The winding number around the loop, and inside it. A loop inside another whose winding number ends
    // at 0 is a hole touching its shell, which make-valid traces in one walk with it: the general path.
    base[a] = inside ? (winding[p] as number) : (base[p] as number);
    winding[a] = (base[a] as number) + (counterClockwise[a] ? 1 : -1);
    if (winding[a] === 0) return undefined;
  }

  const shells: Shell[] = [];
  for (let a = 0; a < loops.length; a++) {
    // Loops inside others vanish (inside on both sides); their crossing points stay vertices of the loop
    // around them.
    if (base[a] !== 0) continue;
    let ring = rings[a] as Float64Array;
    let sources = ringSources[a] as Int32Array;
    let points = crossingsAt[a] as { at: number; crossing: number }[];
    let fixed = lowest[a] as number;
    if (!counterClockwise[a]) {
      // Clockwise: make-valid walks it against its edges, from the end of its first edge in ring order.
      const count = sources.length - 1;
      const forward = ring;
      const forwardSources = sources;
      ring = new Float64Array(2 * count + 2);
      sources = new Int32Array(count + 1);
      const from = (i: number): number => (i <= 1 ? 1 - i : count + 1 - i);
      for (let i = 0; i < count; i++) {
        const k = from(i);
        ring[2 * i] = forward[2 * k] as number;
        ring[2 * i + 1] = forward[2 * k + 1] as number;
        sources[i] = forwardSources[k] as number;
      }
      ring[2 * count] = ring[0] as number;
      ring[2 * count + 1] = ring[1] as number;
      sources[count] = sources[0] as number;
      // `from` is its own inverse.
      points = points.map((p) => ({ at: from(p.at), crossing: p.crossing }));
      if (fixed >= 0) fixed = from(fixed);
    }
    const area = signedArea(ring);
    if (!(area > 0)) return undefined;
    shells.push({ ring, area, sources, points, lowestFixed: fixed });
  }
  // As make-valid orders its shells: by area, largest first (equal areas in reverse trace order).
  shells.sort((a, b) => a.area - b.area);
  shells.reverse();
  const polygons = shells.map((s) => [s.ring]);
  const traced: TracedPolygons = {
    polygons,
    sources: shells.map((s) => [s.sources]),
    checked: checkResult,
    stillValid: stillValidCheck(shells, crossings),
  };
  if (!checkResult) return traced;
  const issues = findValidityIssues(polygons, { warnings: false, maxIssues: 1 });
  return issues.some((i) => i.severity === 'error') ? null : traced;
}

/**
 * Whether the edges the crossings split (each into two pieces, at its crossing point) meet any edge more:
 * the test make-valid's second noding round makes of new pieces, and for which it would split again. Or
 * whether a crossing point is a vertex too.
 */
function piecesMeetMore(xy: Float64Array, edgeCount: number, crossings: readonly Crossing[]): boolean {
  const meeting = new SegmentMeeting();
  // Pieces as x0, y0, x1, y1, four per crossing; each crossing's box (its two edges', which hold its
  // pieces) as minX, maxX, minY, maxY.
  const pieces = new Float64Array(16 * crossings.length);
  const boxes = new Float64Array(4 * crossings.length);
  // One store per value: no array per crossing.
  crossings.forEach((c, m) => {
    let q = 16 * m;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let side = 0; side < 2; side++) {
      const e = side === 0 ? c.first : c.second;
      const x0 = xy[2 * e] as number;
      const y0 = xy[2 * e + 1] as number;
      const x1 = xy[2 * e + 2] as number;
      const y1 = xy[2 * e + 3] as number;
      pieces[q] = x0;
      pieces[q + 1] = y0;
      pieces[q + 2] = c.x;
      pieces[q + 3] = c.y;
      pieces[q + 4] = c.x;
      pieces[q + 5] = c.y;
      pieces[q + 6] = x1;
      pieces[q + 7] = y1;
      q += 8;
      minX = Math.min(minX, x0, x1);
      maxX = Math.max(maxX, x0, x1);
      minY = Math.min(minY, y0, y1);
      maxY = Math.max(maxY, y0, y1);
    }
    boxes[4 * m] = minX;
    boxes[4 * m + 1] = maxX;
    boxes[4 * m + 2] = minY;
    boxes[4 * m + 3] = maxY;
  });
  // Whether piece q meets edge x0 y0 → x1 y1 so that noding would split either.
  const meets = (q: number, x0: number, y0: number, x1: number, y1: number): boolean => {
    const px0 = pieces[4 * q] as number;
    const py0 = pieces[4 * q + 1] as number;
    const px1 = pieces[4 * q + 2] as number;
    const py1 = pieces[4 * q + 3] as number;
    const code = nodingIntersection(meeting, px0, py0, px1, py1, x0, y0, x1, y1);
    return (
      code !== 0 &&
      (splitsEdge(meeting, code, px0, py0, px1, py1) || splitsEdge(meeting, code, x0, y0, x1, y1))
    );
  };
  const count = 4 * crossings.length;
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      if (
        meets(
          a,
          pieces[4 * b] as number,
          pieces[4 * b + 1] as number,
          pieces[4 * b + 2] as number,
          pieces[4 * b + 3] as number,
        )
      )
        return true;
    }
  }
  // Other edges are tested against a crossing's pieces only when they reach its box.
  return crossings.some((c, m) =>
    someSegmentNear(xy, edgeCount, boxes.subarray(4 * m, 4 * m + 4), (e) => {
      const ex0 = xy[2 * e] as number;
      const ey0 = xy[2 * e + 1] as number;
      // A crossing point that is a vertex too would be one node with it (it lies in the box).
      if (ex0 === c.x && ey0 === c.y) return true;
      if (crossesEdge(crossings, e)) return false;
      const ex1 = xy[2 * e + 2] as number;
      const ey1 = xy[2 * e + 3] as number;
      for (let q = 4 * m; q < 4 * m + 4; q++) if (meets(q, ex0, ey0, ex1, ey1)) return true;
      return false;
    }),
  );
}

/**
 * Whether `visit` says yes for some segment k (point k to k + 1) of the first `count` segments of `xy`
 * whose box meets `box` (minX, maxX, minY, maxY); only those are visited.
 */
function someSegmentNear(
  xy: Float64Array,
  count: number,
  box: ArrayLike<number>,
  visit: (k: number) => boolean,
): boolean {
  const minX = box[0] as number;
  const maxX = box[1] as number;
  const minY = box[2] as number;
  const maxY = box[3] as number;
  let x0 = xy[0] as number;
  let y0 = xy[1] as number;
  for (let k = 0; k < count; k++) {
    const x1 = xy[2 * k + 2] as number;
    const y1 = xy[2 * k + 3] as number;
    const apart =
      (x0 < minX && x1 < minX) ||
      (x0 > maxX && x1 > maxX) ||
      (y0 < minY && y1 < minY) ||
      (y0 > maxY && y1 > maxY);
    if (!apart && visit(k)) return true;
    x0 = x1;
    y0 = y1;
  }
  return false;
}

/** A ring's loops, as `walkLoops` finds them. */
interface Loops {
  /**
   * Each loop's points in order: a run of the ring's points a…b as the two numbers a, b; crossing point m
   * as -m - 1. Loop 0 is the outer one.
   */
  loops: number[][];
  /** The loop each was cut from (-1 for loop 0). */
  parent: number[];
  /** The crossing each was cut at (-1 for loop 0). */
  crossingOf: number[];
}

/**
 * The ring's loops in the order make-valid traces them (by their first edge along the ring): the outer
 * loop from point 0, then each crossing's loop from its crossing point. Undefined when the crossings do
 * not nest along the ring.
 */
function walkLoops(edgeCount: number, crossings: readonly Crossing[]): Loops | undefined {
  const events: { edge: number; crossing: number; opens: boolean }[] = [];
  crossings.forEach((c, m) => {
    events.push({ edge: c.first, crossing: m, opens: true }, { edge: c.second, crossing: m, opens: false });
  });
  events.sort((a, b) => a.edge - b.edge);
  const found: Loops = { loops: [[]], parent: [-1], crossingOf: [-1] };
  const stack = [0];
  let next = 0;
  for (const event of events) {
    const top = stack[stack.length - 1] as number;
    const loop = found.loops[top] as number[];
    if (next <= event.edge) loop.push(next, event.edge);
    next = event.edge + 1;
    if (event.opens) {
      loop.push(-event.crossing - 1);
      stack.push(found.loops.length);
      found.loops.push([-event.crossing - 1]);
      found.parent.push(top);
      found.crossingOf.push(event.crossing);
    } else {
      if (found.crossingOf[top] !== event.crossing) return undefined;
      stack.pop();
    }
  }
  if (stack.length !== 1) return undefined;
  const outer = found.loops[0] as number[];
  if (next < edgeCount) outer.push(next, edgeCount - 1);
  return found;
}

/**
 * 1 when direction o→u lies strictly inside the sector swept counter-clockwise from o→s to o→e, 0 when
 * strictly outside, undefined when it lies along either side. Exact.
 */
function inSector(
  ox: number,
  oy: number,
  sx: number,
  sy: number,
  ex: number,
  ey: number,
  ux: number,
  uy: number,
): number | undefined {
  const startToEnd = compareAngle(ox, oy, sx, sy, ex, ey);
  if (startToEnd === 0) return undefined;
  // A sector past +x (start's angle above end's) is what lies outside the one from end to start.
  const between =
    startToEnd < 0
      ? compareBetween(ox, oy, ux, uy, sx, sy, ex, ey)
      : -compareBetween(ox, oy, ux, uy, ex, ey, sx, sy);
  return between === 0 ? undefined : between > 0 ? 1 : 0;
}

/**
 * Whether the loop cut off at crossing `c` lies inside the loop it was cut from (true) or outside it
 * (false), from the directions at the crossing point; undefined when it holds that loop, or the
 * directions do not say. The parent runs point c.first → crossing → c.second + 1, the loop
 * c.second → crossing → c.first + 1; each has its inside on the left when counter-clockwise.
 */
function nests(
  xy: Float64Array,
  c: Crossing,
  parentCounterClockwise: boolean,
  loopCounterClockwise: boolean,
): boolean | undefined {
  const ax = xy[2 * c.first] as number;
  const ay = xy[2 * c.first + 1] as number;
  const bx = xy[2 * c.second + 2] as number;
  const by = xy[2 * c.second + 3] as number;
  const cx = xy[2 * c.first + 2] as number;
  const cy = xy[2 * c.first + 3] as number;
  const dx = xy[2 * c.second] as number;
  const dy = xy[2 * c.second + 1] as number;
  // A ring's inside at a vertex: from the way out, counter-clockwise to the way back (clockwise rings the
  // other way round).
  const inParent = (ux: number, uy: number): number | undefined =>
    parentCounterClockwise
      ? inSector(c.x, c.y, bx, by, ax, ay, ux, uy)
      : inSector(c.x, c.y, ax, ay, bx, by, ux, uy);
  const inLoop = (ux: number, uy: number): number | undefined =>
    loopCounterClockwise
      ? inSector(c.x, c.y, cx, cy, dx, dy, ux, uy)
      : inSector(c.x, c.y, dx, dy, cx, cy, ux, uy);
  const loopIn = (inParent(cx, cy) ?? NaN) + (inParent(dx, dy) ?? NaN);
  if (loopIn === 2) return true;
  if (loopIn !== 0) return undefined;
  const parentIn = (inLoop(ax, ay) ?? NaN) + (inLoop(bx, by) ?? NaN);
  return parentIn === 0 ? false : undefined;
}

/** A loop kept as a polygon of the result, with where its crossing points are. */
interface Shell {
  ring: Float64Array;
  area: number;
  sources: Int32Array;
  points: { at: number; crossing: number }[];
  /** Its lowest leftmost point but the crossing points (which move), or -1 (see lowestFixed). */
  lowestFixed: number;
}

/** A crossing point of the result: the rings it is a vertex of (one, or two that touch there), and where. */
interface ResultCrossing {
  x: number;
  y: number;
  rings: Float64Array[];
  at: number[];
}

/** Point `i` of a closed ring of `count` points (the closing repeat not counted), wrapping around. */
const pointX = (ring: Float64Array, count: number, i: number): number =>
  ring[2 * ((i + count) % count)] as number;
const pointY = (ring: Float64Array, count: number, i: number): number =>
  ring[2 * ((i + count) % count) + 1] as number;

/** Whether w lies in the closed triangle u, p, q (not a degenerate one). Exact. */
function inTriangle(
  ux: number,
  uy: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  wx: number,
  wy: number,
): boolean {
  const turn = orientationIndex(ux, uy, px, py, qx, qy);
  const a = orientationIndex(ux, uy, px, py, wx, wy);
  const b = orientationIndex(px, py, qx, qy, wx, wy);
  const c = orientationIndex(qx, qy, ux, uy, wx, wy);
  return a !== -turn && b !== -turn && c !== -turn;
}

/**
 * The result's `stillValid`: whether the loops, with their crossing points moved in place (the fix review
 * rounds them), surely are still valid. The exact result is valid by construction (simple loops, apart,
 * touching at single points without crossing); moving a crossing point changes only its two pieces in each
 * ring it is on. So the moved result is valid when, for each moved point, no vertex lies in the triangles
 * its pieces swept (nothing was passed over), its pieces meet no other edge, it is no other vertex, the
 * rings still turn counter-clockwise and two rings touching there still lie apart. False means "not
 * sure" (moved points near each other, a degenerate sweep): the caller checks the polygons.
 */
function stillValidCheck(shells: readonly Shell[], crossings: readonly Crossing[]): () => boolean {
  const meeting = new SegmentMeeting();
  const points = crossings.map((c): ResultCrossing => ({ x: c.x, y: c.y, rings: [], at: [] }));
  for (const { ring, points: at } of shells) {
    for (const p of at) {
      const point = points[p.crossing] as ResultCrossing;
      point.rings.push(ring);
      point.at.push(p.at);
    }
  }
  const rings = shells.map((s) => s.ring);
  // A ring's turn, found again from its fixed lowest point and its crossing points, not by going round it.
  const turnsCounterClockwise = (ring: Float64Array): boolean => {
    const shell = shells.find((s) => s.ring === ring) as Shell;
    return turnAt(ring, lowestWith(ring, shell.lowestFixed, shell.points)) > 0;
  };
  return () => {
    // The moved points, each with the box of what its pieces swept.
    const moved: { point: ResultCrossing; nx: number; ny: number; box: number[] }[] = [];
    for (const point of points) {
      const first = point.rings[0];
      if (!first) continue;
      const nx = first[2 * (point.at[0] as number)] as number;
      const ny = first[2 * (point.at[0] as number) + 1] as number;
      if (nx === point.x && ny === point.y) continue;
      const box = [
        Math.min(nx, point.x),
        Math.max(nx, point.x),
        Math.min(ny, point.y),
        Math.max(ny, point.y),
      ];
      for (let r = 0; r < point.rings.length; r++) {
        const ring = point.rings[r] as Float64Array;
        const count = (ring.length >> 1) - 1;
        const i = point.at[r] as number;
        if (ring[2 * i] !== nx || ring[2 * i + 1] !== ny) return false;
        for (let j = i - 1; j <= i + 1; j += 2) {
          const ux = pointX(ring, count, j);
          const uy = pointY(ring, count, j);
          if (orientationIndex(ux, uy, point.x, point.y, nx, ny) === 0) return false;
          box[0] = Math.min(box[0] as number, ux);
          box[1] = Math.max(box[1] as number, ux);
          box[2] = Math.min(box[2] as number, uy);
          box[3] = Math.max(box[3] as number, uy);
        }
      }
      moved.push({ point, nx, ny, box });
    }
    if (moved.length === 0) return true;
    for (let a = 0; a < moved.length; a++) {
      for (let b = a + 1; b < moved.length; b++) {
        const p = (moved[a] as { box: number[] }).box;
        const q = (moved[b] as { box: number[] }).box;
        if (!(
          (p[1] as number) < (q[0] as number) ||
          (q[1] as number) < (p[0] as number) ||
          (p[3] as number) < (q[2] as number) ||
          (q[3] as number) < (p[2] as number)
        ))
          return false;
      }
    }
    for (const { point, nx, ny, box } of moved) {
      for (const ring of rings) {
        const near = someSegmentNear(ring, (ring.length >> 1) - 1, box, (k) => {
          const sx0 = ring[2 * k] as number;
          const sy0 = ring[2 * k + 1] as number;
          const sx1 = ring[2 * k + 2] as number;
          const sy1 = ring[2 * k + 3] as number;
          let own = false;
          for (let r = 0; r < point.rings.length; r++)
            if (point.rings[r] === ring && point.at[r] === k) own = true;
          for (let r = 0; r < point.rings.length; r++) {
            const other = point.rings[r] as Float64Array;
            const count = (other.length >> 1) - 1;
            const i = point.at[r] as number;
            for (let j = i - 1; j <= i + 1; j += 2) {
              const ux = pointX(other, count, j);
              const uy = pointY(other, count, j);
              // The segment's start: not passed over by the piece u → point, nor the point itself.
              if (!own && !(sx0 === ux && sy0 === uy)) {
                if (sx0 === nx && sy0 === ny) return true;
                if (inTriangle(ux, uy, point.x, point.y, nx, ny, sx0, sy0)) return true;
              }
              // The piece meets the segment only at an end they share (not itself, not collinear).
              const piece = j < i ? (i - 1 + count) % count : i;
              if (other === ring && piece === k) continue;
              if (nodingIntersection(meeting, ux, uy, nx, ny, sx0, sy0, sx1, sy1) !== 0) return true;
            }
          }
          return false;
        });
        if (near) return false;
      }
    }
    for (const { point, nx, ny } of moved) {
      for (const ring of point.rings) if (!turnsCounterClockwise(ring)) return false;
      if (point.rings.length !== 2) continue;
      // Two rings touching at the point, both counter-clockwise: each one's neighbours outside the other's
      // inside there (from its way out, counter-clockwise to its way back).
      const [p, c] = point.rings as [Float64Array, Float64Array];
      const [i, j] = point.at as [number, number];
      const pc = (p.length >> 1) - 1;
      const cc = (c.length >> 1) - 1;
      const outside = (ring: Float64Array, count: number, at: number, wx: number, wy: number): boolean =>
        inSector(
          nx,
          ny,
          pointX(ring, count, at + 1),
          pointY(ring, count, at + 1),
          pointX(ring, count, at - 1),
          pointY(ring, count, at - 1),
          wx,
          wy,
        ) === 0;
      for (let k = j - 1; k <= j + 1; k += 2)
        if (!outside(p, pc, i, pointX(c, cc, k), pointY(c, cc, k))) return false;
      for (let k = i - 1; k <= i + 1; k += 2)
        if (!outside(c, cc, j, pointX(p, pc, k), pointY(p, pc, k))) return false;
    }
    return true;
  };
}

/** Whether point i of a ring is left of point j, or as far left and lower. */
function isLower(ring: Float64Array, i: number, j: number): boolean {
  const x = ring[2 * i] as number;
  const lowX = ring[2 * j] as number;
  return x < lowX || (x === lowX && (ring[2 * i + 1] as number) < (ring[2 * j + 1] as number));
}

/** The turn (orientationIndex) of a closed ring at its point i. */
function turnAt(ring: Float64Array, i: number): number {
  const count = (ring.length >> 1) - 1;
  return orientationIndex(
    pointX(ring, count, i - 1),
    pointY(ring, count, i - 1),
    ring[2 * i] as number,
    ring[2 * i + 1] as number,
    pointX(ring, count, i + 1),
    pointY(ring, count, i + 1),
  );
}

/**
 * The lowest of the leftmost points of a closed ring of distinct points, but its crossing points (`points`):
 * those move when rounded, the others do not. -1 when every point is one.
 */
function lowestFixed(ring: Float64Array, points: readonly { at: number }[]): number {
  const count = (ring.length >> 1) - 1;
  let low = -1;
  for (let i = 0; i < count; i++) if ((low < 0 || isLower(ring, i, low)) && !isCrossingAt(points, i)) low = i;
  return low;
}

// A loop, not `points.some((p) => p.at === i)`: a closure over the loop's `i` costs an allocation per
// point of every ring (70 MB on 3,000 rebuilt outlines).
function isCrossingAt(points: readonly { at: number }[], i: number): boolean {
  for (let k = 0; k < points.length; k++) if ((points[k] as { at: number }).at === i) return true;
  return false;
}

/** The lowest leftmost point of a ring, from its lowest fixed point and its crossing points as they are. */
function lowestWith(ring: Float64Array, fixed: number, points: readonly { at: number }[]): number {
  let low = fixed;
  for (const { at } of points) if (low < 0 || isLower(ring, at, low)) low = at;
  return low;
}
