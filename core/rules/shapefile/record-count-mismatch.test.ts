import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const two = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const one = buildShapefile({ records: [[square(0, 0, 1)]] });
const check = (shx: Uint8Array, dbf: Uint8Array) =>
  readShapefile(
    { shp: two.shp, shx, dbf },
    { selection: { select: ['RXS004'] }, names: { shx: 'z.shx', dbf: 'z.dbf' } },
  ).diagnostics;

describe('RXS004 record-count-mismatch', () => {
  it('accepts members with the same number of records', () => {
    expect(check(two.shx, two.dbf)).toEqual([]);
  });

  it('reports a .shx and a .dbf with fewer records', () => {
    const ds = check(one.shx, one.dbf);
    expect(ds.map((d) => [d.messageId, d.location, d.message])).toEqual([
      ['shx', { entry: 'z.shx' }, 'The .shp has 2 records, the .shx indexes 1'],
      ['dbf', { entry: 'z.dbf' }, 'The .shp has 2 records, the .dbf has 1'],
    ]);
  });
});
