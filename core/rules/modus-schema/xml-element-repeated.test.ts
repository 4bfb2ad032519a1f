import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD017 xml-element-repeated', () => {
  it('does not fire on repeatable elements', () => {
    const xml = modus([
      '</NutrientResult>',
      '</NutrientResult><NutrientResult><Element>P</Element><Value>34</Value><ValueUnit>ppm</ValueUnit><ModusTestID>S-P-B1-1:10.01.03</ModusTestID><ValueType>Measured</ValueType><ValueDesc>H</ValueDesc></NutrientResult>',
    ]);
    expect(diagnosticsOf(xml, 'MOD017')).toEqual([]);
  });

  it('reports a second SampleNumber at the second one', () => {
    const xml = modus([
      '<SampleNumber>1</SampleNumber>',
      '<SampleNumber>1</SampleNumber><SampleNumber>2</SampleNumber>',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD017');
    expect(d?.message).toBe('<SampleNumber> appears more than once in <SampleMetaData>');
    expect(d?.location.range?.start).toEqual(at(xml, '<SampleNumber>', 1));
  });

  it('reports a second Depth in a nematode sample (at most one)', () => {
    const nematode =
      '<EventSamples><Nematode><DepthRefs><DepthRef DepthID="1"><Name>a</Name></DepthRef></DepthRefs><NematodeSample><SampleMetaData><SampleNumber>1</SampleNumber></SampleMetaData><Depths><Depth DepthID="1"/><Depth DepthID="1"/></Depths></NematodeSample></Nematode></EventSamples>';
    const start = MINIMAL_RESULT.indexOf('<EventSamples>');
    const end = MINIMAL_RESULT.indexOf('</EventSamples>') + 15;
    const xml = modus([MINIMAL_RESULT.slice(start, end), nematode]);
    const [d] = diagnosticsOf(xml, 'MOD017');
    expect(d?.message).toBe('<Depths> may hold at most 1 <Depth>');
  });
});
