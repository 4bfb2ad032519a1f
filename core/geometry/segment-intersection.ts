import { orientationIndex } from '../planar/orientation.ts';

/**
 * Intersection of two segments with exact predicates, classified as GEOS's RobustLineIntersector does:
 * none, one point (proper = interior of both, or at an endpoint) or a collinear overlap (two points).
 * The points go to a `SegmentMeeting` the caller owns and passes in (one per check, reused: no allocation
 * per call, and nothing shared between checks or threads).
 */

export const NO_INTERSECTION = 0;
const POINT_INTERSECTION = 1;
export const COLLINEAR_INTERSECTION = 2;

/** Where two segments meet, as the last intersectSegments or nodingIntersection given it found it. */
export class SegmentMeeting {
  /** Crossing in the interior of both segments. */
  proper = false;
  x0 = 0;
  y0 = 0;
  /** Second point of a collinear overlap. */
  x1 = 0;
  y1 = 0;
}

function inBox(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return (
    px >= (ax < bx ? ax : bx) &&
    px <= (ax > bx ? ax : bx) &&
    py >= (ay < by ? ay : by) &&
    py <= (ay > by ? ay : by)
  );
}

function setPoints(meeting: SegmentMeeting, x0: number, y0: number, x1: number, y1: number): void {
  meeting.x0 = x0;
  meeting.y0 = y0;
  meeting.x1 = x1;
  meeting.y1 = y1;
}

function collinearIntersection(
  meeting: SegmentMeeting,
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  q1x: number,
  q1y: number,
  q2x: number,
  q2y: number,
): number {
  const q1inP = inBox(p1x, p1y, p2x, p2y, q1x, q1y);
  const q2inP = inBox(p1x, p1y, p2x, p2y, q2x, q2y);
  const p1inQ = inBox(q1x, q1y, q2x, q2y, p1x, p1y);
  const p2inQ = inBox(q1x, q1y, q2x, q2y, p2x, p2y);
  if (q1inP && q2inP) {
    setPoints(meeting, q1x, q1y, q2x, q2y);
    return COLLINEAR_INTERSECTION;
  }
  if (p1inQ && p2inQ) {
    setPoints(meeting, p1x, p1y, p2x, p2y);
    return COLLINEAR_INTERSECTION;
  }
  if (q1inP && p1inQ) {
    setPoints(meeting, q1x, q1y, p1x, p1y);
    return q1x === p1x && q1y === p1y && !q2inP && !p2inQ ? POINT_INTERSECTION : COLLINEAR_INTERSECTION;
  }
  if (q1inP && p2inQ) {
    setPoints(meeting, q1x, q1y, p2x, p2y);
    return q1x === p2x && q1y === p2y && !q2inP && !p1inQ ? POINT_INTERSECTION : COLLINEAR_INTERSECTION;
  }
  if (q2inP && p1inQ) {
    setPoints(meeting, q2x, q2y, p1x, p1y);
    return q2x === p1x && q2y === p1y && !q1inP && !p2inQ ? POINT_INTERSECTION : COLLINEAR_INTERSECTION;
  }
  if (q2inP && p2inQ) {
    setPoints(meeting, q2x, q2y, p2x, p2y);
    return q2x === p2x && q2y === p2y && !q1inP && !p1inQ ? POINT_INTERSECTION : COLLINEAR_INTERSECTION;
  }
  return NO_INTERSECTION;
}

/**
 * Intersect segment p1–p2 with q1–q2 (both non-degenerate). The caller has already checked that their
 * bounding boxes overlap. Returns NO_, POINT_ or COLLINEAR_INTERSECTION; details in `meeting`.
 */
