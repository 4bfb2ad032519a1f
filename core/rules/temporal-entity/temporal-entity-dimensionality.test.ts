import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { diagnosticsOf, ID_A, ID_B } from './test-helpers.ts';

describe('TE002 temporal-entity-dimensionality', () => {
  it('accepts INDIVIDUAL and INTERVAL', () => {
    expect(diagnosticsOf('TE002', { dimensionality: 'INDIVIDUAL', id: ID_A })).toEqual([]);
    expect(diagnosticsOf('TE002', { dimensionality: 'INTERVAL', startId: ID_A, endId: ID_B })).toEqual([]);
  });

  it('reports a missing dimensionality and suggests one from the ids present', () => {
    const [d] = diagnosticsOf('TE002', { startId: ID_A, endId: ID_B });
    expect(d?.messageId).toBe('missing');
    expect(d?.hint).toContain('"INTERVAL"');
    expect(d?.location.range?.start).toMatchObject({ line: 1, column: 1 });
  });

  it('reports an unknown value at the value, with a safe fix for case only', () => {
    const text = JSON.stringify({ dimensionality: 'individual', id: ID_A }, null, 2);
    const [d] = diagnosticsOf('TE002', text);
    expect(d?.message).toBe('dimensionality "individual" is not allowed; it must be INDIVIDUAL or INTERVAL');
    expect(d?.location.range?.start).toMatchObject({ line: 2, column: 21 });
    expect(d?.location.path).toEqual(['dimensionality']);
    expect(d?.fix?.safety).toBe('safe');
    expect(JSON.parse(applyTextFixes(text, [d!]).text)).toEqual({ dimensionality: 'INDIVIDUAL', id: ID_A });

    const [other] = diagnosticsOf('TE002', { dimensionality: 'SEASON', id: ID_A });
    expect(other?.fix).toBeUndefined();
    expect(diagnosticsOf('TE002', { dimensionality: 3 })[0]?.message).toContain('"number"');
  });
});
