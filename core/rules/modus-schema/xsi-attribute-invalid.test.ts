import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD015 xsi-attribute-invalid', () => {
  it('does not fire on xsi:nil where it is allowed', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD015')).toEqual([]);
    expect(
      diagnosticsOf(modus(['<EventCode>E1</EventCode>', '<EventCode xsi:nil="true"/>']), 'MOD015'),
    ).toEqual([]);
  });

  it('reports xsi:nil on an element that is not nillable', () => {
    const xml = modus(['<LabName>A &amp; L Great Lakes Laboratories</LabName>', '<LabName xsi:nil="true"/>']);
    const [d] = diagnosticsOf(xml, 'MOD015');
    expect(d?.message).toBe('<LabName> cannot be nil (xsi:nil)');
    expect(d?.location.range?.start).toEqual(at(xml, 'xsi:nil="true"/>'));
  });

  it('reports a nil element with content, and a nil that is not a boolean', () => {
    const content = modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc xsi:nil="true">Low</ValueDesc>']);
    expect(diagnosticsOf(content, 'MOD015')[0]?.messageId).toBe('nilledContent');
    expect(diagnosticsOf(content, 'MOD015')[0]?.location.range?.start).toEqual(at(content, 'Low<'));
    expect(diagnosticsOf(modus(['xsi:nil="true"', 'xsi:nil="yes"']), 'MOD015')[0]?.messageId).toBe('badNil');
  });

  it('reports an xsi:type that does not fit', () => {
    const xml = modus(['<ValueType>', '<ValueType xsi:type="xs:int">']);
    expect(diagnosticsOf(xml, 'MOD015')[0]?.messageId).toBe('xsiType');
  });
});
