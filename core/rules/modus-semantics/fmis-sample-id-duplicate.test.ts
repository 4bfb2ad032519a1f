import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSE011 fmis-sample-id-duplicate', () => {
  const twoSamples = (a: string, b: string): string =>
    modus(
      ['<SampleNumber>1</SampleNumber>', `<SampleNumber>1</SampleNumber><FMISSampleID>${a}</FMISSampleID>`],
      [
        '</SoilSample>',
        '</SoilSample><SoilSample><SampleMetaData><SampleNumber>2</SampleNumber></SampleMetaData><Depths><Depth DepthID="1"><NutrientResults><NutrientResult><Element>OM</Element><Value>3.1</Value><ValueUnit>percent</ValueUnit><ModusTestID>S-SOM-LOI.15</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult></NutrientResults></Depth></Depths></SoilSample>'.replace(
          '<SampleNumber>2</SampleNumber>',
          `<SampleNumber>2</SampleNumber><FMISSampleID>${b}</FMISSampleID>`,
        ),
      ],
    );

  it('does not fire on distinct or empty FMISSampleIDs', () => {
    expect(diagnosticsOf(twoSamples('4300400', '4300401'), 'MSE011')).toEqual([]);
    expect(diagnosticsOf(twoSamples('', ''), 'MSE011')).toEqual([]);
  });

  it('warns about an FMISSampleID used twice', () => {
    const xml = twoSamples('4300400', '4300400');
    const [d] = diagnosticsOf(xml, 'MSE011');
    expect(d?.severity).toBe('warning');
    expect(d?.location.range?.start).toEqual(at(xml, '4300400', 1));
  });
});
