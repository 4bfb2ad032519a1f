/**
 * How much of one set of polygons lies in another, exactly, in the plane: the area of their intersection
 * from its boundary (Green's theorem), without building the intersection. The boundary of A ∩ B is made of
 * the pieces of A's edges inside B, the pieces of B's edges inside A, and the pieces where the two
 * boundaries run together in the same direction (both interiors on the same side): each piece adds its
 * shoelace term. Edges are cut where they cross or touch the other's edges, so each piece lies wholly
 * inside, outside or on the other boundary, which its midpoint tells. Shells run counter-clockwise and
 * holes clockwise (rings are turned as needed), so the polygons must be valid (OGC): a self-crossing ring
 * has no one inside.
 *
 * Edges sit in horizontal stripes (about one edge a stripe), so a piece looks only at the other's edges at
 * its height. Coordinates are whatever plane the caller chose: for longitude/latitude degrees, areas come
 * out in square degrees of an equirectangular map, whose ratios (the share of a zone in a field) are exact
 * for any region a field covers.
 */
import { signedArea, type Bbox } from './rings.ts';
import type { PolygonRings } from './geometry.ts';

/** Points closer than this to an edge are on it (in the coordinates' unit: 1e-9° is about 0.1 mm). */
const OVERLAY_TOLERANCE = 1e-9;

export class PreparedPolygons {
  /** Oriented edges, ax, ay, bx, by each. */
  readonly edges: Float64Array;
  readonly edgeCount: number;
  readonly bbox: Bbox;
  /** Area (shells minus holes), positive. */
  readonly area: number;
  private readonly y0: number;
  private readonly stripeHeight: number;
  /** Per stripe, the edges that reach into it. */
  private readonly stripes: Int32Array[];

  constructor(polygons: PolygonRings) {
    const out: number[] = [];
    let area = 0;
    let xmin = Infinity;
    let ymin = Infinity;
    let xmax = -Infinity;
    let ymax = -Infinity;
    for (const rings of polygons) {
      rings.forEach((ring, r) => {
        const n = ring.length >> 1;
        if (n < 3) return;
        const signed = signedArea(ring);
        // Shells counter-clockwise (positive), holes clockwise.
        const reverse = r === 0 ? signed < 0 : signed > 0;
        area += r === 0 ? Math.abs(signed) : -Math.abs(signed);
        const closed = ring[0] === ring[2 * n - 2] && ring[1] === ring[2 * n - 1];
        const last = closed ? n - 1 : n;
        for (let k = 0; k < last; k++) {
          const i = reverse ? last - k : k;
          const j = reverse ? last - k - 1 : k + 1;
          const ax = ring[2 * (i % n)];
          const ay = ring[2 * (i % n) + 1];
          const bx = ring[2 * (j % n)];
          const by = ring[2 * (j % n) + 1];
          if (ax === bx && ay === by) continue;
          out.push(ax, ay, bx, by);
          if (ax < xmin) xmin = ax;
          if (ax > xmax) xmax = ax;
          if (ay < ymin) ymin = ay;
          if (ay > ymax) ymax = ay;
        }
      });
    }
    this.edges = Float64Array.from(out);
    this.edgeCount = out.length / 4;
    this.bbox = [xmin, ymin, xmax, ymax];
    this.area = Math.max(0, area);
    const count = Math.max(1, Math.min(4096, this.edgeCount));
    this.y0 = ymin;
    this.stripeHeight = (ymax - ymin) / count || 1;
    const lists: number[][] = Array.from({ length: count }, () => []);
    for (let e = 0; e < this.edgeCount; e++) {
      const ya = this.edges[4 * e + 1];
      const yb = this.edges[4 * e + 3];
      const [from, to] = this.stripeRange(Math.min(ya, yb), Math.max(ya, yb));
      for (let s = from; s <= to; s++) lists[s]?.push(e);
    }
    this.stripes = lists.map((l) => Int32Array.from(l));
  }

  get empty(): boolean {
    return this.edgeCount === 0;
  }

  private stripeRange(ylo: number, yhi: number): [number, number] {
    const last = this.stripes ? this.stripes.length - 1 : Math.max(0, Math.min(4095, this.edgeCount - 1));
    const s = (y: number): number =>
      Math.min(last, Math.max(0, Math.floor((y - this.y0) / this.stripeHeight)));
    return [s(ylo), s(yhi)];
  }

