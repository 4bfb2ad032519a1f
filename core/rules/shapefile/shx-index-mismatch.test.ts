import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const check = (shx: Uint8Array) =>
  readShapefile({ shp: files.shp, shx }, { selection: { select: ['RXS005'] }, names: { shx: 'z.shx' } })
    .diagnostics;

describe('RXS005 shx-index-mismatch', () => {
  it('accepts an index that matches the .shp', () => {
    expect(check(files.shx)).toEqual([]);
  });

  it('reports a record indexed at the wrong offset, with its record number', () => {
    const shx = files.shx.slice();
    new DataView(shx.buffer).setInt32(108, 60, false); // record 2 at byte 120
    const ds = check(shx);
    expect(ds.map((d) => [d.messageId, d.location])).toEqual([['offset', { entry: 'z.shx', record: 2 }]]);
    expect(ds[0]?.message).toBe(
      'The .shx says record 2 is at byte 120 with 128 bytes; in the .shp it is at byte 236 with 128 bytes',
    );
  });

  it('reports a .shx whose size is not 100 + 8 per record', () => {
    const shx = new Uint8Array(files.shx.length + 3);
    shx.set(files.shx);
    new DataView(shx.buffer).setInt32(24, shx.length / 2, false);
    expect(check(shx).map((d) => d.messageId)).toEqual(['size']);
  });
});
