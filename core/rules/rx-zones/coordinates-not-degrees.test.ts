import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

describe('RXZ008 coordinates-not-degrees', () => {
  it('accepts longitude/latitude', () => {
    expect(only('RXZ008', rxZip({ shapefile: { records: [[square(-96, 41, 0.01)]] } }))).toEqual([]);
  });

  it('reports metres without a .prj, and metres under a WGS 84 .prj', () => {
    const records = [[square(372771, 6134140, 100)]];
    const bare = only('RXZ008', rxZip({ shapefile: { records }, prj: null }));
    expect(brief(bare)).toEqual([
      { messageId: 'outOfRange', severity: 'error', location: { entry: 'zones.shp' } },
    ]);
    expect(bare[0]?.message).toBe(
      'The coordinates reach 372871, 6134240: outside longitude −180…180 / latitude −90…90, so they are not WGS 84 degrees (there is no .prj)',
    );
    const lying = only('RXZ008', rxZip({ shapefile: { records } }));
    expect(lying[0]?.message).toMatch(/, although the \.prj says WGS 84$/);
  });
});
