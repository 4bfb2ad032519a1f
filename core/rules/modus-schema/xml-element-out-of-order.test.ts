import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD016 xml-element-out-of-order', () => {
  it('does not fire on any order inside xs:all groups', () => {
    const xml = modus(['<Element>OM</Element><Value>2.4</Value>', '<Value>2.4</Value><Element>OM</Element>']);
    expect(diagnosticsOf(xml, 'MOD016')).toEqual([]);
  });

  it('reports DepthRefs after the samples that use them', () => {
    const refs = MINIMAL_RESULT.slice(
      MINIMAL_RESULT.indexOf('<DepthRefs>'),
      MINIMAL_RESULT.indexOf('</DepthRefs>') + 12,
    );
    const xml = modus([refs, ''], ['</SoilSample>', `</SoilSample>${refs}`]);
    const [d] = diagnosticsOf(xml, 'MOD016');
    expect(d?.message).toBe('<DepthRefs> must come before <SoilSample> in <Soil>');
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRefs>'));
  });
});
