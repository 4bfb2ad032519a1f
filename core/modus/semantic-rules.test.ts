import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT, AL_SUBMIT } from '../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { readFileSync } from 'node:fs';

describe('MSE001 depth-ref-undefined', () => {
  it('does not fire when every Depth refers to a DepthRef', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE001')).toEqual([]);
  });

  it('reports a Depth whose DepthID is not defined, at the attribute', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth DepthID="2">']);
    const [d] = diagnosticsOf(xml, 'MSE001');
    expect(d?.message).toBe('Depth 2 refers to no DepthRef of this event (defined: 1)');
    expect(d?.location.range?.start).toEqual(at(xml, '2">'));
  });

  it('compares DepthIDs as numbers, and leaves absent DepthIDs to the schema', () => {
    expect(diagnosticsOf(modus(['<Depth DepthID="1">', '<Depth DepthID="01">']), 'MSE001')).toEqual([]);
    expect(diagnosticsOf(modus(['<Depth DepthID="1">', '<Depth>']), 'MSE001')).toEqual([]);
  });
});

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

describe('MSE003 depth-repeated', () => {
  it('does not fire when each depth is listed once', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE003')).toEqual([]);
  });

  it('reports a depth listed twice in one sample', () => {
    const xml = modus(['</Depth></Depths>', '</Depth><Depth DepthID="1"/></Depths>']);
    const [d] = diagnosticsOf(xml, 'MSE003');
    expect(d?.message).toBe('Depth 1 is listed twice in this sample (first on line 8)');
    expect(d?.location.range?.start).toEqual(at(xml, 'DepthID="1"/>', 0, 9));
  });
});

describe('MSE004 depth-range-inverted', () => {
  it('does not fire when StartingDepth < EndingDepth', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE004')).toEqual([]);
  });

  it('reports an upside-down interval at the DepthRef', () => {
    const xml = modus([
      '<StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth>',
      '<StartingDepth>8</StartingDepth><EndingDepth>0</EndingDepth>',
    ]);
    const [d] = diagnosticsOf(xml, 'MSE004');
    expect(d?.message).toBe('DepthRef 1: StartingDepth 8 is not less than EndingDepth 0');
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRef '));
    expect(diagnosticsOf(modus(['<EndingDepth>8<', '<EndingDepth>0<']), 'MSE004')).toHaveLength(1);
  });
});

describe('MSE005 column-depth-mismatch', () => {
  it('does not fire when ColumnDepth = EndingDepth − StartingDepth, or is absent', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE005')).toEqual([]);
    expect(diagnosticsOf(modus(['<ColumnDepth>8</ColumnDepth>', '']), 'MSE005')).toEqual([]);
  });

  it('reports a wrong ColumnDepth with an unsafe fix on its value', () => {
    const xml = modus(['<ColumnDepth>8<', '<ColumnDepth>6<']);
    const [d] = diagnosticsOf(xml, 'MSE005');
    expect(d?.message).toBe('DepthRef 1: ColumnDepth 6 is not EndingDepth − StartingDepth = 8');
    const start = at(xml, '<ColumnDepth>6', 0, 13).offset;
    expect(d?.fix).toMatchObject({ safety: 'unsafe', edits: [{ start, end: start + 1, text: '8' }] });
    expect(applyTextFixes(xml, [d!], ['unsafe']).text).toBe(MINIMAL_RESULT);
  });
});

describe('MSE006 depth-unit-inconsistent', () => {
  const second = (unit: string): string =>
    `</DepthRef><DepthRef DepthID="2"><Name>8 - 24</Name><StartingDepth>8</StartingDepth><EndingDepth>24</EndingDepth>${unit}</DepthRef></DepthRefs>`;

  it('does not fire when all DepthRefs use one unit', () => {
    expect(
      diagnosticsOf(modus(['</DepthRef></DepthRefs>', second('<DepthUnit>inches</DepthUnit>')]), 'MSE006'),
    ).toEqual([]);
  });

  it('reports the first DepthRef that differs', () => {
    const xml = modus(['</DepthRef></DepthRefs>', second('<DepthUnit>cm</DepthUnit>')]);
    const [d] = diagnosticsOf(xml, 'MSE006');
    expect(d?.message).toBe('DepthRef 2 uses DepthUnit "cm", but DepthRef 1 uses "inches"');
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRef DepthID="2"'));
    expect(diagnosticsOf(modus(['</DepthRef></DepthRefs>', second('')]), 'MSE006')[0]?.message).toContain(
      '"(none)"',
    );
  });
});

