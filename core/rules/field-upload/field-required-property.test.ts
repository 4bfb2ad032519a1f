import { describe, expect, it } from 'vitest';
import { check, field } from './test-helpers.ts';

describe('FU002 field-required-property', () => {
  it('accepts a field with all four required properties', () =>
    expect(check('FU002', { fields: [field()] })).toEqual([]));

  it('reports each missing, blank or non-string property with its row', () => {
    const { boundary: _b, ...noBoundary } = field();
    const ds = check('FU002', { fields: [field(), noBoundary, field({ farmName: '  ', clientName: 7 })] });
    expect(ds.map((d) => [d.message, d.location.row])).toEqual([
      ['Field 2 has no boundary', 2],
      ['Field 3: clientName must be a string, but this is a number', 3],
      ['Field 3: farmName is blank', 3],
    ]);
    expect(ds[2]?.location.path).toEqual(['fields', 2, 'farmName']);
    expect(ds[0]?.hint).toContain('WKT in WGS 84');
  });
});
