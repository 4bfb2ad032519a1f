/**
 * Measures of a ring on interleaved coordinates ([x0, y0, x1, y1, …]): the one signed (shoelace) area of
 * the project, and bounding boxes. Plane geometry: for areas on the WGS 84 ellipsoid see core/geodesy.
 */

export type Bbox = [xmin: number, ymin: number, xmax: number, ymax: number];

/**
 * Shoelace area: positive when the ring runs counter-clockwise (x east, y north), negative clockwise.
 * Open or closed rings give the same value. Summed relative to the first vertex, so rings far from the
 * origin (projected metres) keep their precision.
 */
export function signedArea(ring: Float64Array): number {
  const n = ring.length >> 1;
  if (n < 3) return 0;
  let sum = 0;
  const x0 = ring[0];
  const y0 = ring[1];
  for (let i = 1; i + 1 < n; i++) {
    const ax = ring[2 * i] - x0;
    const ay = ring[2 * i + 1] - y0;
    const bx = ring[2 * i + 2] - x0;
    const by = ring[2 * i + 3] - y0;
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
    const x = ring[i];
    const y = ring[i + 1];
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
