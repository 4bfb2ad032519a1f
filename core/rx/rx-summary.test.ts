import geographiclib from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { rxZip } from '../../test/rx/build-zip.ts';
import { reversed, square } from '../../test/rx/build-shapefile.ts';
import { validate } from '../engine/every-kind.ts';
import type { RxSummary } from '../input/kind-summary.ts';
import { rateClasses } from './rx-summary.ts';
import { validateRx } from './validate-rx.ts';

describe('prescription summary', () => {
  it('counts zones and rates, measures acres per rate class and writes RFC 7946 GeoJSON', () => {
    const records = [
      [square(-96, 41, 0.001), reversed(square(-95.9996, 41.0004, 0.0002))],
      [square(-95.999, 41, 0.001)],
      [square(-95.998, 41, 0.001)],
    ];
    const zip = rxZip({
      shapefile: {
        records,
        fields: [{ name: 'RATE', type: 'N', length: 8, decimals: 1 }],
        rows: [[100], [150], [100]],
      },
    });
    const { summary, diagnostics } = validateRx(zip);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const s = summary as unknown as {
      zoneCount: number;
      rate: { min: number; max: number; mean: number };
      rateClasses: { rate: number; zones: number; acres: number }[];
      totalAcres: number;
      map: { features: { geometry: { type: string; coordinates: number[][][] } }[] };
    };
    expect(s.zoneCount).toBe(3);
    expect(s.rate).toMatchObject({ min: 100, max: 150, mean: 116.666667 });
    // Reference: geographiclib's exact geodesic polygon area. The hole takes 4 % of zone 1.
    const acres = (x: number, y: number, size: number) => {
      const p = geographiclib.Geodesic.WGS84.Polygon(false);
      p.AddPoint(y, x);
      p.AddPoint(y, x + size);
      p.AddPoint(y + size, x + size);
      p.AddPoint(y + size, x);
      return Math.abs(p.Compute(false, true).area ?? 0) / 4046.8564224;
    };
    expect(s.rateClasses.map((c) => [c.rate, c.zones])).toEqual([
      [100, 2],
      [150, 1],
    ]);
    expect(s.rateClasses[1]?.acres).toBeCloseTo(acres(-95.998, 41, 0.001), 3);
    expect(s.rateClasses[0]?.acres).toBeCloseTo(
      acres(-96, 41, 0.001) - acres(-95.9996, 41.0004, 0.0002) + acres(-95.999, 41, 0.001),
      3,
    );
    const polygon = s.map.features[0]?.geometry;
    expect(polygon?.type).toBe('Polygon');
    // Exterior counter-clockwise: from (-96, 41) east first.
    expect(polygon?.coordinates[0]?.slice(0, 2)).toEqual([
      [-96, 41],
      [-95.999, 41],
    ]);
  });

  it('bins many distinct rates into ten classes', () => {
    const rates = Array.from({ length: 40 }, (_, i) => i);
    const classes = rateClasses(
      rates,
      rates.map(() => 1),
    );
    expect(classes).toHaveLength(10);
    expect(classes[0]).toMatchObject({ rate: 0, upTo: 3.9, zones: 4, acres: 4 });
    expect(classes.reduce((n, c) => n + c.zones, 0)).toBe(40);
  });
});

describe('prescription summary without its map', () => {
  it('leaves the zones’ GeoJSON out of the summary only; the features and the rest are the same', async () => {
    const zip = rxZip({
      shapefile: {
        records: [[square(-96, 41, 0.001)], [square(-95.999, 41, 0.001), square(-95.997, 41, 0.001)]],
        fields: [{ name: 'RATE', type: 'N', length: 8, decimals: 1 }],
        rows: [[100], [150]],
      },
    });
    const input = [{ name: 'rx.zip', bytes: zip }];
    const withMap = (await validate(input)).files[0]!;
    const without = (await validate(input, { summaryGeometry: false })).files[0]!;
    const { map, ...rest } = withMap.summary as RxSummary;
    expect(map?.features).toHaveLength(2);
    expect(without.summary).toEqual(rest);
    expect(without.features).toEqual(withMap.features);
    expect(without.features?.[1]?.geometry?.type).toBe('MultiPolygon');
    expect(without.diagnostics).toEqual(withMap.diagnostics);
  });
});
