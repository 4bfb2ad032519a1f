import { describe, expect, it } from 'vitest';
import { check, field } from './test-helpers.ts';

describe('FU006 field-unknown-property', () => {
  it('accepts the six known properties', () =>
    expect(check('FU006', { fields: [field({ acres: 1, source: 'x' })] })).toEqual([]));
  it('warns about unknown properties at their key, suggesting near ones', () => {
    const ds = check('FU006', { fields: [field({ Acres: 3, client: 'x', color: 'red' })] });
    expect(ds.map((d) => [d.severity, d.message])).toEqual([
      ['warning', 'Field 1 has an unknown property "Acres" (did you mean "acres"?)'],
      ['warning', 'Field 1 has an unknown property "client" (did you mean "clientName"?)'],
      ['warning', 'Field 1 has an unknown property "color"'],
    ]);
    expect(ds[0]?.location.path).toEqual(['fields', 0, 'Acres']);
  });
});