export function intersectSegments(
  meeting: SegmentMeeting,
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  q1x: number,
  q1y: number,
  q2x: number,
  q2y: number,
): number {
  meeting.proper = false;
  const pq1 = orientationIndex(p1x, p1y, p2x, p2y, q1x, q1y);
  const pq2 = orientationIndex(p1x, p1y, p2x, p2y, q2x, q2y);
  if ((pq1 > 0 && pq2 > 0) || (pq1 < 0 && pq2 < 0)) return NO_INTERSECTION;
  const qp1 = orientationIndex(q1x, q1y, q2x, q2y, p1x, p1y);
  const qp2 = orientationIndex(q1x, q1y, q2x, q2y, p2x, p2y);
  if ((qp1 > 0 && qp2 > 0) || (qp1 < 0 && qp2 < 0)) return NO_INTERSECTION;
  if (pq1 === 0 && pq2 === 0 && qp1 === 0 && qp2 === 0) {
    return collinearIntersection(meeting, p1x, p1y, p2x, p2y, q1x, q1y, q2x, q2y);
  }
  if (pq1 === 0 || pq2 === 0 || qp1 === 0 || qp2 === 0) {
    // At an endpoint: copy the endpoint so the point is exact.
    if ((p1x === q1x && p1y === q1y) || (p1x === q2x && p1y === q2y)) setPoints(meeting, p1x, p1y, p1x, p1y);
    else if ((p2x === q1x && p2y === q1y) || (p2x === q2x && p2y === q2y))
      setPoints(meeting, p2x, p2y, p2x, p2y);
    else if (pq1 === 0) setPoints(meeting, q1x, q1y, q1x, q1y);
    else if (pq2 === 0) setPoints(meeting, q2x, q2y, q2x, q2y);
    else if (qp1 === 0) setPoints(meeting, p1x, p1y, p1x, p1y);
    else setPoints(meeting, p2x, p2y, p2x, p2y);
    return POINT_INTERSECTION;
  }
  meeting.proper = true;
  // Canonical order (each segment from its smaller end, the smaller segment first), so the same two
  // segments give bit-identical points whichever way round they come.
  if (p2x < p1x || (p2x === p1x && p2y < p1y)) [p1x, p1y, p2x, p2y] = [p2x, p2y, p1x, p1y];
  if (q2x < q1x || (q2x === q1x && q2y < q1y)) [q1x, q1y, q2x, q2y] = [q2x, q2y, q1x, q1y];
  if (
    q1x < p1x ||
    (q1x === p1x && (q1y < p1y || (q1y === p1y && (q2x < p2x || (q2x === p2x && q2y < p2y)))))
  ) {
    properIntersectionPoint(meeting, q1x, q1y, q2x, q2y, p1x, p1y, p2x, p2y);
  } else {
    properIntersectionPoint(meeting, p1x, p1y, p2x, p2y, q1x, q1y, q2x, q2y);
  }
  return POINT_INTERSECTION;
}

/**
 * How two edges of a noding meet: 0 when there is nothing to split (apart, or meeting only at an end they
 * share without being collinear, as consecutive edges of a ring do); else intersectSegments' code, with
 * the points in `meeting`. The one test of make-valid's noding and of its shortcut for rings whose
 * crossings cut off simple loops (make-valid-loops.ts), so both see the same meetings.
 */
export function nodingIntersection(
  meeting: SegmentMeeting,
  ax0: number,
  ay0: number,
  ax1: number,
  ay1: number,
  bx0: number,
  by0: number,
  bx1: number,
  by1: number,
): number {
  if ((ax0 === bx0 && ay0 === by0) || (ax1 === bx0 && ay1 === by0)) {
    if (orientationIndex(ax0, ay0, ax1, ay1, bx1, by1) !== 0) return NO_INTERSECTION;
  } else if ((ax0 === bx1 && ay0 === by1) || (ax1 === bx1 && ay1 === by1)) {
    if (orientationIndex(ax0, ay0, ax1, ay1, bx0, by0) !== 0) return NO_INTERSECTION;
  }
  return intersectSegments(meeting, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1);
}

/**
 * The crossing point of two properly crossing segments, computed relative to the midpoint of the
 * envelopes' overlap for precision and clamped into both segments' boxes. Used for messages and for
 * noding in make-valid; verdicts never depend on it.
 */
function properIntersectionPoint(
  meeting: SegmentMeeting,
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  q1x: number,
  q1y: number,
  q2x: number,
  q2y: number,
): void {
  const cx =
    (Math.max(Math.min(p1x, p2x), Math.min(q1x, q2x)) + Math.min(Math.max(p1x, p2x), Math.max(q1x, q2x))) / 2;
  const cy =
    (Math.max(Math.min(p1y, p2y), Math.min(q1y, q2y)) + Math.min(Math.max(p1y, p2y), Math.max(q1y, q2y))) / 2;
  const ax = p1x - cx;
  const ay = p1y - cy;
  const bx = p2x - cx;
  const by = p2y - cy;
  const ux = q1x - cx;
  const uy = q1y - cy;
  const vx = q2x - cx;
  const vy = q2y - cy;
  const dpx = bx - ax;
  const dpy = by - ay;
  const dqx = vx - ux;
  const dqy = vy - uy;
  const denom = dpx * dqy - dpy * dqx;
  let x = cx;
  let y = cy;
  if (denom !== 0) {
    const t = ((ux - ax) * dqy - (uy - ay) * dqx) / denom;
    x = ax + t * dpx + cx;
    y = ay + t * dpy + cy;
  }
  const minX = Math.max(Math.min(p1x, p2x), Math.min(q1x, q2x));
  const maxX = Math.min(Math.max(p1x, p2x), Math.max(q1x, q2x));
  const minY = Math.max(Math.min(p1y, p2y), Math.min(q1y, q2y));
  const maxY = Math.min(Math.max(p1y, p2y), Math.max(q1y, q2y));
  if (!(x >= minX)) x = minX;
  if (!(x <= maxX)) x = maxX;
  if (!(y >= minY)) y = minY;
  if (!(y <= maxY)) y = maxY;
  setPoints(meeting, x, y, x, y);
}

