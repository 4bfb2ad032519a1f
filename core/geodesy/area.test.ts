import { readFileSync } from 'node:fs';
import geographiclib from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../test/support/corpus.ts';
import { areaAcres, multiPolygonArea, polygonArea, signedRingArea, SQUARE_METRES_PER_ACRE } from './area.ts';

const geod = geographiclib.Geodesic.WGS84;

/** The reference: geographiclib's exact geodesic polygon area (shell minus holes). */
function referenceArea(rings: ArrayLike<number>[]): number {
  let total = 0;
  rings.forEach((ring, index) => {
    const p = geod.Polygon(false);
    const n = ring.length >> 1;
    const closed = ring[0] === ring[2 * n - 2] && ring[1] === ring[2 * n - 1];
    for (let i = 0; i < (closed ? n - 1 : n); i++) p.AddPoint(ring[2 * i + 1] ?? 0, ring[2 * i] ?? 0);
    const a = Math.abs(p.Compute(false, true).area ?? 0);
    total += index === 0 ? a : -a;
  });
  return total;
}

function rectangle(lon: number, lat: number, dLon: number, dLat: number, perSide = 1): Float64Array {
  const pts: number[] = [];
  for (let i = 0; i < perSide; i++) pts.push(lon + (dLon * i) / perSide, lat);
  for (let i = 0; i < perSide; i++) pts.push(lon + dLon, lat + (dLat * i) / perSide);
  for (let i = 0; i < perSide; i++) pts.push(lon + dLon - (dLon * i) / perSide, lat + dLat);
  for (let i = 0; i < perSide; i++) pts.push(lon, lat + dLat - (dLat * i) / perSide);
  pts.push(lon, lat);
  return Float64Array.from(pts);
}

describe('ellipsoidal area', () => {
  it('matches geographiclib on rectangles from 20 m to 15 km at latitudes 0° to 75°', () => {
    for (const lat of [-45, 0, 15, 30, 45, 60, 75]) {
      for (const sizeDeg of [0.0002, 0.002, 0.02, 0.13]) {
        const ring = rectangle(-96.5, lat, sizeDeg, sizeDeg * 0.7);
        const ours = polygonArea([ring]);
        const ref = referenceArea([ring]);
        expect(Math.abs(ours - ref) / ref).toBeLessThan(1e-7);
      }
    }
  });

  it('matches the exact latitude function where rings get it from a polynomial (spans up to half a degree)', () => {
    // The polynomial serves rings spanning at most 0.5° of latitude; 0.6° takes the exact function per
    // vertex. Both agree with geographiclib alike, at every latitude.
    for (const lat of [-80, -30, 0, 45, 70, 84]) {
      for (const dLat of [0.001, 0.05, 0.3, 0.49, 0.6]) {
        const ring = rectangle(20, lat, dLat * 1.3, dLat, 40);
        const ref = referenceArea([ring]);
        expect(Math.abs(polygonArea([ring]) - ref) / ref, `${lat}° ${dLat}°`).toBeLessThan(1e-7);
      }
    }
  });

  it('is signed by orientation and ignores a missing closing point', () => {
    const ccw = rectangle(10, 50, 0.01, 0.01);
    const cw = new Float64Array(ccw.length);
    for (let i = 0; i < ccw.length; i += 2) {
      cw[i] = ccw[ccw.length - 2 - i] ?? 0;
      cw[i + 1] = ccw[ccw.length - 1 - i] ?? 0;
    }
    expect(signedRingArea(ccw)).toBeGreaterThan(0);
    expect(signedRingArea(cw)).toBeCloseTo(-signedRingArea(ccw), 6);
    expect(signedRingArea(ccw.subarray(0, ccw.length - 2))).toBeCloseTo(signedRingArea(ccw), 6);
  });

  it('subtracts holes and sums multipolygon parts', () => {
    const shell = rectangle(10, 50, 0.02, 0.02);
    const hole = rectangle(10.005, 50.005, 0.005, 0.005);
    const withHole = polygonArea([shell, hole]);
    expect(withHole).toBeCloseTo(polygonArea([shell]) - polygonArea([hole]), 3);
    expect(Math.abs(withHole - referenceArea([shell, hole])) / withHole).toBeLessThan(1e-8);
    expect(multiPolygonArea([[shell], [hole]])).toBeCloseTo(polygonArea([shell]) + polygonArea([hole]), 3);
  });

  it('handles a field across the antimeridian', () => {
    const ring = Float64Array.from([
      179.995, -17, -179.995, -17, -179.995, -16.99, 179.995, -16.99, 179.995, -17,
    ]);
    const ref = referenceArea([ring]);
    expect(Math.abs(polygonArea([ring]) - ref) / ref).toBeLessThan(1e-8);
  });

  it('converts to international acres', () => {
    expect(areaAcres([[rectangle(0, 0, 0.001, 0.001)]])).toBeCloseTo(
      polygonArea([rectangle(0, 0, 0.001, 0.001)]) / SQUARE_METRES_PER_ACRE,
      9,
    );
  });

  it('agrees with geographiclib within 1e-7 on every CSB corpus polygon', () => {
    const geojson = JSON.parse(
      readFileSync(corpusPath('derived/us_csb_2024_sample_wgs84.geojson'), 'utf8'),
    ) as { features: Array<{ geometry: { type: string; coordinates: number[][][] | number[][][][] } }> };
    expect(geojson.features).toHaveLength(100);
    for (const f of geojson.features) {
      const polygons = (
        f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
      ) as number[][][][];
      const rings = polygons.map((p) => p.map((r) => Float64Array.from(r.flat())));
      const ours = multiPolygonArea(rings);
      const ref = rings.reduce((s, p) => s + referenceArea(p), 0);
      expect(Math.abs(ours - ref) / ref).toBeLessThan(1e-7);
    }
  });
});