describe('MSE007 test-result-duplicate', () => {
  const result = (element: string, test: string): string =>
    `</NutrientResult><NutrientResult><Element>${element}</Element><Value>1</Value><ValueUnit>ppm</ValueUnit><ModusTestID>${test}</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult>`;

  it('does not fire on one Element measured by two methods (two ModusTestIDs)', () => {
    const xml = modus(['</NutrientResult>', result('P', 'S-P-B1-1:10.01.03') + result('P', 'S-P-M3.04')]);
    expect(diagnosticsOf(xml, 'MSE007')).toEqual([]);
  });

  it('reports a ModusTestID reported twice for one depth, at the second one', () => {
    const xml = modus(['</NutrientResult>', result('OM', 'S-SOM-LOI.15')]);
    const [d] = diagnosticsOf(xml, 'MSE007');
    expect(d?.message).toBe('ModusTestID "S-SOM-LOI.15" is reported twice for this depth (first on line 9)');
    expect(d?.location.range?.start).toEqual(at(xml, 'S-SOM-LOI.15', 1));
  });
});

describe('MSE008 result-value-not-finite', () => {
  it('does not fire on finite values', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE008')).toEqual([]);
  });

  it('reports INF and NaN, which the schema lets through', () => {
    const xml = modus(['<Value>2.4</Value>', '<Value>INF</Value>']);
    const [d] = diagnosticsOf(xml, 'MSE008');
    expect(d?.message).toBe('<Value> "INF" of OM is not a finite number');
    expect(d?.location.range?.start).toEqual(at(xml, 'INF'));
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>NaN</Value>']), 'MSE008')).toHaveLength(1);
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>1e39</Value>']), 'MSE008')).toHaveLength(1);
  });
});

describe('MSE009 sample-geometry-invalid', () => {
  const withGeometry = (wkt: string): string =>
    modus(['<SampleNumber>1</SampleNumber>', `<SampleNumber>1</SampleNumber><Geometry>${wkt}</Geometry>`]);

  it('does not fire on a WGS 84 point', () => {
    expect(diagnosticsOf(withGeometry('POINT (-88.0366758840411 44.206276266517875)'), 'MSE009')).toEqual([]);
  });

  it('reports WKT that does not parse, at the value', () => {
    const xml = withGeometry('POINT (-88.03 44.20');
    const [d] = diagnosticsOf(xml, 'MSE009');
    expect(d?.message).toBe(
      "Geometry \"POINT (-88.03 44.20\" is not valid WKT: expected ',' or ')' after a coordinate but found end of input",
    );
    expect(d?.location.range?.start).toEqual(at(xml, 'POINT'));
  });

  it('reports swapped or out-of-range coordinates', () => {
    expect(diagnosticsOf(withGeometry('POINT (44.2 -100.5)'), 'MSE009')[0]?.message).toContain(
      'look swapped',
    );
    expect(diagnosticsOf(withGeometry('POINT (512000 4894000)'), 'MSE009')[0]?.message).toContain(
      'not WGS 84 degrees',
    );
  });
});

describe('MSE010 depth-ref-unused', () => {
  it('does not fire when every DepthRef is used', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE010')).toEqual([]);
  });

  it('warns about a DepthRef no Depth refers to', () => {
    const xml = modus([
      '</DepthRef></DepthRefs>',
      '</DepthRef><DepthRef DepthID="2"><Name>8 - 24 in</Name></DepthRef></DepthRefs>',
    ]);
    const [d] = diagnosticsOf(xml, 'MSE010');
    expect(d).toMatchObject({
      severity: 'warning',
      message: 'DepthRef 2 ("8 - 24 in") is not used by any sample',
    });
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRef DepthID="2"'));
  });
});

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

describe('MSE012 event-type-mismatch', () => {
  it('does not fire when EventType and samples agree', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE012')).toEqual([]);
  });

  it('reports an EventType that disagrees with the samples', () => {
    const xml = modus(['<EventType><Soil/></EventType>', '<EventType><Nematode/></EventType>']);
    const [d] = diagnosticsOf(xml, 'MSE012');
    expect(d?.message).toBe('EventType says Nematode, but EventSamples holds Soil samples');
    expect(d?.location.range?.start).toEqual(at(xml, '<Soil>'));
  });
});

describe('MSE013 sample-without-results', () => {
  it('does not fire on a sample with results', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE013')).toEqual([]);
  });

  it('warns about a result sample without results, and not about submitted samples', () => {
    const start = MINIMAL_RESULT.indexOf('<NutrientResults>');
    const end = MINIMAL_RESULT.indexOf('</NutrientResults>') + 18;
    const xml = modus([MINIMAL_RESULT.slice(start, end), '']);
    const [d] = diagnosticsOf(xml, 'MSE013');
    expect(d).toMatchObject({ severity: 'warning', message: 'Sample "1" has no results' });
    expect(d?.location.range?.start).toEqual(at(xml, '<SoilSample>'));
    expect(diagnosticsOf(readFileSync(AL_SUBMIT), 'MSE013')).toEqual([]);
  });
});
