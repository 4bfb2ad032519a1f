import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSE008 result-value-not-finite', () => {
  it('does not fire on finite values', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE008')).toEqual([]);
  });

  it('reports INF and NaN, which the schema lets through', () => {
    const xml = modus(['<Value>2.4</Value>', '<Value>INF</Value>']);
    const [d] = diagnosticsOf(xml, 'MSE008');
    expect(d?.message).toBe('<Value> "INF" of OM is not a finite number');
    expect(d?.location.range?.start).toEqual(at(xml, 'INF'));
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>NaN</Value>']), 'MSE008')).toHaveLength(1);
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>1e39</Value>']), 'MSE008')).toHaveLength(1);
  });
});
