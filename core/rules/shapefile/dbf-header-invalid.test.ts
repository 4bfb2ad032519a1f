import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildDbf, buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const check = (dbf: Uint8Array) =>
  readShapefile({ shp: files.shp, dbf }, { selection: { select: ['RXS010'] }, names: { dbf: 'z.dbf' } })
    .diagnostics;

describe('RXS010 dbf-header-invalid', () => {
  it('accepts a consistent table', () => {
    expect(check(files.dbf)).toEqual([]);
  });

  it('reports a table cut short, and one holding fewer records than declared', () => {
    expect(check(files.dbf.subarray(0, 20)).map((d) => [d.messageId, d.location])).toEqual([
      ['tooShort', { entry: 'z.dbf' }],
    ]);
    const fewer = check(files.dbf.subarray(0, files.dbf.length - 12));
    expect(fewer.map((d) => d.message)).toEqual(['The .dbf declares 2 records but holds only 1']);
  });

  it('reports a record length that disagrees with the fields', () => {
    const dbf = files.dbf.slice();
    new DataView(dbf.buffer).setUint16(10, 20, true);
    expect(check(dbf)[0]?.message).toBe(
      'The .dbf header is inconsistent: the record length is 20 bytes, but the fields add up to 11 (1 flag byte + 10)',
    );
  });

  it('reports a repeated field name', () => {
    const dbf = buildDbf(
      [
        { name: 'RATE', type: 'N', length: 5 },
        { name: 'rate', type: 'N', length: 5 },
      ],
      [[1, 2]],
    );
    expect(check(dbf).map((d) => [d.messageId, d.location])).toEqual([
      ['duplicateField', { entry: 'z.dbf', field: 'rate' }],
    ]);
  });
});
