import { orientationIndex } from './orientation.ts';

/**
 * Where a point lies relative to a ring: the one point-in-ring test of the project, with exact predicates
 * (GEOS RayCrossingCounter). Coordinates are interleaved, x at 2k and y at 2k+1.
 */

export const EXTERIOR = 0;
export const BOUNDARY = 1;
export const INTERIOR = 2;

/** Ray-crossing state for one point over several rings or any set of edges (GEOS RayCrossingCounter). */
export class RayCrossingCounter {
  crossings = 0;
  onBoundary = false;

  constructor(
    private px: number,
    private py: number,
  ) {}

  reset(px: number, py: number): void {
    this.px = px;
    this.py = py;
    this.crossings = 0;
    this.onBoundary = false;
  }

  /**
   * Counts one edge a→b. The edges of a ring may come in any order and any subset that holds every edge
   * spanning the point's y (an index of horizontal stripes, say) gives the same answer as the whole ring.
   */
  countSegment(x1: number, y1: number, x2: number, y2: number): void {
    const px = this.px;
    const py = this.py;
    if (this.onBoundary || (x1 < px && x2 < px)) return;
    if (px === x2 && py === y2) {
      this.onBoundary = true;
      return;
    }
    if (y1 === py && y2 === py) {
      const minX = x1 < x2 ? x1 : x2;
      const maxX = x1 < x2 ? x2 : x1;
      if (px >= minX && px <= maxX) this.onBoundary = true;
      return;
    }
    if ((y1 > py && y2 <= py) || (y2 > py && y1 <= py)) {
      let orient = orientationIndex(x1, y1, x2, y2, px, py);
      if (orient === 0) {
        this.onBoundary = true;
        return;
      }
      if (y2 < y1) orient = -orient;
      if (orient === 1) this.crossings++;
    }
  }

  /** Counts the `count - 1` edges of a closed ring of `count` points starting at point `first`. */
  countRing(xy: Float64Array, first: number, count: number): void {
    const end = 2 * (first + count - 1);
    for (let k = 2 * first; k < end && !this.onBoundary; k += 2) {
      this.countSegment(xy[k], xy[k + 1], xy[k + 2], xy[k + 3]);
    }
  }

  get location(): number {
    if (this.onBoundary) return BOUNDARY;
    return this.crossings % 2 === 1 ? INTERIOR : EXTERIOR;
  }
}

// Each call counts with a counter of its own (a few fields, young garbage); a caller that locates many points
// can keep one RayCrossingCounter and reset it.

/** EXTERIOR, BOUNDARY or INTERIOR of the closed ring of `count` points starting at point `first` of `xy`. */
export function locateInRing(px: number, py: number, xy: Float64Array, first: number, count: number): number {
  const counter = new RayCrossingCounter(px, py);
  counter.countRing(xy, first, count);
  return counter.location;
}

/** EXTERIOR, BOUNDARY or INTERIOR of a whole ring; a ring whose last point is not its first is closed here. */
export function locatePointInRing(px: number, py: number, ring: Float64Array): number {
  const n = ring.length >> 1;
  if (n === 0) return EXTERIOR;
  const counter = new RayCrossingCounter(px, py);
  counter.countRing(ring, 0, n);
  const lastX = ring[2 * n - 2];
  const lastY = ring[2 * n - 1];
  if (lastX !== ring[0] || lastY !== ring[1]) counter.countSegment(lastX, lastY, ring[0], ring[1]);
  return counter.location;
}

/** EXTERIOR, BOUNDARY or INTERIOR of a polygon given as [shell, ...holes]. */
export function locateInPolygon(px: number, py: number, polygon: readonly Float64Array[]): number {
  const shell = polygon[0];
  if (!shell) return EXTERIOR;
  const inShell = locatePointInRing(px, py, shell);
  if (inShell !== INTERIOR) return inShell;
  for (let h = 1; h < polygon.length; h++) {
    const inHole = locatePointInRing(px, py, polygon[h] as Float64Array);
    if (inHole === BOUNDARY) return BOUNDARY;
    if (inHole === INTERIOR) return EXTERIOR;
  }
  return INTERIOR;
}
