/**
 * Area on the WGS 84 ellipsoid, in square metres and acres.
 *
 * Method: latitudes go to authalic latitudes β (Snyder, Map Projections: A Working Manual, eq. 3-11/3-12),
 * which put the ellipsoid on a sphere of equal area (radius R_q = 6,371,007.2 m) without changing any
 * area; the polygon's area there is the sum, over its edges, of the spherical excess of the trapezoid
 * between the edge and the equator, tan(E/2) = tan(Δλ/2)·(tan(β1/2) + tan(β2/2)) / (1 + tan(β1/2)·tan(β2/2)).
 * Great circles on the authalic sphere differ from geodesics on the ellipsoid only at order e²·(L/R)², so
 * on field polygons up to the service's 20,000-acre cap the result agrees with geographiclib's PolygonArea
 * (exact geodesic polygons, the reference in area.test.ts) to about 1e-7 relative even on jagged shapes,
 * at 70–90× its speed (a field's latitudes go through a fitted polynomial, see fitHalfTan). `npm run
 * bench -- area` measures this against the alternatives: a straight-edge shoelace in the cylindrical
 * equal-area map (slower, and up to 5e-5 off on jagged polygons with km-long edges) and turf's sphere
 * (R = 6,371,008.8 m: −0.1 % to −0.5 % at field latitudes).
 *
 * Rings are interleaved longitude,latitude arrays in degrees; a closing point equal to the first is
 * optional. Longitude steps are taken modulo 360°, so rings across the antimeridian work.
 */

export const WGS84_A = 6378137;
export const WGS84_F = 1 / 298.257223563;
const E2 = WGS84_F * (2 - WGS84_F);
const E = Math.sqrt(E2);
const DEG = Math.PI / 180;

/** The international acre: 4,046.856 4224 m² (the US survey acre differs by 4 ppm). */
export const SQUARE_METRES_PER_ACRE = 4046.8564224;
export const ACRES_PER_HECTARE = 10_000 / SQUARE_METRES_PER_ACRE;

/** Authalic q(φ) for sin φ; q(90°) = q_p. */
function authalicQ(sinPhi: number): number {
  const es = E * sinPhi;
  return (1 - E2) * (sinPhi / (1 - es * es) + Math.log((1 + es) / (1 - es)) / (2 * E));
}

const QP = authalicQ(1);
/** R_q², the square of the authalic radius. */
const AUTHALIC_R2 = (WGS84_A * WGS84_A * QP) / 2;

/** tan(β/2) of the authalic latitude β of a geodetic latitude in degrees. */
function halfTanAuthalic(latDeg: number): number {
  let sinBeta = authalicQ(Math.sin(latDeg * DEG)) / QP;
  if (sinBeta > 1) sinBeta = 1;
  else if (sinBeta < -1) sinBeta = -1;
  return sinBeta / (1 + Math.sqrt(1 - sinBeta * sinBeta));
}

const HALF_DEG = DEG / 2;
/**
 * Below this (radians), tan and atan are taken by their Taylor series to the 7th power: the first term left
 * out is under 1e-19 of the result, and field edges (far shorter than half a degree) always qualify.
 */
const SERIES_BELOW = 0.005;

/** atan2(tan(x)·(t1 + t2), 1 + t1·t2): half the spherical excess of an edge's trapezoid to the equator. */
function halfExcess(x: number, t1: number, t2: number): number {
  const den = 1 + t1 * t2;
  if (x < SERIES_BELOW && x > -SERIES_BELOW) {
    const x2 = x * x;
    const tanX = x * (1 + x2 * (1 / 3 + x2 * (2 / 15 + x2 * (17 / 315))));
    const num = tanX * (t1 + t2);
    // |t| ≤ 1, so den ≥ 0; z = num / den is small unless both latitudes are near opposite poles.
    if (num < SERIES_BELOW * den && num > -SERIES_BELOW * den) {
      const z = num / den;
      const z2 = z * z;
      return z * (1 - z2 * (1 / 3 - z2 * (1 / 5 - z2 / 7)));
    }
  }
  return Math.atan2(Math.tan(x) * (t1 + t2), den);
}

/**
 * tan(β/2) over a ring's latitudes from a polynomial, when they span at most POLYNOMIAL_SPAN degrees: the
 * exact function at NODES Chebyshev nodes of the span, in Newton form. Its error there is under a unit in
 * the last place (the 6th derivative of tan(β/2) in degrees is about (π/180)^6, so over half a degree the
 * remainder is below 1e-17), and it costs a few multiplications per vertex instead of a sine, a logarithm
 * and a square root: a field's ring costs NODES exact evaluations whatever its number of vertices.
 */
const POLYNOMIAL_SPAN = 0.5;
const NODES = 6;
const nodes = new Float64Array(NODES);
/** Newton coefficients: t(φ) = c0 + (φ − x0)(c1 + (φ − x1)(c2 + …)). */
const coefficients = new Float64Array(NODES);

