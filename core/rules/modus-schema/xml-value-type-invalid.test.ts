import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD010 xml-value-type-invalid', () => {
  it('does not fire on values of the right type', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD010')).toEqual([]);
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value> 2.4e0 </Value>']), 'MOD010')).toEqual([]);
  });

  it('reports a date that is not YYYY-MM-DD, on the value', () => {
    const xml = modus(['2021-09-24', '09/24/2021']);
    const [d] = diagnosticsOf(xml, 'MOD010');
    expect(d?.message).toBe('<EventDate> value "09/24/2021" is not a date (xs:date, YYYY-MM-DD)');
    expect(d?.location.range?.start).toEqual(at(xml, '09/24/2021'));
    expect(d?.location.range?.end).toEqual(at(xml, '09/24/2021', 0, 10));
  });

  it('reports a day that does not exist and a decimal comma', () => {
    expect(diagnosticsOf(modus(['2021-09-24', '2021-02-29']), 'MOD010')).toHaveLength(1);
    expect(
      diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>2,4</Value>']), 'MOD010')[0]?.message,
    ).toContain('is not a number');
  });

  it('reports an attribute value of the wrong type on the value', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth DepthID="one">']);
    const [d] = diagnosticsOf(xml, 'MOD010');
    expect(d?.messageId).toBe('attribute');
    expect(d?.location.range?.start).toEqual(at(xml, 'one'));
  });
});
