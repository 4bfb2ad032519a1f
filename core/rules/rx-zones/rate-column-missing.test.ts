import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square, type TestField } from '../../../test/rx/build-shapefile.ts';

const zip = (fields: TestField[], row: (string | number)[]) =>
  rxZip({ shapefile: { records: [[square(10, 50, 0.001)]], fields, rows: [row] } });

describe('RXZ003 rate-column-missing', () => {
  it('accepts a DBF with a rate column', () => {
    expect(only('RXZ003', zip([{ name: 'DOSE', type: 'N', length: 5 }], [3]))).toEqual([]);
  });

  it('reports a configured column that does not exist', () => {
    const ds = only('RXZ003', zip([{ name: 'DOSE', type: 'N', length: 5 }], [3]), {
      settings: { rateColumn: 'kg_ha' },
    });
    expect(brief(ds)).toEqual([
      { messageId: 'setting', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
    expect(ds[0]?.message).toBe(
      'settings.rateColumn names "kg_ha", but the .dbf has no such column (it has "DOSE")',
    );
  });

  it('reports several numeric columns (ambiguous) and none at all', () => {
    const ambiguous = only(
      'RXZ003',
      zip(
        [
          { name: 'N_KG', type: 'N', length: 5 },
          { name: 'P_KG', type: 'N', length: 5 },
        ],
        [1, 2],
      ),
    );
    expect(ambiguous[0]?.message).toBe(
      'No rate column: no column is named like a rate, and there are 2 numeric columns ("N_KG", "P_KG")',
    );
    expect(brief(only('RXZ003', zip([{ name: 'NAME', type: 'C', length: 5 }], ['a'])))).toEqual([
      { messageId: 'none', severity: 'error', location: { entry: 'zones.dbf' } },
    ]);
  });
});