/** Fit the polynomial to [south, north] (south < north); see POLYNOMIAL_SPAN. */
function fitHalfTan(south: number, north: number): void {
  const mid = (south + north) / 2;
  const half = (north - south) / 2;
  for (let k = 0; k < NODES; k++) {
    nodes[k] = mid + half * Math.cos(((2 * k + 1) * Math.PI) / (2 * NODES));
    coefficients[k] = halfTanAuthalic(nodes[k] as number);
  }
  // Divided differences in place: coefficients[k] becomes f[x0 … xk].
  for (let level = 1; level < NODES; level++)
    for (let k = NODES - 1; k >= level; k--)
      coefficients[k] =
        ((coefficients[k] as number) - (coefficients[k - 1] as number)) /
        ((nodes[k] as number) - (nodes[k - level] as number));
}

function fittedHalfTan(latDeg: number): number {
  let t = coefficients[NODES - 1] as number;
  for (let k = NODES - 2; k >= 0; k--) t = t * (latDeg - (nodes[k] as number)) + (coefficients[k] as number);
  return t;
}

/**
 * Signed area in m² of one ring: positive when counter-clockwise in longitude/latitude (an RFC 7946
 * exterior ring), negative when clockwise. `start`/`end` select a slice of a larger coordinate array
 * (offsets in numbers, not points).
 */
export function signedRingArea(ring: ArrayLike<number>, start = 0, end = ring.length): number {
  const n = (end - start) >> 1;
  if (n < 3) return 0;
  let south = Infinity;
  let north = -Infinity;
  for (let i = start + 1; i < end; i += 2) {
    const lat = ring[i] ?? 0;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  // Latitudes all the same (or not numbers): the exact function; a field's few dozen metres: the fit.
  const fitted = north > south && north - south <= POLYNOMIAL_SPAN;
  if (!fitted) return exactRingArea(ring, start, n);
  fitHalfTan(south, north);
  // The fit's nodes and coefficients in locals: fittedHalfTan's steps written out, in its order (the same
  // bits), without two array reads per step.
  const x0 = nodes[0] as number;
  const x1 = nodes[1] as number;
  const x2 = nodes[2] as number;
  const x3 = nodes[3] as number;
  const x4 = nodes[4] as number;
  const c0 = coefficients[0] as number;
  const c1 = coefficients[1] as number;
  const c2 = coefficients[2] as number;
  const c3 = coefficients[3] as number;
  const c4 = coefficients[4] as number;
  const c5 = coefficients[5] as number;
  let excess = 0;
  const firstLon = ring[start] ?? 0;
  const firstT = fittedHalfTan(ring[start + 1] ?? 0);
  let prevLon = firstLon;
  let prevT = firstT;
  // k === n closes the ring back to the first vertex (a zero step when the ring is closed already).
  for (let k = 1; k <= n; k++) {
    let lon = firstLon;
    let t = firstT;
    if (k < n) {
      const i = start + 2 * k;
      lon = ring[i] as number;
      const lat = ring[i + 1] as number;
      t =
        ((((c5 * (lat - x4) + c4) * (lat - x3) + c3) * (lat - x2) + c2) * (lat - x1) + c1) * (lat - x0) + c0;
    }
    let dLon = lon - prevLon;
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    if (dLon !== 0) excess += 2 * halfExcess(dLon * HALF_DEG, prevT, t);
    prevLon = lon;
    prevT = t;
  }
  // Each edge adds the excess of its trapezoid down to the equator; going east adds, going west takes
  // away, so a counter-clockwise ring sums to minus its area.
  return -excess * AUTHALIC_R2;
}

/** signedRingArea with the exact tan(β/2) at every vertex (latitudes too spread for the fit, or all equal). */
function exactRingArea(ring: ArrayLike<number>, start: number, n: number): number {
  let excess = 0;
  const firstLon = ring[start] ?? 0;
  const firstLat = ring[start + 1] ?? 0;
  const firstT = halfTanAuthalic(firstLat);
  let prevLon = firstLon;
  let prevT = firstT;
  for (let k = 1; k <= n; k++) {
    const i = start + 2 * (k % n);
    const lon = k === n ? firstLon : (ring[i] ?? 0);
    const lat = ring[i + 1] ?? 0;
    const t = k === n ? firstT : halfTanAuthalic(lat);
    let dLon = lon - prevLon;
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    if (dLon !== 0) excess += 2 * halfExcess(dLon * HALF_DEG, prevT, t);
    prevLon = lon;
    prevT = t;
  }
  // Each edge adds the excess of its trapezoid down to the equator; going east adds, going west takes
  // away, so a counter-clockwise ring sums to minus its area.
  return -excess * AUTHALIC_R2;
}

/** Area in m² of a polygon: its shell minus its holes (orientation of the rings does not matter). */
export function polygonArea(rings: readonly ArrayLike<number>[]): number {
  let area = 0;
  rings.forEach((ring, index) => {
    const a = Math.abs(signedRingArea(ring));
    area += index === 0 ? a : -a;
  });
  return Math.max(0, area);
}

/** Area in m² of a multipolygon: the sum of its polygons (overlaps are counted twice; validity reports them). */
export function multiPolygonArea(polygons: readonly (readonly ArrayLike<number>[])[]): number {
  let area = 0;
  for (const p of polygons) area += polygonArea(p);
  return area;
}

export function squareMetresToAcres(m2: number): number {
  return m2 / SQUARE_METRES_PER_ACRE;
}

/** Area in acres of a (multi)polygon given as polygons of rings. */
export function areaAcres(polygons: readonly (readonly ArrayLike<number>[])[]): number {
  return squareMetresToAcres(multiPolygonArea(polygons));
}
