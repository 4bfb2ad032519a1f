import { describe, expect, it } from 'vitest';
import { check, field } from './test-helpers.ts';

describe('FU001 fields-array', () => {
  it('accepts {"fields": [ … ]}', () => expect(check('FU001', { fields: [field()] })).toEqual([]));

  it('reports a bare list with a hint to wrap it', () => {
    const [d] = check('FU001', [field()]);
    expect([d?.messageId, d?.hint]).toEqual(['notObject', 'Wrap the list: {"fields": [ … ]}.']);
  });

  it('reports a missing or non-array "fields", warns on an empty one, and reports non-object items by row', () => {
    expect(check('FU001', { field: [] })[0]?.messageId).toBe('missing');
    expect(check('FU001', { fields: {} })[0]?.messageId).toBe('notArray');
    expect(check('FU001', { fields: [] })[0]).toMatchObject({ messageId: 'empty', severity: 'warning' });
    const [item] = check('FU001', { fields: [field(), 'North 40'] });
    expect([item?.message, item?.location.row, item?.location.path]).toEqual([
      'Field 2 must be an object, but this is a string',
      2,
      ['fields', 1],
    ]);
  });
});
