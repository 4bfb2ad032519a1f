import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MOD014 xml-key-duplicate', () => {
  it('does not fire on distinct keys', () => {
    const xml = modus([
      '</DepthRef></DepthRefs>',
      '</DepthRef><DepthRef DepthID="2"><Name>8 - 24 in</Name></DepthRef></DepthRefs>',
    ]);
    expect(diagnosticsOf(xml, 'MOD014')).toEqual([]);
  });

  it('reports a DepthID defined twice (compared as numbers), at the second one', () => {
    const xml = modus([
      '</DepthRef></DepthRefs>',
      '</DepthRef><DepthRef DepthID="01"><Name>again</Name></DepthRef></DepthRefs>',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD014');
    expect(d?.message).toBe('DepthRef@DepthID "1" is used twice in <DepthRefs> (first on line 7)');
    expect(d?.location.range?.start).toEqual(at(xml, '01"'));
  });

  it('reports keys held in child elements (recommendation elements)', () => {
    const rec =
      '<NutrientRecommendations><NutrientRecommendation RecID="1"><Recommendation><Element>N</Element><Value>1</Value><ValueUnit>lb/ac</ValueUnit></Recommendation><Recommendation><Element>N</Element><Value>2</Value><ValueUnit>lb/ac</ValueUnit></Recommendation></NutrientRecommendation></NutrientRecommendations>';
    const xml = modus(['</Depths></SoilSample>', `</Depths>${rec}</SoilSample>`]);
    const [d] = diagnosticsOf(xml, 'MOD014');
    expect(d?.message).toContain('Recommendation/Element "N"');
    expect(d?.location.range?.start).toEqual(at(xml, '<Element>N', 1, 9));
  });
});
