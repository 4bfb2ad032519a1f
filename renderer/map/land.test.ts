import { describe, expect, it } from 'vitest';
import { flatLandRings, landRings } from './land.ts';

type Ring = [number, number][];

/** Even-odd ray casting: is (lon, lat) inside the ring? */
function inside(ring: Ring, lon: number, lat: number): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

const onLand = (rings: Ring[], lon: number, lat: number): boolean => rings.some((r) => inside(r, lon, lat));

/** Steps between consecutive points longer than half the world, except along a pole. */
function stripes(rings: Ring[]): number {
  let count = 0;
  for (const ring of rings)
    for (let k = 1; k < ring.length; k++) {
      const [a, b] = [ring[k - 1]!, ring[k]!];
      if (Math.abs(b[0] - a[0]) > 180 && !(Math.abs(a[1]) === 90 && a[1] === b[1])) count++;
    }
  return count;
}

describe('land for a flat map', () => {
  it('draws no ring across the world at the antimeridian (the raw rings do)', () => {
    expect(stripes(landRings())).toBeGreaterThan(0);
    expect(stripes(flatLandRings())).toBe(0);
  });

  it('keeps the land whole on both sides of the antimeridian, and Antarctica to its pole', () => {
    const flat = flatLandRings();
    // Chukotka, either side of 180°, and a world over.
    for (const lon of [179.5, -179.5, -180.5, 180.5]) expect(onLand(flat, lon, 67), `${lon}`).toBe(true);
    // Antarctica, all round and at its pole; the sea north of it is not land.
    for (const lon of [-179, -90, 0, 90, 179]) expect(onLand(flat, lon, -89), `${lon}`).toBe(true);
    expect(onLand(flat, 0, -50)).toBe(false);
    // The Pacific at the antimeridian stays sea.
    expect(onLand(flat, 180, 0)).toBe(false);
    expect(onLand(flat, -179.9, 30)).toBe(false);
  });
});
