/**
 * `npm run bench -- area`: ellipsoidal area of field polygons, ours (authalic sphere, great-circle edges)
 * against geographiclib's PolygonArea (exact geodesic polygons, the reference), in one run, with the
 * alternatives we measured before choosing: a straight-edge shoelace in the cylindrical equal-area map,
 * a sphere with the local radii of curvature, and turf's sphere.
 *
 * Two generated sets (deterministic): field-like polygons (rectangles and smooth blobs, 4 to 2,000
 * vertices, 0.1 to 20,000 acres, latitudes −55° to 70°) and a stress set of jagged stars whose edges
 * zigzag by kilometres, where edge shape matters most.
 *
 * Reading the numbers: on polygons under an acre with hundreds of vertices the reference itself rounds
 * (geographiclib sums per-edge areas measured from the equator, ~1e-3 m² each); there our method and the
 * cylindrical one agree with each other to 1e-10, so the "all" column's ~1e-6 is the reference's noise and
 * the "≥ 1 acre" column is the method's error.
 */
import geographiclib from 'geographiclib-geodesic';
import { polygonArea } from './area.ts';

const { Geodesic } = geographiclib;
const geod = Geodesic.WGS84;
const DEG = Math.PI / 180;

let seed = 0x5eed1234;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A closed ring around (lon, lat) from offsets in metres. */
function ring(lon: number, lat: number, xy: Array<[number, number]>): Float64Array {
  const out = new Float64Array(2 * (xy.length + 1));
  xy.forEach(([x, y], i) => {
    out[2 * i] = lon + x / (111_320 * Math.cos(lat * DEG));
    out[2 * i + 1] = lat + y / 111_132;
  });
  out[2 * xy.length] = out[0] ?? 0;
  out[2 * xy.length + 1] = out[1] ?? 0;
  return out;
}

function fieldLike(): Float64Array[] {
  const lat = -55 + 125 * random();
  const lon = -180 + 360 * random();
  const acres = 10 ** (-1 + 5.3 * random());
  const sizeM = Math.sqrt(acres * 4046.8564224);
  if (random() < 0.4) {
    // A rectangle, 4 to 40 vertices along its sides.
    const aspect = 0.3 + 2.7 * random();
    const w = sizeM * Math.sqrt(aspect);
    const h = (sizeM * sizeM) / w;
    const perSide = 1 + Math.floor(10 * random());
    const pts: Array<[number, number]> = [];
    for (let i = 0; i < perSide; i++) pts.push([(w * i) / perSide, 0]);
    for (let i = 0; i < perSide; i++) pts.push([w, (h * i) / perSide]);
    for (let i = 0; i < perSide; i++) pts.push([w - (w * i) / perSide, h]);
    for (let i = 0; i < perSide; i++) pts.push([0, h - (h * i) / perSide]);
    return [ring(lon, lat, pts)];
  }
  // A smooth blob: radius with a few low harmonics and 1 % noise.
  const n = Math.round(20 + 1980 * random() ** 3);
  const r0 = sizeM / Math.sqrt(Math.PI);
  const h2 = 0.2 * random();
  const h3 = 0.1 * random();
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = r0 * (1 + h2 * Math.cos(2 * a) + h3 * Math.sin(3 * a) + 0.01 * (random() - 0.5));
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  const shell = ring(lon, lat, pts);
  if (random() < 0.3) {
    const hole: Array<[number, number]> = [];
    for (let i = 0; i < 12; i++) {
      const a = (-2 * Math.PI * i) / 12;
      hole.push([0.2 * r0 * Math.cos(a), 0.2 * r0 * Math.sin(a)]);
    }
    return [shell, ring(lon, lat, hole)];
  }
  return [shell];
}

function jagged(): Float64Array[] {
  const lat = -55 + 125 * random();
  const lon = -180 + 360 * random();
  const r0 = Math.sqrt((10 ** (2 + 3 * random()) * 4046.8564224) / Math.PI);
  const n = Math.round(20 + 1980 * random() ** 3);
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = r0 * (0.75 + 0.5 * random());
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return [ring(lon, lat, pts)];
}

const sets = {
  'field-like': Array.from({ length: 3000 }, fieldLike),
  'jagged stress': Array.from({ length: 1000 }, jagged),
};

type AreaFn = (rings: Float64Array[]) => number;

const perRing =
  (fn: (r: Float64Array) => number): AreaFn =>
  (rings) => {
    let total = 0;
    rings.forEach((r, i) => {
      const a = Math.abs(fn(r));
      total += i === 0 ? a : -a;
    });
    return total;
  };

