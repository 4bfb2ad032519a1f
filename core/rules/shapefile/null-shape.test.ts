import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

describe('RXS009 null-shape', () => {
  it('accepts zones that all have geometry', () => {
    expect(only('RXS009', rxZip({ shapefile: { records: [[square(0, 0, 0.01)]] } }))).toEqual([]);
  });

  it('reports Null records and polygons without parts, by record', () => {
    const zip = rxZip({ shapefile: { records: [[square(0, 0, 0.01)], null, []] } });
    const ds = only('RXS009', zip);
    expect(brief(ds)).toEqual([
      { messageId: 'empty', severity: 'error', location: { entry: 'zones.shp', record: 2, row: 2 } },
      { messageId: 'empty', severity: 'error', location: { entry: 'zones.shp', record: 3, row: 3 } },
    ]);
    expect(ds[0]?.message).toBe('Record 2 has no geometry (Null shape or no points)');
  });
});
