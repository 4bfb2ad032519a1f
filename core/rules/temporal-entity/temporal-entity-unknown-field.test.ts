import { describe, expect, it } from 'vitest';
import { diagnosticsOf, ID_A } from './test-helpers.ts';

describe('TE006 temporal-entity-unknown-field', () => {
  it('accepts the five known fields', () => {
    expect(
      diagnosticsOf('TE006', {
        dimensionality: 'INTERVAL',
        startId: ID_A,
        endId: ID_A,
        id: ID_A,
        temporalPeriodTypeName: 'GrowingSeason',
      }),
    ).toEqual([]);
  });

  it('warns about an unknown field at its key and suggests the near known one', () => {
    const ds = diagnosticsOf('TE006', '{"dimensionality": "INDIVIDUAL", "Id": "x", "season": 2024}');
    expect(ds.map((d) => [d.severity, d.message])).toEqual([
      ['warning', 'temporalEntity has an unknown field "Id" (did you mean "id"?)'],
      ['warning', 'temporalEntity has an unknown field "season"'],
    ]);
    expect(ds[0]?.location.range?.start.column).toBe(34);
  });
});
