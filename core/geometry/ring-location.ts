import { orientationIndex } from '../planar/orientation.ts';
import { EXTERIOR, INTERIOR, locateInRing } from '../planar/point-in-ring.ts';
import { isInteriorSegment } from './segment-intersection.ts';

/**
 * Ring orientation and nesting on interleaved coordinates, with exact predicates (GEOS). A ring is `count`
 * points starting at point index `first` of `xy` (x at 2k, y at 2k+1), closing point included. Whether a
 * point is in a ring is core/planar/point-in-ring.ts.
 */

/** GEOS Orientation.isCCW: robust for rings with flat tops and repeated points; false for flat rings. */
export function isRingCCW(xy: Float64Array, first: number, count: number): boolean {
  const nPts = count - 1;
  if (nPts < 3) return false;
  const base = 2 * first;
  const X = (i: number): number => xy[base + 2 * i];
  const Y = (i: number): number => xy[base + 2 * i + 1];
  let upHi = 0;
  let prevY = Y(0);
  let upHiY = prevY;
  let upLow = -1;
  let iUpHi = 0;
  for (let i = 1; i <= nPts; i++) {
    const py = Y(i);
    if (py > prevY && py >= upHiY) {
      upHi = i;
      upHiY = py;
      iUpHi = i;
      upLow = i - 1;
    }
    prevY = py;
  }
  if (iUpHi === 0 || upLow < 0) return false;
  let iDownLow = iUpHi;
  do {
    iDownLow = (iDownLow + 1) % nPts;
  } while (iDownLow !== iUpHi && Y(iDownLow) === upHiY);
  const iDownHi = iDownLow > 0 ? iDownLow - 1 : nPts - 1;
  const hx = X(upHi);
  const hy = Y(upHi);
  if (hx === X(iDownHi) && hy === Y(iDownHi)) {
    const lx = X(upLow);
    const ly = Y(upLow);
    const dx = X(iDownLow);
    const dy = Y(iDownLow);
    if ((lx === hx && ly === hy) || (dx === hx && dy === hy) || (lx === dx && ly === dy)) return false;
    return orientationIndex(lx, ly, hx, hy, dx, dy) === 1;
  }
  return X(iDownHi) - hx < 0;
}

/**
 * Whether ring `test` lies inside ring `target`, assuming the two do not cross (GEOS
 * PolygonTopologyAnalyzer.isRingNested): decided by the first test point, or, when it lies on the target,
 * by which side of the target the first test segment leaves on.
 */
export function isRingNested(
  testXy: Float64Array,
  testFirst: number,
  testCount: number,
  targetXy: Float64Array,
  targetFirst: number,
  targetCount: number,
): boolean {
  const p0x = testXy[2 * testFirst];
  const p0y = testXy[2 * testFirst + 1];
  const loc = locateInRing(p0x, p0y, targetXy, targetFirst, targetCount);
  if (loc === EXTERIOR) return false;
  if (loc === INTERIOR) return true;
  // On the boundary: find the next distinct test vertex.
  let i = 1;
  let p1x = testXy[2 * (testFirst + i)];
  let p1y = testXy[2 * (testFirst + i) + 1];
  while (p1x === p0x && p1y === p0y && i < testCount - 1) {
    i++;
    p1x = testXy[2 * (testFirst + i)];
    p1y = testXy[2 * (testFirst + i) + 1];
  }
  return isIncidentSegmentInRing(p0x, p0y, p1x, p1y, targetXy, targetFirst, targetCount);
}

function isIncidentSegmentInRing(
  p0x: number,
  p0y: number,
  p1x: number,
  p1y: number,
  xy: Float64Array,
  first: number,
  count: number,
): boolean {
  const base = 2 * first;
  const X = (i: number): number => xy[base + 2 * i];
  const Y = (i: number): number => xy[base + 2 * i + 1];
  // Index of the ring segment the node lies on.
  let index = -1;
  for (let i = 0; i < count - 1; i++) {
    const ax = X(i);
    const ay = Y(i);
    const bx = X(i + 1);
    const by = Y(i + 1);
    if (
      p0x < Math.min(ax, bx) ||
      p0x > Math.max(ax, bx) ||
      p0y < Math.min(ay, by) ||
      p0y > Math.max(ay, by)
    ) {
      continue;
    }
    if (orientationIndex(ax, ay, bx, by, p0x, p0y) === 0) {
      index = p0x === bx && p0y === by ? i + 1 : i;
      break;
    }
  }
  if (index < 0) return false;
  const prevIndex = (k: number): number => (k === 0 ? count - 2 : k - 1);
  const nextIndex = (k: number): number => (k >= count - 2 ? 0 : k + 1);
  let iPrev = index;
  while (X(iPrev) === p0x && Y(iPrev) === p0y) iPrev = prevIndex(iPrev);
  let iNext = index + 1 > count - 1 ? 0 : index + 1;
  while (X(iNext) === p0x && Y(iNext) === p0y) iNext = nextIndex(iNext);
  let rPrevX = X(iPrev);
  let rPrevY = Y(iPrev);
  let rNextX = X(iNext);
  let rNextY = Y(iNext);
  if (isRingCCW(xy, first, count)) {
    const tx = rPrevX;
    const ty = rPrevY;
    rPrevX = rNextX;
    rPrevY = rNextY;
    rNextX = tx;
    rNextY = ty;
  }
  return isInteriorSegment(p0x, p0y, rPrevX, rPrevY, rNextX, rNextY, p1x, p1y);
}
