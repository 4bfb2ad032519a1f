/**
 * Exact orientation of three points: Shewchuk's adaptive orient2d. A floating-point determinant is
 * accepted when it is larger than its proven error bound; otherwise the determinant is refined with
 * expansion arithmetic until its sign is certain. Never an epsilon: collinear means exactly collinear.
 */

const epsilon = 1.1102230246251565e-16;
const splitter = 134217729;
const resultErrBound = (3 + 8 * epsilon) * epsilon;
const ccwErrBoundA = (3 + 16 * epsilon) * epsilon;
const ccwErrBoundB = (2 + 12 * epsilon) * epsilon;
const ccwErrBoundC = (9 + 64 * epsilon) * epsilon * epsilon;

/** h = e + f for nonoverlapping expansions, zero components dropped; returns h's length. */
function expansionSum(elen: number, e: Float64Array, flen: number, f: Float64Array, h: Float64Array): number {
  let q: number;
  let qNew: number;
  let hh: number;
  let bvirt: number;
  let enow = e[0] ?? 0;
  let fnow = f[0] ?? 0;
  let ei = 0;
  let fi = 0;
  if (fnow > enow === fnow > -enow) {
    q = enow;
    enow = e[++ei] ?? 0;
  } else {
    q = fnow;
    fnow = f[++fi] ?? 0;
  }
  let hi = 0;
  if (ei < elen && fi < flen) {
    if (fnow > enow === fnow > -enow) {
      qNew = enow + q;
      hh = q - (qNew - enow);
      enow = e[++ei] ?? 0;
    } else {
      qNew = fnow + q;
      hh = q - (qNew - fnow);
      fnow = f[++fi] ?? 0;
    }
    q = qNew;
    if (hh !== 0) h[hi++] = hh;
    while (ei < elen && fi < flen) {
      if (fnow > enow === fnow > -enow) {
        qNew = q + enow;
        bvirt = qNew - q;
        hh = q - (qNew - bvirt) + (enow - bvirt);
        enow = e[++ei] ?? 0;
      } else {
        qNew = q + fnow;
        bvirt = qNew - q;
        hh = q - (qNew - bvirt) + (fnow - bvirt);
        fnow = f[++fi] ?? 0;
      }
      q = qNew;
      if (hh !== 0) h[hi++] = hh;
    }
  }
  while (ei < elen) {
    qNew = q + enow;
    bvirt = qNew - q;
    hh = q - (qNew - bvirt) + (enow - bvirt);
    enow = e[++ei] ?? 0;
    q = qNew;
    if (hh !== 0) h[hi++] = hh;
  }
  while (fi < flen) {
    qNew = q + fnow;
    bvirt = qNew - q;
    hh = q - (qNew - bvirt) + (fnow - bvirt);
    fnow = f[++fi] ?? 0;
    q = qNew;
    if (hh !== 0) h[hi++] = hh;
  }
  if (q !== 0 || hi === 0) h[hi++] = q;
  return hi;
}

/** out = a*b - c*d as a 4-component expansion (each product exact via Dekker splitting). */
function crossProduct(a: number, b: number, c: number, d: number, out: Float64Array): void {
  let t: number;
  // Two_Product(a, b) -> s1, s0
  const s1 = a * b;
  t = splitter * a;
  let ahi = t - (t - a);
  let alo = a - ahi;
  t = splitter * b;
  let bhi = t - (t - b);
  let blo = b - bhi;
  const s0 = alo * blo - (s1 - ahi * bhi - alo * bhi - ahi * blo);
  // Two_Product(c, d) -> t1, t0
  const t1 = c * d;
  t = splitter * c;
  ahi = t - (t - c);
  alo = c - ahi;
  t = splitter * d;
  bhi = t - (t - d);
  blo = d - bhi;
  const t0 = alo * blo - (t1 - ahi * bhi - alo * bhi - ahi * blo);
  // Two_Two_Diff(s1, s0, t1, t0)
  let i = s0 - t0;
  let bvirt = s0 - i;
  out[0] = s0 - (i + bvirt) + (bvirt - t0);
  const j = s1 + i;
  bvirt = j - s1;
  const z = s1 - (j - bvirt) + (i - bvirt);
  i = z - t1;
  bvirt = z - i;
  out[1] = z - (i + bvirt) + (bvirt - t1);
  const u3 = j + i;
  bvirt = u3 - j;
  out[2] = j - (u3 - bvirt) + (i - bvirt);
  out[3] = u3;
}