const geographiclibArea = perRing((r) => {
  const p = geod.Polygon(false);
  for (let i = 0; i + 3 < r.length; i += 2) p.AddPoint(r[i + 1] ?? 0, r[i] ?? 0);
  return p.Compute(false, true).area ?? 0;
});

const E2 = (1 / 298.257223563) * (2 - 1 / 298.257223563);
const E = Math.sqrt(E2);
const q = (s: number): number =>
  (1 - E2) * (s / (1 - E2 * s * s) + Math.log((1 + E * s) / (1 - E * s)) / (2 * E));

/** Straight edges in Lambert's cylindrical equal-area map of the ellipsoid (x = aλ, y = a·q/2). */
const cylindricalArea = perRing((r) => {
  const n = (r.length >> 1) - 1;
  const lon0 = r[0] ?? 0;
  const q0 = q(Math.sin((r[1] ?? 0) * DEG));
  let sum = 0;
  let px = 0;
  let py = 0;
  for (let i = 1; i <= n; i++) {
    const x = ((r[2 * i] ?? 0) - lon0) * DEG;
    const y = q(Math.sin((r[2 * i + 1] ?? 0) * DEG)) - q0;
    sum += px * y - x * py;
    px = x;
    py = y;
  }
  return ((sum / 2) * 6378137 * 6378137) / 2;
});

const sphere = (radius2: (r: Float64Array) => number): AreaFn =>
  perRing((r) => {
    const n = (r.length >> 1) - 1;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const u = (i + 2) % n;
      const m = (i + 1) % n;
      sum += ((r[2 * u] ?? 0) - (r[2 * i] ?? 0)) * DEG * Math.sin((r[2 * m + 1] ?? 0) * DEG);
    }
    return (sum * radius2(r)) / 2;
  });

const turfSphereArea = sphere(() => 6371008.8 * 6371008.8);
/** Turf's formula on a sphere of radius √(M·N) at the ring's first latitude. */
const localRadiusArea = sphere((r) => {
  const s = Math.sin((r[1] ?? 0) * DEG);
  const w = 1 - E2 * s * s;
  return (6378137 * 6378137 * (1 - E2)) / (w * w);
});

const methods: Array<[string, AreaFn]> = [
  ['geographiclib PolygonArea (reference)', geographiclibArea],
  ['fieldgate: authalic sphere, great circles', (rings) => polygonArea(rings)],
  ['cylindrical equal-area, straight edges', cylindricalArea],
  ['sphere with local radii of curvature', localRadiusArea],
  ["turf's sphere R=6371008.8", turfSphereArea],
];

function measure(polygons: Float64Array[][], fn: AreaFn): { perSecond: number; areas: Float64Array } {
  const areas = new Float64Array(polygons.length);
  for (let i = 0; i < Math.min(300, polygons.length); i++) fn(polygons[i] as Float64Array[]);
  globalThis.gc?.();
  let rounds = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < polygons.length; i++) areas[i] = fn(polygons[i] as Float64Array[]);
    rounds++;
    elapsed = performance.now() - start;
  } while (elapsed < 1000);
  return { perSecond: (rounds * polygons.length) / (elapsed / 1000), areas };
}

for (const [setName, polygons] of Object.entries(sets)) {
  const vertices = polygons.reduce((s, p) => s + p.reduce((t, r) => t + (r.length >> 1), 0), 0);
  console.log(`\n${setName}: ${polygons.length} polygons, ${vertices} vertices`);
  const [refName, refFn] = methods[0] as [string, AreaFn];
  const reference = measure(polygons, refFn);
  console.log(`  ${refName.padEnd(42)} ${reference.perSecond.toFixed(0).padStart(8)} polygons/s`);
  for (const [name, fn] of methods.slice(1)) {
    const r = measure(polygons, fn);
    let maxRel = 0;
    let maxRelAcre = 0;
    for (let i = 0; i < polygons.length; i++) {
      const ref = reference.areas[i] ?? 0;
      const rel = Math.abs(((r.areas[i] ?? 0) - ref) / ref);
      maxRel = Math.max(maxRel, rel);
      if (ref >= 4046.8564224) maxRelAcre = Math.max(maxRelAcre, rel);
    }
    console.log(
      `  ${name.padEnd(42)} ${r.perSecond.toFixed(0).padStart(8)} polygons/s ${(r.perSecond / reference.perSecond).toFixed(1).padStart(6)}× ref` +
        `   max |rel. err| ${maxRel.toExponential(1)} all, ${maxRelAcre.toExponential(1)} ≥ 1 acre`,
    );
  }
}
console.log(`\npeak RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
