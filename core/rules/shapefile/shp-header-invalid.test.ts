import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)]] });
const check = (shp: Uint8Array, shx: Uint8Array = files.shx) =>
  readShapefile({ shp, shx }, { selection: { select: ['RXS001'] }, names: { shp: 'z.shp', shx: 'z.shx' } })
    .diagnostics;
const patched = (bytes: Uint8Array, at: number, value: number, littleEndian: boolean) => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setInt32(at, value, littleEndian);
  return copy;
};

describe('RXS001 shp-header-invalid', () => {
  it('accepts a well-formed header', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a short file, a wrong file code, a wrong length and an unknown shape type', () => {
    expect(check(files.shp.subarray(0, 50))[0]).toMatchObject({
      messageId: 'tooShort',
      location: { entry: 'z.shp' },
    });
    expect(check(patched(files.shp, 0, 1234, false))[0]?.message).toBe(
      '.shp starts with file code 1234, not 9994: it is not a shapefile',
    );
    const long = new Uint8Array(files.shp.length + 4);
    long.set(files.shp);
    const length = check(long).find((d) => d.messageId === 'length');
    expect(length?.message).toBe(
      `.shp declares a length of ${files.shp.length} bytes but is ${long.length} bytes long`,
    );
    expect(check(patched(files.shp, 32, 7, true))[0]?.message).toBe('.shp declares the unknown shape type 7');
    expect(check(files.shp, patched(files.shx, 28, 999, true))[0]).toMatchObject({
      messageId: 'version',
      severity: 'warning',
      location: { entry: 'z.shx' },
    });
  });

  it('reports a .shx of another shape type', () => {
    const ds = check(files.shp, patched(files.shx, 32, 1, true));
    expect(ds.map((d) => [d.messageId, d.message])).toEqual([
      ['shxShapeType', 'The .shx declares shape type Point, the .shp Polygon'],
    ]);
  });
});
