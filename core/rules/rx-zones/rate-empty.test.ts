import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';
import { square } from '../../../test/rx/build-shapefile.ts';

const grid = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    square(10 + (i % 10) * 0.001, 50 + Math.floor(i / 10) * 0.001, 0.001),
  ]);
const fields = [{ name: 'RATE', type: 'N', length: 8, decimals: 1 }] as const;

describe('RXZ005 rate-empty', () => {
  it('accepts zones that all have a rate', () => {
    expect(
      only('RXZ005', rxZip({ shapefile: { records: grid(2), fields: [...fields], rows: [[1], [0]] } })),
    ).toEqual([]);
  });

  it('reports zones with an empty rate, by record', () => {
    const ds = only(
      'RXZ005',
      rxZip({ shapefile: { records: grid(3), fields: [...fields], rows: [[1], [null], [2]] } }),
    );
    expect(brief(ds)).toEqual([
      {
        messageId: 'empty',
        severity: 'error',
        location: { entry: 'zones.dbf', record: 2, row: 2, field: 'RATE' },
      },
    ]);
    expect(ds[0]?.message).toBe('Zone 2 has no rate (the RATE value is empty)');
  });

  it('reports the first 50 and sums up the rest', () => {
    const ds = only(
      'RXZ005',
      rxZip({ shapefile: { records: grid(80), fields: [...fields], rows: grid(80).map(() => [null]) } }),
    );
    expect(ds).toHaveLength(51);
    expect(ds[50]).toMatchObject({
      messageId: 'more',
      message: '30 more zones have no rate',
      location: { entry: 'zones.dbf' },
    });
  });
});
