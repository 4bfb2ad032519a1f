import { describe, expect, it } from 'vitest';
import { rxZip } from '../../test/rx/build-zip.ts';
import { reversed, square } from '../../test/rx/build-shapefile.ts';
import { validateRx } from './validate-rx.ts';

const geo = (zip: Uint8Array) => validateRx(zip).diagnostics.filter((d) => d.group === 'ogc-validity');

describe('zone geometry validity, with record numbers', () => {
  it('passes valid zones, holes included', () => {
    const zip = rxZip({
      shapefile: {
        records: [[square(10, 50, 0.01), reversed(square(10.002, 50.002, 0.002))], [square(10.01, 50, 0.01)]],
      },
    });
    expect(geo(zip)).toEqual([]);
  });

  it('reports a bow-tie zone at its crossing point, in its record', () => {
    const bowTie = [10, 50, 10.01, 50.01, 10.01, 50, 10, 50.01, 10, 50];
    const zip = rxZip({ shapefile: { records: [[square(11, 50, 0.01)], [bowTie]] } });
    const ds = geo(zip);
    expect(ds.map((d) => [d.code, d.messageId])).toEqual([['GEO004', 'crossing']]);
    const { point, ...location } = ds[0]?.location ?? {};
    expect(location).toEqual({ entry: 'zones.shp', record: 2, row: 2, polygon: 0, ring: 0, coordinate: 0 });
    expect(point?.[0]).toBeCloseTo(10.005, 12);
    expect(point?.[1]).toBeCloseTo(50.005, 12);
    expect(ds[0]?.message).toMatch(
      /^The shell of zone 2 crosses itself at \(10\.005 50\.005\) \(edges starting at coordinates 0 and 2\)$/,
    );
  });

  it('reports a degenerate part of a multipart zone by polygon and ring', () => {
    const zip = rxZip({
      shapefile: { records: [[square(10, 50, 0.01), [10.02, 50, 10.03, 50, 10.02, 50]]] },
    });
    const ds = geo(zip);
    expect(ds.map((d) => [d.code, d.location.record, d.location.polygon, d.location.ring])).toEqual([
      ['GEO003', 1, 1, 0],
    ]);
    expect(ds[0]?.message).toMatch(
      /^The shell of zone 1, polygon 1 has \d distinct points: a ring needs at least 4/,
    );
  });
});
