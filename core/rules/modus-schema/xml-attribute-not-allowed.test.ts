import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD008 xml-attribute-not-allowed', () => {
  it('does not fire on declared and xsi attributes', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD008')).toEqual([]);
    expect(
      diagnosticsOf(
        modus(['<ModusResult ', '<ModusResult xsi:noNamespaceSchemaLocation="modus_result.xsd" ']),
        'MOD008',
      ),
    ).toEqual([]);
  });

  it('reports a misspelt attribute with a guess', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth DepthID="1" DepthId="1">']);
    const [d] = diagnosticsOf(xml, 'MOD008');
    expect(d?.message).toBe('Attribute DepthId is not allowed on <Depth> (it takes DepthID)');
    expect(d?.hint).toContain('Did you mean DepthID?');
    expect(d?.location.range?.start).toEqual(at(xml, 'DepthId'));
  });

  it('reports attributes in other namespaces and unknown xsi attributes', () => {
    expect(diagnosticsOf(modus(['<LabName>', '<LabName xml:lang="en">']), 'MOD008')).toHaveLength(1);
    expect(diagnosticsOf(modus(['<LabName>', '<LabName xsi:foo="1">']), 'MOD008')).toHaveLength(1);
  });
});
