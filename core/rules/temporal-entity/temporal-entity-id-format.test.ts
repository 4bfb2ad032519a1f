import { describe, expect, it } from 'vitest';
import { diagnosticsOf, ID_A, ID_B } from './test-helpers.ts';

describe('TE004 temporal-entity-id-not-uuid', () => {
  it('accepts lowercase and uppercase UUIDs', () => {
    expect(diagnosticsOf('TE004', { dimensionality: 'INDIVIDUAL', id: ID_A })).toEqual([]);
    expect(diagnosticsOf('TE004', { dimensionality: 'INDIVIDUAL', id: ID_A.toUpperCase() })).toEqual([]);
  });

  it('reports a non-UUID at its position', () => {
    const ds = diagnosticsOf(
      'TE004',
      '{"dimensionality": "INTERVAL", "startId": "2024 season", "endId": "' + ID_B + '"}',
    );
    expect(ds.map((d) => d.message)).toEqual([
      'startId "2024 season" is not a UUID (8-4-4-4-12 hexadecimal digits)',
    ]);
    expect(ds[0]?.location.range?.start.column).toBe(43);
    expect(ds[0]?.fix).toBeUndefined();
  });

  it('offers a safe fix for a UUID written without hyphens or in braces', () => {
    const bare = ID_A.replace(/-/g, '');
    const [d] = diagnosticsOf('TE004', { dimensionality: 'INDIVIDUAL', id: bare });
    expect(d?.fix).toMatchObject({ safety: 'safe', before: bare, after: ID_A });
    expect(diagnosticsOf('TE004', { id: `{${ID_A}}` })[0]?.fix?.after).toBe(ID_A);
  });

  it('reports a number where a UUID string belongs', () => {
    expect(diagnosticsOf('TE004', { id: 42 })[0]?.message).toBe(
      'id must be a UUID string, but this is a number',
    );
  });
});
