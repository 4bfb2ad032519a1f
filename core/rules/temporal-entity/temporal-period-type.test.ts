import { describe, expect, it } from 'vitest';
import { diagnosticsOf, ID_A } from './test-helpers.ts';

describe('TE005 temporal-period-type', () => {
  it.each(['GrowingSeason', 'AgronomicSeason', 'LocalAgronomicSeason', 'LocalCropSeason'])(
    'accepts %s',
    (v) => {
      expect(
        diagnosticsOf('TE005', { dimensionality: 'INDIVIDUAL', id: ID_A, temporalPeriodTypeName: v }),
      ).toEqual([]);
    },
  );

  it('reports a missing value as an error', () => {
    const [d] = diagnosticsOf('TE005', { dimensionality: 'INDIVIDUAL', id: ID_A });
    expect([d?.messageId, d?.severity, d?.location.field]).toEqual([
      'missing',
      'error',
      'temporalPeriodTypeName',
    ]);
  });

  it('warns (not errors) about an unknown value, and fixes a misspelling of a known one safely', () => {
    const [unknown] = diagnosticsOf('TE005', { temporalPeriodTypeName: 'CalendarYear' });
    expect([unknown?.messageId, unknown?.severity, unknown?.fix]).toEqual(['unknown', 'warning', undefined]);
    const [spelt] = diagnosticsOf('TE005', { temporalPeriodTypeName: 'growing_season' });
    expect(spelt?.fix).toMatchObject({ safety: 'safe', after: 'GrowingSeason' });
  });

  it('reports a non-string value as an error', () => {
    expect(diagnosticsOf('TE005', { temporalPeriodTypeName: 2024 })[0]).toMatchObject({
      messageId: 'notString',
      severity: 'error',
    });
  });
});