  /** Calls `visit` once for each edge whose box meets [xlo, xhi] × [ylo, yhi]. */
  forEdgesNear(xlo: number, ylo: number, xhi: number, yhi: number, visit: (edge: number) => void): void {
    if (xhi < this.bbox[0] || xlo > this.bbox[2] || yhi < this.bbox[1] || ylo > this.bbox[3]) return;
    const [from, to] = this.stripeRange(ylo, yhi);
    const seen = from === to ? undefined : new Set<number>();
    const e = this.edges;
    for (let s = from; s <= to; s++) {
      for (const edge of this.stripes[s] ?? []) {
        if (seen) {
          if (seen.has(edge)) continue;
          seen.add(edge);
        }
        const ax = e[4 * edge];
        const ay = e[4 * edge + 1];
        const bx = e[4 * edge + 2];
        const by = e[4 * edge + 3];
        if ((ax < xlo && bx < xlo) || (ax > xhi && bx > xhi)) continue;
        if ((ay < ylo && by < ylo) || (ay > yhi && by > yhi)) continue;
        visit(edge);
      }
    }
  }

  /**
   * Where a point is: 1 inside, -1 outside, or 0 on the boundary (within `tol`); for a point on the
   * boundary, `onEdge` is set to the edge it lies on.
   */
  locate(x: number, y: number, tol = OVERLAY_TOLERANCE): { where: -1 | 0 | 1; onEdge?: number } {
    const b = this.bbox;
    if (x < b[0] - tol || x > b[2] + tol || y < b[1] - tol || y > b[3] + tol) return { where: -1 };
    const e = this.edges;
    let near: number | undefined;
    this.forEdgesNear(x - tol, y - tol, x + tol, y + tol, (edge) => {
      if (near !== undefined) return;
      const d = segmentDistance(x, y, e[4 * edge]!, e[4 * edge + 1]!, e[4 * edge + 2]!, e[4 * edge + 3]!);
      if (d <= tol) near = edge;
    });
    if (near !== undefined) return { where: 0, onEdge: near };
    // Crossings of a ray to the east, over the edges at this height (even-odd: holes included).
    let inside = false;
    const [s] = this.stripeRange(y, y);
    for (const edge of this.stripes[s] ?? []) {
      const ay = e[4 * edge + 1];
      const by = e[4 * edge + 3];
      if (ay > y === by > y) continue;
      const ax = e[4 * edge];
      const bx = e[4 * edge + 2];
      if (ax + ((y - ay) * (bx - ax)) / (by - ay) > x) inside = !inside;
    }
    return { where: inside ? 1 : -1 };
  }

  /** Whether a point is inside or on the boundary. */
  covers(x: number, y: number, tol = OVERLAY_TOLERANCE): boolean {
    return this.locate(x, y, tol).where >= 0;
  }
}

/** Distance from (px, py) to the segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return Math.sqrt(qx * qx + qy * qy);
}

/**
 * The sum of the shoelace terms of the pieces of `a`'s edges that bound the intersection: inside `b`, or on
 * `b`'s boundary in the same direction when `alongToo` (only one side may count a shared piece).
 */
