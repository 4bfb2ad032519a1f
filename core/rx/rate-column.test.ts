import { describe, expect, it } from 'vitest';
import type { DbfField } from '../shapefile/read-dbf.ts';
import { chooseRateColumn } from './rate-column.ts';

const f = (name: string, type = 'N'): DbfField => ({ name, type, length: 10, decimals: 2, offset: 1 });

describe('chooseRateColumn', () => {
  it('prefers the configured column, then the name list in order, then the only numeric non-identifier', () => {
    expect(chooseRateColumn([f('a'), f('b')], 'B')).toMatchObject({ ok: true, reason: 'setting', index: 1 });
    expect(chooseRateColumn([f('DOSE'), f('Rate')])).toMatchObject({
      ok: true,
      reason: 'byName',
      index: 1,
      others: ['DOSE'],
    });
    expect(chooseRateColumn([f('OBJECTID'), f('zone_id'), f('kg')])).toMatchObject({
      ok: true,
      reason: 'onlyNumeric',
      index: 2,
    });
    expect(chooseRateColumn([f('NAME', 'C'), f('RATE', 'C')])).toMatchObject({
      ok: true,
      reason: 'byName',
      index: 1,
    });
  });

  it('explains why no column was chosen', () => {
    expect(chooseRateColumn([f('a')], 'x')).toEqual({ ok: false, reason: 'setting', candidates: ['a'] });
    expect(chooseRateColumn([f('id'), f('n', 'C')])).toEqual({
      ok: false,
      reason: 'none',
      candidates: ['id', 'n'],
    });
    expect(chooseRateColumn([f('n1'), f('n2')])).toEqual({
      ok: false,
      reason: 'ambiguous',
      candidates: ['n1', 'n2'],
    });
  });
});
