import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

describe('RXZ006 zones-overlap', () => {
  it('accepts zones that share edges and corners, also with floating-point noise', () => {
    const noise = 1e-13;
    const records = [
      [square(10, 50, 0.001)],
      [square(10.001 + noise, 50, 0.001)],
      [square(10.001, 50.001 - noise, 0.001)],
    ];
    expect(only('RXZ006', rxZip({ shapefile: { records } }))).toEqual([]);
  });

  it('reports overlapping zones with a point inside both, and identical zones', () => {
    const records = [
      [square(10, 50, 0.001)],
      [square(10.0005, 50.0005, 0.001)],
      [square(20, 50, 0.001)],
      [square(20, 50, 0.001)],
    ];
    const ds = only('RXZ006', rxZip({ shapefile: { records } }));
    expect(brief(ds).map((d) => [d.messageId, d.severity, d.location.record])).toEqual([
      ['overlap', 'warning', 1],
      ['overlap', 'warning', 3],
    ]);
    expect(ds[0]?.message).toMatch(/^Zones 1 and 2 overlap near 50\.\d+, 10\.\d+ \(lat, lon\)$/);
    expect(ds[0]?.related?.[0]?.location).toEqual({ entry: 'zones.shp', record: 2 });
    expect(ds[1]?.message).toMatch(/^Zones 3 and 4 overlap/);
  });
});
