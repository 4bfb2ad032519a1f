import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const check = (dbf: Uint8Array) =>
  readShapefile({ shp: files.shp, dbf }, { selection: { select: ['RXS012'] }, names: { dbf: 'z.dbf' } });

describe('RXS012 dbf-deleted-record', () => {
  it('accepts active rows', () => {
    expect(check(files.dbf).diagnostics).toEqual([]);
  });

  it('reports a row flagged deleted, and an unknown flag byte', () => {
    const dbf = files.dbf.slice();
    const header = new DataView(dbf.buffer).getUint16(8, true);
    dbf[header + 11] = 0x2a; // row 2: "*"
    dbf[header] = 0x41; // row 1: "A"
    const r = check(dbf);
    expect(r.diagnostics.map((d) => [d.messageId, d.severity, d.location])).toEqual([
      ['flag', 'warning', { entry: 'z.dbf', record: 1, row: 1 }],
      ['deleted', 'warning', { entry: 'z.dbf', record: 2, row: 2 }],
    ]);
    expect(r.records[1]?.deleted).toBe(true);
  });
});