// ---- Topology at a node (GEOS PolygonNodeTopology) ----

function quadrant(dx: number, dy: number): number {
  if (dx >= 0) return dy >= 0 ? 0 : 3;
  return dy >= 0 ? 1 : 2;
}

/** Whether the angle of origin→p is greater than that of origin→q (counter-clockwise from the +x axis). */
function isAngleGreater(ox: number, oy: number, px: number, py: number, qx: number, qy: number): boolean {
  const quadP = quadrant(px - ox, py - oy);
  const quadQ = quadrant(qx - ox, qy - oy);
  if (quadP > quadQ) return true;
  if (quadP < quadQ) return false;
  return orientationIndex(ox, oy, qx, qy, px, py) === 1;
}

/** Compare the directions origin→p and origin→q by angle counter-clockwise from +x: -1, 0 or 1. Exact. */
export function compareAngle(ox: number, oy: number, px: number, py: number, qx: number, qy: number): number {
  const quadP = quadrant(px - ox, py - oy);
  const quadQ = quadrant(qx - ox, qy - oy);
  if (quadP > quadQ) return 1;
  if (quadP < quadQ) return -1;
  return orientationIndex(ox, oy, qx, qy, px, py);
}

/**
 * Whether direction origin→p lies strictly between origin→e0 and origin→e1 by angle counter-clockwise
 * from +x (e0's angle below e1's): 1, -1 outside, 0 along either. Exact.
 */
export function compareBetween(
  ox: number,
  oy: number,
  px: number,
  py: number,
  e0x: number,
  e0y: number,
  e1x: number,
  e1y: number,
): number {
  const comp0 = compareAngle(ox, oy, px, py, e0x, e0y);
  if (comp0 === 0) return 0;
  const comp1 = compareAngle(ox, oy, px, py, e1x, e1y);
  if (comp1 === 0) return 0;
  return comp0 > 0 && comp1 < 0 ? 1 : -1;
}

/**
 * Whether the edge pairs (a0, a1) and (b0, b1) meeting at a node cross there (rather than touch). Any
 * collinear edge counts as not crossing, as in GEOS.
 */
export function isCrossingAtNode(
  nx: number,
  ny: number,
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  b0x: number,
  b0y: number,
  b1x: number,
  b1y: number,
): boolean {
  let loX = a0x;
  let loY = a0y;
  let hiX = a1x;
  let hiY = a1y;
  if (isAngleGreater(nx, ny, loX, loY, hiX, hiY)) {
    loX = a1x;
    loY = a1y;
    hiX = a0x;
    hiY = a0y;
  }
  const between0 = compareBetween(nx, ny, b0x, b0y, loX, loY, hiX, hiY);
  if (between0 === 0) return false;
  const between1 = compareBetween(nx, ny, b1x, b1y, loX, loY, hiX, hiY);
  if (between1 === 0) return false;
  return between0 !== between1;
}

function isBetween(
  ox: number,
  oy: number,
  px: number,
  py: number,
  e0x: number,
  e0y: number,
  e1x: number,
  e1y: number,
): boolean {
  if (!isAngleGreater(ox, oy, px, py, e0x, e0y)) return false;
  return !isAngleGreater(ox, oy, px, py, e1x, e1y);
}

/**
 * Whether segment node→b lies in the interior of the corner (a0, node, a1) whose interior is on the
 * right going a0 → node → a1 (GEOS PolygonNodeTopology.isInteriorSegment).
 */
export function isInteriorSegment(
  nx: number,
  ny: number,
  a0x: number,
  a0y: number,
  a1x: number,
  a1y: number,
  bx: number,
  by: number,
): boolean {
  let loX = a0x;
  let loY = a0y;
  let hiX = a1x;
  let hiY = a1y;
  let interiorBetween = true;
  if (isAngleGreater(nx, ny, loX, loY, hiX, hiY)) {
    loX = a1x;
    loY = a1y;
    hiX = a0x;
    hiY = a0y;
    interiorBetween = false;
  }
  const between = isBetween(nx, ny, bx, by, loX, loY, hiX, hiY);
  return (between && interiorBetween) || (!between && !interiorBetween);
}
