import { describe, expect, it } from 'vitest';
import { findZoneOverlaps } from '../rx/zone-overlaps.ts';
import { groupRings } from '../shapefile/group-rings.ts';
import {
  BOUNDARY,
  EXTERIOR,
  INTERIOR,
  RayCrossingCounter,
  locateInPolygon,
  locateInRing,
  locatePointInRing,
} from './point-in-ring.ts';

const ring = (...xy: number[]) => Float64Array.from(xy);
// A 10 × 10 square (counter-clockwise) with a 4 × 4 hole (clockwise) and a notch cut into its top edge.
const shell = ring(0, 0, 10, 0, 10, 10, 6, 10, 5, 7, 4, 10, 0, 10, 0, 0);
const hole = ring(3, 2, 3, 5, 7, 5, 7, 2, 3, 2);

/**
 * An independent answer on small integers, where every product is exact in doubles: on a segment when the
 * cross product is 0 inside its box, else even-odd crossings of a ray to +x.
 */
function reference(px: number, py: number, r: Float64Array): number {
  const n = r.length >> 1;
  let inside = false;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [ax, ay, bx, by] = [r[2 * i]!, r[2 * i + 1]!, r[2 * j]!, r[2 * j + 1]!];
    const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    if (
      cross === 0 &&
      Math.min(ax, bx) <= px &&
      px <= Math.max(ax, bx) &&
      Math.min(ay, by) <= py &&
      py <= Math.max(ay, by)
    )
      return BOUNDARY;
    if (ay > py !== by > py && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside ? INTERIOR : EXTERIOR;
}

/** Every point of a half-unit lattice over the box: vertices, edge points, interior and exterior. */
function lattice(): [number, number][] {
  const points: [number, number][] = [];
  for (let x = -1; x <= 11; x += 0.5) for (let y = -1; y <= 11; y += 0.5) points.push([x, y]);
  return points;
}

describe('one point-in-ring test', () => {
  it('agrees with an exact reference on vertices, edges, notches, holes and outside', () => {
    for (const r of [shell, hole]) {
      for (const [x, y] of lattice())
        expect(locatePointInRing(x, y, r), `${x} ${y}`).toBe(reference(x, y, r));
    }
  });

  it('names vertices and edge points BOUNDARY, in shells and in holes', () => {
    expect(locatePointInRing(10, 10, shell)).toBe(BOUNDARY);
    expect(locatePointInRing(5, 7, shell)).toBe(BOUNDARY); // the notch's reflex vertex
    expect(locatePointInRing(5.5, 8.5, shell)).toBe(BOUNDARY); // on the notch's edge
    expect(locatePointInRing(5, 8, shell)).toBe(EXTERIOR); // inside the notch
    expect(locatePointInRing(3, 3, hole)).toBe(BOUNDARY);
    expect(locatePointInRing(5, 5, hole)).toBe(BOUNDARY);
  });

  it('reads an open ring as closed', () => {
    const open = shell.subarray(0, shell.length - 2);
    for (const [x, y] of lattice())
      expect(locatePointInRing(x, y, open)).toBe(locatePointInRing(x, y, shell));
  });

  it('locates in a polygon with holes: hole interior outside, hole edge on the boundary', () => {
    const polygon = [shell, hole];
    expect(locateInPolygon(5, 3, polygon)).toBe(EXTERIOR);
    expect(locateInPolygon(3, 3, polygon)).toBe(BOUNDARY);
    expect(locateInPolygon(7, 3.5, polygon)).toBe(BOUNDARY);
    expect(locateInPolygon(1, 1, polygon)).toBe(INTERIOR);
    expect(locateInPolygon(8, 9, polygon)).toBe(INTERIOR);
    expect(locateInPolygon(-1, 5, polygon)).toBe(EXTERIOR);
  });

  it('gives the same answer from an offset sub-ring and from any order or subset of spanning edges', () => {
    const padded = new Float64Array(4 + shell.length);
    padded.set(shell, 4);
    const counter = new RayCrossingCounter(0, 0);
    for (const [x, y] of lattice()) {
      const whole = locatePointInRing(x, y, shell);
      expect(locateInRing(x, y, padded, 2, shell.length >> 1)).toBe(whole);
      // Only the edges spanning y, in reverse order: what the zone-overlap stripes hand the counter.
      counter.reset(x, y);
      for (let i = (shell.length >> 1) - 2; i >= 0; i--) {
        const [ay, by] = [shell[2 * i + 1]!, shell[2 * i + 3]!];
        if (Math.min(ay, by) <= y && y <= Math.max(ay, by))
          counter.countSegment(shell[2 * i]!, ay, shell[2 * i + 2]!, by);
      }
      expect(counter.location, `${x} ${y}`).toBe(whole);
    }
  });

  it('is the test behind shapefile ring grouping and zone overlaps', () => {
    // Shapefile winding: shell clockwise, hole counter-clockwise; a ring touching the shell from inside
    // at a vertex is still a hole of it.
    const cwShell = ring(0, 0, 0, 10, 10, 10, 10, 0, 0, 0);
    const touchingHole = ring(0, 0, 4, 2, 2, 4, 0, 0);
    expect(groupRings([cwShell, touchingHole])).toEqual([[cwShell, touchingHole]]);
    // A zone filling the other's hole shares only the hole's boundary: no overlap. One covering it does.
    const donut = { record: 1, polygons: [[shell, hole]] };
    const plug = { record: 2, polygons: [[ring(3, 2, 7, 2, 7, 5, 3, 5, 3, 2)]] };
    expect(findZoneOverlaps([donut, plug])).toEqual([]);
    const patch = { record: 3, polygons: [[ring(2, 1, 8, 1, 8, 6, 2, 6, 2, 1)]] };
    expect(findZoneOverlaps([donut, patch]).map((o) => [o.record, o.other])).toEqual([[1, 3]]);
  });
});
