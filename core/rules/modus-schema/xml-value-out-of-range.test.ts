import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD012 xml-value-out-of-range', () => {
  it('does not fire on values within their bounds', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD012')).toEqual([]);
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>-0</Value>']), 'MOD012')).toEqual([]);
  });

  it('reports a negative result value', () => {
    const xml = modus(['<Value>2.4</Value>', '<Value>-1.5</Value>']);
    const [d] = diagnosticsOf(xml, 'MOD012');
    expect(d?.message).toBe('<Value> value "-1.5" must be at least 0');
    expect(d?.location.range?.start).toEqual(at(xml, '-1.5'));
  });

  it('reports DepthID 0, an empty unit and an over-long integer', () => {
    const zero = modus(['<Depth DepthID="1">', '<Depth DepthID="0">']);
    expect(diagnosticsOf(zero, 'MOD012')[0]?.location.range?.start).toEqual(at(zero, '0">'));
    expect(
      diagnosticsOf(modus(['<ValueUnit>percent</ValueUnit>', '<ValueUnit></ValueUnit>']), 'MOD012')[0]
        ?.message,
    ).toContain('must not be empty');
    expect(diagnosticsOf(modus(['<Depth DepthID="1">', '<Depth DepthID="-3">']), 'MOD012')).toHaveLength(1);
  });
});
