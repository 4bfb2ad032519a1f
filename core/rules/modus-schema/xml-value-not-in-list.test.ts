import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD011 xml-value-not-in-list', () => {
  it('does not fire on listed values and nil', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD011')).toEqual([]);
    expect(
      diagnosticsOf(modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc>VH</ValueDesc>']), 'MOD011'),
    ).toEqual([]);
  });

  it('reports a value outside the list, with the right spelling as hint', () => {
    const xml = modus(['<ValueType>Measured</ValueType>', '<ValueType>measured</ValueType>']);
    const [d] = diagnosticsOf(xml, 'MOD011');
    expect(d?.message).toBe(
      '<ValueType> value "measured" is not one of "Measured", "Percent", "Calculated", "Index"',
    );
    expect(d?.hint).toBe('Write "Measured" (case and spaces count).');
    expect(d?.location.range?.start).toEqual(at(xml, 'measured'));
  });

  it('counts spaces: " Low" is not "Low", and an empty ValueDesc is not in the list', () => {
    expect(
      diagnosticsOf(modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc> Low</ValueDesc>']), 'MOD011'),
    ).toHaveLength(1);
    expect(diagnosticsOf(modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc/>']), 'MOD011')).toHaveLength(1);
  });
});