function boundaryTerms(
  a: PreparedPolygons,
  b: PreparedPolygons,
  alongToo: boolean,
  ox: number,
  oy: number,
  tol: number,
): number {
  const e = a.edges;
  const f = b.edges;
  const box = b.bbox;
  let sum = 0;
  const cuts: number[] = [];
  for (let i = 0; i < a.edgeCount; i++) {
    const ax = e[4 * i];
    const ay = e[4 * i + 1];
    const bx = e[4 * i + 2];
    const by = e[4 * i + 3];
    // An edge outside b's box adds nothing.
    if (Math.max(ax, bx) < box[0] - tol || Math.min(ax, bx) > box[2] + tol) continue;
    if (Math.max(ay, by) < box[1] - tol || Math.min(ay, by) > box[3] + tol) continue;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    cuts.length = 0;
    cuts.push(0, 1);
    const cutAt = (px: number, py: number): void => {
      const t = ((px - ax) * dx + (py - ay) * dy) / len2;
      if (t > 0 && t < 1) cuts.push(t);
    };
    b.forEdgesNear(
      Math.min(ax, bx) - tol,
      Math.min(ay, by) - tol,
      Math.max(ax, bx) + tol,
      Math.max(ay, by) + tol,
      (k) => {
        const cx = f[4 * k];
        const cy = f[4 * k + 1];
        const qx = f[4 * k + 2];
        const qy = f[4 * k + 3];
        // The other edge's ends on this one (touches, shared vertices, collinear overlaps).
        if (segmentDistance(cx, cy, ax, ay, bx, by) <= tol) cutAt(cx, cy);
        if (segmentDistance(qx, qy, ax, ay, bx, by) <= tol) cutAt(qx, qy);
        // A proper crossing.
        const ex = qx - cx;
        const ey = qy - cy;
        const denominator = dx * ey - dy * ex;
        if (denominator === 0) return;
        const t = ((cx - ax) * ey - (cy - ay) * ex) / denominator;
        const u = ((cx - ax) * dy - (cy - ay) * dx) / denominator;
        if (t > 0 && t < 1 && u >= 0 && u <= 1) cuts.push(t);
      },
    );
    if (cuts.length > 2) cuts.sort((p, q) => p - q);
    for (let k = 0; k + 1 < cuts.length; k++) {
      const t0 = cuts[k];
      const t1 = cuts[k + 1];
      if (t1 - t0 <= 1e-12) continue;
      const tm = (t0 + t1) / 2;
      const at = b.locate(ax + tm * dx, ay + tm * dy, tol);
      let counts = at.where === 1;
      if (at.where === 0 && alongToo && at.onEdge !== undefined) {
        const n = at.onEdge;
        const fx = f[4 * n + 2] - f[4 * n];
        const fy = f[4 * n + 3] - f[4 * n + 1];
        counts = dx * fx + dy * fy > 0;
      }
      if (!counts) continue;
      const x0 = ax + t0 * dx - ox;
      const y0 = ay + t0 * dy - oy;
      const x1 = ax + t1 * dx - ox;
      const y1 = ay + t1 * dy - oy;
      sum += x0 * y1 - x1 * y0;
    }
  }
  return sum / 2;
}

/** The area of a ∩ b (in the square of the coordinates' unit). */
export function intersectionArea(a: PreparedPolygons, b: PreparedPolygons, tol = OVERLAY_TOLERANCE): number {
  if (a.empty || b.empty) return 0;
  const [axmin, aymin, axmax, aymax] = a.bbox;
  const [bxmin, bymin, bxmax, bymax] = b.bbox;
  if (axmax < bxmin - tol || bxmax < axmin - tol || aymax < bymin - tol || bymax < aymin - tol) return 0;
  // Terms taken from a point near both, for precision.
  const ox = Math.max(axmin, bxmin);
  const oy = Math.max(aymin, bymin);
  const area = boundaryTerms(a, b, true, ox, oy, tol) + boundaryTerms(b, a, false, ox, oy, tol);
  return Math.min(Math.max(0, area), a.area, b.area);
}

/**
 * The least distance between two sets of polygons, 0 when they meet; `xScale` stretches x first (cos of
 * the latitude, for degrees). Vertex to edge both ways: exact for polygons that do not meet.
 */
export function polygonDistance(a: PreparedPolygons, b: PreparedPolygons, xScale = 1): number {
  if (a.empty || b.empty) return Infinity;
  let best = Infinity;
  const one = (p: PreparedPolygons, q: PreparedPolygons): void => {
    const e = p.edges;
    const f = q.edges;
    for (let i = 0; i < p.edgeCount; i++) {
      const x = e[4 * i] * xScale;
      const y = e[4 * i + 1];
      for (let k = 0; k < q.edgeCount; k++) {
        const d = segmentDistance(x, y, f[4 * k] * xScale, f[4 * k + 1], f[4 * k + 2] * xScale, f[4 * k + 3]);
        if (d < best) best = d;
      }
    }
  };
  if (intersectionArea(a, b) > 0) return 0;
  one(a, b);
  one(b, a);
  return best;
}

/** The least distance from a point to the polygons' edges (0 inside), with x stretched by `xScale`. */
export function pointDistance(p: PreparedPolygons, x: number, y: number, xScale = 1): number {
  if (p.empty) return Infinity;
  if (p.covers(x, y)) return 0;
  const e = p.edges;
  let best = Infinity;
  for (let i = 0; i < p.edgeCount; i++) {
    const d = segmentDistance(
      x * xScale,
      y,
      e[4 * i] * xScale,
      e[4 * i + 1],
      e[4 * i + 2] * xScale,
      e[4 * i + 3],
    );
    if (d < best) best = d;
  }
  return best;
}
