import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MOD007 xml-element-missing', () => {
  it('does not fire on a valid document', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD007')).toEqual([]);
  });

  it('names every missing child, at the parent start tag', () => {
    const xml = modus([
      '<ModusTestID>S-SOM-LOI.15</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/>',
      '',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD007');
    expect(d?.message).toBe('<NutrientResult> is missing <ModusTestID>, <ValueType> and <ValueDesc>');
    expect(d?.location.range?.start).toEqual(at(xml, '<NutrientResult>'));
    expect(d?.location.path).toEqual([
      'ModusResult',
      'Event',
      0,
      'EventSamples',
      'Soil',
      'SoilSample',
      0,
      'Depths',
      'Depth',
      0,
      'NutrientResults',
      'NutrientResult',
      0,
    ]);
  });

  it('names a sequence member missing before the element that came instead, and goes on', () => {
    const xml = modus([
      MINIMAL_RESULT.slice(
        MINIMAL_RESULT.indexOf('<DepthRefs>'),
        MINIMAL_RESULT.indexOf('</DepthRefs>') + 13,
      ),
      '',
    ]);
    const found = diagnosticsOf(xml, 'MOD007');
    expect(found[0]?.message).toBe('<Soil> is missing <DepthRefs> before <SoilSample>');
    expect(found[0]?.location.range?.start).toEqual(at(xml, '<SoilSample>'));
    expect(found).toHaveLength(1);
  });
});
