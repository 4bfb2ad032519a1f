import { describe, expect, it } from 'vitest';
import { reversed, square } from '../../test/rx/build-shapefile.ts';
import { crowdedZones, findZoneOverlaps, interiorPoint } from './zone-overlaps.ts';

const zone = (record: number, ...rings: number[][]) => ({
  record,
  polygons: [rings.map((r) => Float64Array.from(r))],
});

describe('findZoneOverlaps', () => {
  it('does not count shared edges, shared corners or a zone inside another zone’s hole', () => {
    const zones = [
      zone(1, square(0, 0, 1)),
      zone(2, square(1, 0, 1)),
      zone(3, square(1, 1, 1)),
      zone(4, square(10, 0, 4), reversed(square(11, 1, 2))),
      zone(5, square(11, 1, 2)),
    ];
    expect(findZoneOverlaps(zones)).toEqual([]);
  });

  it('finds crossing boundaries, containment and identical zones', () => {
    const zones = [
      zone(1, square(0, 0, 2)),
      zone(2, square(1, 1, 2)), // crosses 1
      zone(3, square(10, 10, 4)),
      zone(4, square(11, 11, 1)), // inside 3
      zone(5, square(20, 0, 1)),
      zone(6, square(20, 0, 1)), // identical to 5
      zone(7, square(30, 0, 1)),
      zone(8, [30.5, 0, 30.5, 1, 31.5, 1, 31.5, 0, 30.5, 0]), // half over 7, edges collinear
    ];
    expect(findZoneOverlaps(zones).map((o) => [o.record, o.other])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    const [first] = findZoneOverlaps(zones);
    expect(first?.point).toEqual([1, 2]);
  });

  it('finds an overlap entered only through a vertex touching the other boundary', () => {
    // Zone 2 is a thin triangle whose tip pokes into zone 1 from a point on zone 1's edge.
    const zones = [zone(1, square(0, 0, 10)), zone(2, [5, 10, 6, 12, 5.5, 9, 5, 10])];
    expect(findZoneOverlaps(zones).map((o) => [o.record, o.other])).toEqual([[1, 2]]);
  });

  it('tests a zone against others only until it takes part in perZone pairs as the later zone', () => {
    // Forty copies of one square and a zone apart: every copy overlaps every other.
    const zones = [
      ...Array.from({ length: 40 }, (_, i) => zone(i + 1, square(0, 0, 1))),
      zone(41, square(5, 5, 1)),
    ];
    expect(findZoneOverlaps(zones)).toHaveLength((40 * 39) / 2);
    const bounded = findZoneOverlaps(zones, { perZone: 3 });
    const pairsOf = (record: number) => bounded.filter((o) => o.other === record).length;
    expect([1, 2, 3, 4, 5, 40, 41].map(pairsOf)).toEqual([0, 1, 2, 3, 3, 3, 0]);
    expect(bounded).toHaveLength(1 + 2 + 3 * 37);
    expect(crowdedZones(bounded, 3)).toEqual(Array.from({ length: 37 }, (_, i) => i + 4));
  });
});

describe('interiorPoint', () => {
  it('finds a point inside a concave polygon, and inside a polygon with a hole', () => {
    const u = [0, 0, 0, 3, 1, 3, 1, 1, 2, 1, 2, 3, 3, 3, 3, 0, 0, 0];
    expect(interiorPoint([Float64Array.from(u)])).toEqual([0.5, 2]); // in the left arm, not the notch
    const frame = [Float64Array.from(square(0, 0, 3)), Float64Array.from(reversed(square(1, 1, 1)))];
    expect(interiorPoint(frame)).toEqual([0.5, 1.5]);
  });
});
