import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

describe('RXS008 record-shape-type-mismatch', () => {
  const files = buildShapefile({ records: [[square(0, 0, 1)], null] });
  const check = (shp: Uint8Array) =>
    readShapefile({ shp }, { selection: { select: ['RXS008'] }, names: { shp: 'z.shp' } }).diagnostics;

  it('accepts records of the header type, and Null records', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a record of another type', () => {
    const shp = files.shp.slice();
    new DataView(shp.buffer).setInt32(108, 3, true); // record 1 says PolyLine
    const ds = check(shp);
    expect(ds.map((d) => [d.messageId, d.location, d.message])).toEqual([
      [
        'mismatch',
        { entry: 'z.shp', record: 1 },
        'Record 1 is a PolyLine, but the file header declares Polygon',
      ],
    ]);
  });
});
