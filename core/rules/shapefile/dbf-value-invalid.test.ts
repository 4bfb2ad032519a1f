import { describe, expect, it } from 'vitest';
import { readShapefile } from '../../shapefile/read-shapefile.ts';
import { buildDbf, buildShapefile, square } from '../../../test/rx/build-shapefile.ts';

const files = buildShapefile({ records: [[square(0, 0, 1)], [square(1, 0, 1)]] });
const fields = [
  { name: 'RATE', type: 'N', length: 8, decimals: 2 },
  { name: 'DAY', type: 'D', length: 8 },
  { name: 'OK', type: 'L', length: 1 },
] as const;
const check = (rows: (string | number | boolean | null)[][]) =>
  readShapefile(
    { shp: files.shp, dbf: buildDbf([...fields], rows) },
    { selection: { select: ['RXS011'] }, names: { dbf: 'z.dbf' } },
  );

describe('RXS011 dbf-value-invalid', () => {
  it('accepts values of their field types, and empty values', () => {
    const r = check([
      ['12.50', '20240501', 'T'],
      [null, null, '?'],
    ]);
    expect(r.diagnostics).toEqual([]);
    expect(r.records.map((x) => x.attributes)).toEqual([
      { RATE: 12.5, DAY: '20240501', OK: true },
      { RATE: null, DAY: null, OK: null },
    ]);
  });

  it('reports each value that does not fit, by record and field', () => {
    const r = check([
      ['12,5', '1.5.2024', 'X'],
      ['7', '20240501', 'F'],
    ]);
    expect(r.diagnostics.map((d) => [d.messageId, d.location, d.message])).toEqual([
      [
        'number',
        { entry: 'z.dbf', record: 1, row: 1, field: 'RATE' },
        'Record 1, field RATE: "12,5" is not a number',
      ],
      [
        'date',
        { entry: 'z.dbf', record: 1, row: 1, field: 'DAY' },
        'Record 1, field DAY: "1.5.2024" is not a date (YYYYMMDD)',
      ],
      [
        'logical',
        { entry: 'z.dbf', record: 1, row: 1, field: 'OK' },
        'Record 1, field OK: "X" is not a logical value (T/F/Y/N/?)',
      ],
    ]);
    expect(r.records[0]?.attributes.RATE).toBeNull();
  });
});
