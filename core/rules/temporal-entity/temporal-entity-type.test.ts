import { describe, expect, it } from 'vitest';
import { diagnosticsOf, ID_A } from './test-helpers.ts';

describe('TE001 temporal-entity-not-object', () => {
  it('fires on a bare id, a list and null, naming what was found', () => {
    const d = diagnosticsOf('TE001', `"${ID_A}"`);
    expect(d.map((x) => x.message)).toEqual(['temporalEntity must be an object, but this is a string']);
    expect(d[0]?.hint).toContain('Wrap the id');
    expect(diagnosticsOf('TE001', '[]')[0]?.message).toContain('an array');
    expect(diagnosticsOf('TE001', 'null')[0]?.message).toContain('a null');
  });
  it('does not fire on an object', () => {
    expect(diagnosticsOf('TE001', { dimensionality: 'INDIVIDUAL' })).toEqual([]);
  });
});
