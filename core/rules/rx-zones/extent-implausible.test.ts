import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

describe('RXZ007 extent-implausible', () => {
  it('accepts zones of one field', () => {
    const records = [[square(10, 50, 0.005)], [square(10.005, 50, 0.005)], [square(10.012, 50, 0.005)]];
    expect(only('RXZ007', rxZip({ shapefile: { records } }))).toEqual([]);
  });

  it('warns about groups of zones kilometres apart', () => {
    const records = [[square(10, 50, 0.005)], [square(10.005, 50, 0.005)], [square(10.2, 50, 0.005)]];
    const ds = only('RXZ007', rxZip({ shapefile: { records } }));
    expect(brief(ds)).toEqual([
      { messageId: 'apart', severity: 'warning', location: { entry: 'zones.shp' } },
    ]);
    expect(ds[0]?.message).toBe(
      'The zones form 2 separate groups up to 13.6 km apart; a prescription covers one field',
    );
  });

  it('warns about one connected group larger than a field', () => {
    const records = Array.from({ length: 20 }, (_, i) => [square(10 + i * 0.01, 50, 0.01)]);
    const ds = only('RXZ007', rxZip({ shapefile: { records } }));
    expect(ds.map((d) => d.message)).toEqual(['The zones span 14.3 × 1.1 km, larger than one field']);
  });
});
