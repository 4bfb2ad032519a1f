import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { buildShapefile, square, type TestField } from '../../../test/rx/build-shapefile.ts';

const records = [[square(10, 50, 0.001)], [square(10.001, 50, 0.001)], [square(10.002, 50, 0.001)]];
const zip = (fields: TestField[], rows: (string | number)[][]) =>
  rxZip({ shapefile: { records, fields, rows } });

describe('RXZ004 rate-invalid', () => {
  it('accepts non-negative rates, zero included', () => {
    expect(
      only('RXZ004', zip([{ name: 'RATE', type: 'N', length: 8, decimals: 2 }], [[0], [12.5], [300]])),
    ).toEqual([]);
  });

  it('reports negative rates (a no-data marker gets its own hint) and text that is not a number', () => {
    const negative = only(
      'RXZ004',
      zip([{ name: 'RATE', type: 'N', length: 8, decimals: 0 }], [[-9999], [5], [-1]]),
    );
    expect(brief(negative)).toEqual([
      {
        messageId: 'negative',
        severity: 'error',
        location: { entry: 'zones.dbf', record: 1, row: 1, field: 'RATE' },
      },
      {
        messageId: 'negative',
        severity: 'error',
        location: { entry: 'zones.dbf', record: 3, row: 3, field: 'RATE' },
      },
    ]);
    expect(negative[0]?.message).toBe('Zone 1: the rate -9999 is negative');
    expect(negative[0]?.hint).toMatch(/no-data marker/);
    const text = only('RXZ004', zip([{ name: 'RATE', type: 'C', length: 8 }], [['12'], ['high'], ['3.5']]));
    expect(text.map((d) => d.message)).toEqual(['Zone 2: the rate "high" is not a number']);
  });

  it('reports rates that are not finite (binary double fields)', () => {
    const files = buildShapefile({
      records: records.slice(0, 1),
      fields: [{ name: 'RATE', type: 'C', length: 8 }],
      rows: [['']],
    });
    const dbf = files.dbf.slice();
    const view = new DataView(dbf.buffer);
    dbf[32 + 11] = 'B'.charCodeAt(0); // the field becomes a FoxPro double
    view.setFloat64(view.getUint16(8, true) + 1, Number.NaN, true);
    const ds = only('RXZ004', rxZip({ files: { ...files, dbf } }));
    expect(ds.map((d) => [d.messageId, d.message])).toEqual([
      ['notFinite', 'Zone 1: the rate is NaN, not a finite number'],
    ]);
  });
});
