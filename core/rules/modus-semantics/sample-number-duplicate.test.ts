import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

describe('MSE002 sample-number-duplicate', () => {
  it('does not fire on distinct sample numbers', () => {
    expect(
      diagnosticsOf(
        modus([
          '</SoilSample>',
          '</SoilSample><SoilSample><SampleMetaData><SampleNumber>2</SampleNumber></SampleMetaData><Depths><Depth DepthID="1"><NutrientResults><NutrientResult><Element>OM</Element><Value>3.1</Value><ValueUnit>percent</ValueUnit><ModusTestID>S-SOM-LOI.15</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult></NutrientResults></Depth></Depths></SoilSample>',
        ]),
        'MSE002',
      ),
    ).toEqual([]);
  });

  it('reports the second sample with the same number, at its SampleNumber', () => {
    const xml = modus([
      '</SoilSample>',
      '</SoilSample><SoilSample><SampleMetaData><SampleNumber>2</SampleNumber></SampleMetaData><Depths><Depth DepthID="1"><NutrientResults><NutrientResult><Element>OM</Element><Value>3.1</Value><ValueUnit>percent</ValueUnit><ModusTestID>S-SOM-LOI.15</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult></NutrientResults></Depth></Depths></SoilSample>'.replace(
        '<SampleNumber>2<',
        '<SampleNumber>1<',
      ),
    ]);
    const [d] = diagnosticsOf(xml, 'MSE002');
    expect(d?.message).toBe('SampleNumber "1" is already used by another sample of this event (line 8)');
    expect(d?.location.range?.start).toEqual(at(xml, '<SampleNumber>1', 1, 14));
  });
});
