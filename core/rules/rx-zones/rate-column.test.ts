import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square, type TestField } from '../../../test/rx/build-shapefile.ts';

const zone = [[square(10, 50, 0.001)]];
const zip = (fields: TestField[], row: (string | number)[]) =>
  rxZip({ shapefile: { records: zone, fields, rows: [row] } });

describe('RXZ002 rate-column', () => {
  it('says which column was found by name (any case), and names other candidates', () => {
    const ds = only(
      'RXZ002',
      zip(
        [
          { name: 'id', type: 'N', length: 5 },
          { name: 'Target', type: 'N', length: 5 },
          { name: 'rx', type: 'N', length: 5 },
        ],
        [1, 20, 30],
      ),
    );
    expect(brief(ds)).toEqual([
      { messageId: 'byName', severity: 'info', location: { entry: 'zones.dbf', field: 'rx' } },
    ]);
    expect(ds[0]?.message).toBe(
      'Rates are read from the column "rx", found by its name; other candidates: "Target"',
    );
  });

  it('uses settings.rateColumn, and the only numeric column otherwise', () => {
    const fields: TestField[] = [
      { name: 'FID', type: 'N', length: 5 },
      { name: 'SEED_KG', type: 'N', length: 8, decimals: 1 },
    ];
    expect(only('RXZ002', zip(fields, [1, 20]), { settings: { rateColumn: 'seed_kg' } })[0]?.message).toBe(
      'Rates are read from the column "SEED_KG" (set by settings.rateColumn)',
    );
    expect(only('RXZ002', zip(fields, [1, 20]))[0]?.message).toBe(
      'Rates are read from the column "SEED_KG", the only numeric column; other candidates: "FID"',
    );
  });

  it('warns when the rate column is text', () => {
    const ds = only('RXZ002', zip([{ name: 'RATE', type: 'C', length: 8 }], ['120']));
    expect(brief(ds)).toEqual([
      { messageId: 'byName', severity: 'info', location: { entry: 'zones.dbf', field: 'RATE' } },
      { messageId: 'text', severity: 'warning', location: { entry: 'zones.dbf', field: 'RATE' } },
    ]);
  });

  it('says nothing without a .dbf (reported as a missing member)', () => {
    expect(only('RXZ002', rxZip({ omit: ['dbf'] }))).toEqual([]);
  });
});
