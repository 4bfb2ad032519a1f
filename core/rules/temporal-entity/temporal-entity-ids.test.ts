import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { diagnosticsOf, ID_A, ID_B } from './test-helpers.ts';

const season = { temporalPeriodTypeName: 'GrowingSeason' };

describe('TE003 temporal-entity-ids-for-dimensionality', () => {
  it('accepts INDIVIDUAL with id and INTERVAL with startId and endId', () => {
    expect(diagnosticsOf('TE003', { dimensionality: 'INDIVIDUAL', id: ID_A, ...season })).toEqual([]);
    expect(
      diagnosticsOf('TE003', { dimensionality: 'INTERVAL', startId: ID_A, endId: ID_B, ...season }),
    ).toEqual([]);
  });

  it('reports INTERVAL with id present, at the id, with an unsafe removal fix', () => {
    const text = JSON.stringify(
      { dimensionality: 'INTERVAL', id: ID_A, startId: ID_A, endId: ID_B, ...season },
      null,
      2,
    );
    const ds = diagnosticsOf('TE003', text);
    expect(ds.map((d) => d.message)).toEqual(['INTERVAL temporalEntity must not carry id']);
    expect(ds[0]?.location.path).toEqual(['id']);
    expect(ds[0]?.location.range?.start.line).toBe(3);
    expect(ds[0]?.fix?.safety).toBe('unsafe');
    const fixed = JSON.parse(applyTextFixes(text, ds, ['unsafe']).text);
    expect(fixed).toEqual({ dimensionality: 'INTERVAL', startId: ID_A, endId: ID_B, ...season });
  });

  it('reports INTERVAL without endId and INDIVIDUAL without id', () => {
    expect(
      diagnosticsOf('TE003', { dimensionality: 'INTERVAL', startId: ID_A, ...season }).map((d) => d.message),
    ).toEqual(['INTERVAL temporalEntity needs endId']);
    expect(diagnosticsOf('TE003', { dimensionality: 'INDIVIDUAL', ...season }).map((d) => d.message)).toEqual(
      ['INDIVIDUAL temporalEntity needs id'],
    );
  });

  it('reports INDIVIDUAL carrying interval ids without a fix when the id is missing (wrong dimensionality)', () => {
    const ds = diagnosticsOf('TE003', {
      dimensionality: 'INDIVIDUAL',
      startId: ID_A,
      endId: ID_B,
      ...season,
    });
    expect(ds.map((d) => d.messageId)).toEqual(['missingId', 'unexpectedId', 'unexpectedId']);
    expect(ds.every((d) => d.fix === undefined)).toBe(true);
    expect(ds[1]?.hint).toContain('INTERVAL');
  });

  it('warns when an interval starts and ends at the same id, whatever the case', () => {
    const ds = diagnosticsOf('TE003', {
      dimensionality: 'INTERVAL',
      startId: ID_A,
      endId: ID_A.toUpperCase(),
      ...season,
    });
    expect(ds.map((d) => [d.messageId, d.severity])).toEqual([['sameStartEnd', 'warning']]);
  });
});
