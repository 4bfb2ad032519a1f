import { describe, expect, it } from 'vitest';
import { check, field } from './test-helpers.ts';

describe('FU005 duplicate-field', () => {
  it('accepts fields that differ in any level of the hierarchy', () => {
    expect(
      check('FU005', { fields: [field(), field({ name: 'South 40' }), field({ farmName: 'River' })] }),
    ).toEqual([]);
  });

  it('reports a repeated field with both row locations', () => {
    const ds = check('FU005', { fields: [field(), field({ name: 'South 40' }), field()] });
    expect(ds).toHaveLength(1);
    expect(ds[0]?.message).toBe(
      'Field 3 repeats client "Smith Farms", farm "Home", field "North 40" of field 1',
    );
    expect(ds[0]?.location.row).toBe(3);
    expect(ds[0]?.related?.[0]?.location).toMatchObject({ row: 1, path: ['fields', 0] });
    expect(ds[0]?.related?.[0]?.location.range?.start.line).toBe(3);
  });

  it('treats case and surrounding spaces as the same field, and says so', () => {
    const [d] = check('FU005', { fields: [field(), field({ name: ' north 40 ' })] });
    expect(d?.message).toContain('(differing only in case or spaces)');
  });
});
