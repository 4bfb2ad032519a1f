import { describe, expect, it } from 'vitest';
import { check, field } from './test-helpers.ts';

describe('FU004 field-source-not-string', () => {
  it('accepts a string source and none', () =>
    expect(check('FU004', { fields: [field({ source: 'Acme' }), field()] })).toEqual([]));
  it('reports a non-string source, with a safe fix for numbers', () => {
    const ds = check('FU004', { fields: [field({ source: 7 }), field({ source: { name: 'x' } })] });
    expect(ds.map((d) => [d.location.row, d.fix?.safety])).toEqual([
      [1, 'safe'],
      [2, undefined],
    ]);
  });
});
