import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const check = (shp: Uint8Array) =>
  readShapefile({ shp }, { selection: { select: ['RXS007'] }, names: { shp: 'z.shp' } }).diagnostics;
const setInt = (bytes: Uint8Array, at: number, v: number, le: boolean) => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setInt32(at, v, le);
  return copy;
};

describe('RXS007 shp-record-malformed', () => {
  it('accepts well-formed records', () => {
    expect(check(files.shp)).toEqual([]);
  });

  it('reports a record cut short, with its number', () => {
    const cut = check(files.shp.subarray(0, files.shp.length - 10));
    expect(cut.map((d) => [d.messageId, d.location])).toEqual([['truncated', { entry: 'z.shp', record: 2 }]]);
    expect(cut[0]?.message).toBe('Record 2 runs past the end of the .shp (it needs 128 bytes, 118 are left)');
  });

  it('reports counts that do not fit the record, without allocating them', () => {
    // Record 1: numPoints at content offset 40 → 1,000,000 points.
    const ds = check(setInt(files.shp, 108 + 40, 1_000_000, true));
    expect(ds.map((d) => [d.messageId, d.location, d.message])).toEqual([
      [
        'content',
        { entry: 'z.shp', record: 1 },
        'Record 1: 1 parts and 1000000 points need 16000048 bytes, but the record has 128',
      ],
    ]);
  });

  it('reports a record number that is not its position (warning)', () => {
    const ds = check(setInt(files.shp, 100 + 136, 7, false));
    expect(ds.map((d) => [d.messageId, d.severity, d.location])).toEqual([
      ['number', 'warning', { entry: 'z.shp', record: 2 }],
    ]);
  });
});