/**
 * The refinement, for the determinants the fast filter cannot sign (nearly collinear points). Its
 * expansions belong to the call that needs them, not to the module: it is rare enough that their
 * allocation does not show (none of the 87,615 orientations of `npm run bench -- geometry`, its tangle
 * included, nor of the 110 real fields of test/corpus/derived/*.csv, reached it; on 200,000 nearly
 * collinear triples that all do, the allocation adds about 10 ns a call).
 */
function orient2dAdapt(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  detsum: number,
): number {
  const acx = ax - cx;
  const bcx = bx - cx;
  const acy = ay - cy;
  const bcy = by - cy;

  const B = new Float64Array(4);
  crossProduct(acx, bcy, acy, bcx, B);
  let det = (B[0] ?? 0) + (B[1] ?? 0) + (B[2] ?? 0) + (B[3] ?? 0);
  let errbound = ccwErrBoundB * detsum;
  if (det >= errbound || -det >= errbound) return det;

  let bvirt = ax - acx;
  const acxtail = ax - (acx + bvirt) + (bvirt - cx);
  bvirt = bx - bcx;
  const bcxtail = bx - (bcx + bvirt) + (bvirt - cx);
  bvirt = ay - acy;
  const acytail = ay - (acy + bvirt) + (bvirt - cy);
  bvirt = by - bcy;
  const bcytail = by - (bcy + bvirt) + (bvirt - cy);

  if (acxtail === 0 && acytail === 0 && bcxtail === 0 && bcytail === 0) return det;

  errbound = ccwErrBoundC * detsum + resultErrBound * Math.abs(det);
  det += acx * bcytail + bcy * acxtail - (acy * bcxtail + bcx * acytail);
  if (det >= errbound || -det >= errbound) return det;

  const U = new Float64Array(4);
  const C1 = new Float64Array(8);
  const C2 = new Float64Array(12);
  const D = new Float64Array(16);
  crossProduct(acxtail, bcy, acytail, bcx, U);
  const c1len = expansionSum(4, B, 4, U, C1);
  crossProduct(acx, bcytail, acy, bcxtail, U);
  const c2len = expansionSum(c1len, C1, 4, U, C2);
  crossProduct(acxtail, bcytail, acytail, bcxtail, U);
  const dlen = expansionSum(c2len, C2, 4, U, D);
  return D[dlen - 1] ?? 0;
}

/**
 * Sign of the determinant |ax-cx ay-cy; bx-cx by-cy|: positive when a, b, c turn counter-clockwise
 * (c is left of a→b), negative when clockwise, 0 when exactly collinear. The magnitude is meaningless.
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const detleft = (ax - cx) * (by - cy);
  const detright = (ay - cy) * (bx - cx);
  const det = detleft - detright;
  let detsum: number;
  if (detleft > 0) {
    if (detright <= 0) return det;
    detsum = detleft + detright;
  } else if (detleft < 0) {
    if (detright >= 0) return det;
    detsum = -detleft - detright;
  } else {
    return det;
  }
  const errbound = ccwErrBoundA * detsum;
  if (det >= errbound || -det >= errbound) return det;
  return orient2dAdapt(ax, ay, bx, by, cx, cy, detsum);
}

/**
 * Orientation index of q relative to the directed segment p1→p2, as JTS/GEOS `Orientation.index`:
 * 1 counter-clockwise (left), -1 clockwise (right), 0 collinear.
 */
export function orientationIndex(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  qx: number,
  qy: number,
): number {
  const d = orient2d(p1x, p1y, p2x, p2y, qx, qy);
  return d > 0 ? 1 : d < 0 ? -1 : 0;
}
