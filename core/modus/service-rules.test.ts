import { describe, expect, it } from 'vitest';
import {
  modus,
  diagnosticsOf,
  at,
  MINIMAL_RESULT,
  AL_SUBMIT,
  AL_PLANT_RESULT,
} from '../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { validateModus } from './validate-modus.ts';
import { readFileSync } from 'node:fs';

describe('MSV001 event-code-too-long', () => {
  it('does not fire on 64 bytes', () => {
    expect(diagnosticsOf(modus(['<EventCode>E1<', `<EventCode>${'x'.repeat(64)}<`]), 'MSV001')).toEqual([]);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const xml = modus(['<EventCode>E1<', `<EventCode>${'é'.repeat(33)}<`]);
    const [d] = diagnosticsOf(xml, 'MSV001');
    expect(d?.message).toBe('EventCode is 66 bytes long; the service accepts at most 64 bytes');
    expect(d?.location.range?.start).toEqual(at(xml, 'é'));
  });
});

describe('MSV002 event-date-invalid', () => {
  it('does not fire on a plain calendar date', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV002')).toEqual([]);
  });

  it('reports a missing EventDate at the event', () => {
    const xml = modus(['<EventDate>2021-09-24</EventDate>', '']);
    const [d] = diagnosticsOf(xml, 'MSV002');
    expect(d?.messageId).toBe('missing');
    expect(d?.location.range?.start).toEqual(at(xml, '<Event>'));
  });

  it('offers a safe fix dropping a time-zone suffix the schema allows', () => {
    const xml = modus(['2021-09-24', '2021-09-24Z']);
    const [d] = diagnosticsOf(xml, 'MSV002');
    expect(d?.message).toBe('EventDate "2021-09-24Z" is not an ISO 8601 calendar date (YYYY-MM-DD)');
    expect(applyTextFixes(xml, [d!]).text).toBe(MINIMAL_RESULT);
  });

  it('leaves a value that is not a date at all to MOD010 when that rule runs', () => {
    const xml = modus(['2021-09-24', '24/09/2021']);
    expect(diagnosticsOf(xml, 'MSV002')).toHaveLength(1);
    const all = validateModus(xml).diagnostics.filter((d) => d.location.range?.start.line === 4);
    expect(all.map((d) => d.code)).toEqual(['MOD010']);
  });
});

describe('MSV003 too-many-samples', () => {
  const sample = MINIMAL_RESULT.slice(
    MINIMAL_RESULT.indexOf('<SoilSample>'),
    MINIMAL_RESULT.indexOf('</SoilSample>') + 13,
  );
  const withSamples = (n: number): string => {
    const parts: string[] = [];
    for (let i = 2; i <= n; i++) parts.push(sample.replace('<SampleNumber>1<', `<SampleNumber>${i}<`));
    return modus(['</SoilSample>', '</SoilSample>' + parts.join('\n')]);
  };

  it('does not fire on 20,000 samples', () => {
    expect(diagnosticsOf(withSamples(20_000), 'MSV003')).toEqual([]);
  });

  it('reports 20,001 samples at the sample over the limit', () => {
    const xml = withSamples(20_001);
    const [d] = diagnosticsOf(xml, 'MSV003');
    expect(d?.message).toBe('The event has 20,001 soil samples; the service accepts at most 20,000');
    expect(d?.location.range?.start).toEqual(at(xml, '<SoilSample>', 20_000));
  });
});

describe('MSV004 too-many-depths', () => {
  const refs = (n: number): string =>
    Array.from(
      { length: n },
      (_, i) => `<DepthRef DepthID="${i + 1}"><Name>d${i + 1}</Name><DepthUnit>inches</DepthUnit></DepthRef>`,
    ).join('');
  const depths = (n: number): string =>
    Array.from({ length: n }, (_, i) => `<Depth DepthID="${i + 1}"/>`).join('');

  it('does not fire on 50 depths', () => {
    const xml = modus(
      ['</DepthRef></DepthRefs>', `</DepthRef>${refs(50).slice(refs(1).length)}</DepthRefs>`],
      ['</Depth></Depths>', `</Depth>${depths(50).slice(depths(1).length)}</Depths>`],
    );
    expect(diagnosticsOf(xml, 'MSV004')).toEqual([]);
  });

  it('reports the 51st DepthRef and a sample with 51 depths', () => {
    const xml = modus(
      ['</DepthRef></DepthRefs>', `</DepthRef>${refs(51).slice(refs(1).length)}</DepthRefs>`],
      ['</Depth></Depths>', `</Depth>${depths(51).slice(depths(1).length)}</Depths>`],
    );
    const found = diagnosticsOf(xml, 'MSV004');
    expect(found.map((d) => d.messageId).sort()).toEqual(['refs', 'sample']);
    expect(found.find((d) => d.messageId === 'refs')?.location.range?.start).toEqual(
      at(xml, '<DepthRef DepthID="51"'),
    );
    expect(found.find((d) => d.messageId === 'sample')?.message).toBe(
      'Sample "1" has 51 depths; the service accepts at most 50',
    );
  });
});

describe('MSV005 lab-name-empty', () => {
  it('does not fire on a lab name', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV005')).toEqual([]);
  });

  it('reports an empty or blank LabName', () => {
    const xml = modus(['<LabName>A &amp; L Great Lakes Laboratories</LabName>', '<LabName>  </LabName>']);
    const [d] = diagnosticsOf(xml, 'MSV005');
    expect(d?.location.range?.start).toEqual(at(xml, '  </LabName>'));
    expect(
      diagnosticsOf(modus(['<LabName>A &amp; L Great Lakes Laboratories</LabName>', '<LabName/>']), 'MSV005'),
    ).toHaveLength(1);
  });
});

describe('MSV006 depth-out-of-range', () => {
  it('does not fire on 0–36 inches', () => {
    expect(
      diagnosticsOf(
        modus(['<EndingDepth>8<', '<EndingDepth>36<'], ['<ColumnDepth>8<', '<ColumnDepth>36<']),
        'MSV006',
      ),
    ).toEqual([]);
  });

  it('reports a StartingDepth over 36 and an EndingDepth of 0 or over 36', () => {
    const xml = modus(['<StartingDepth>0<', '<StartingDepth>40<'], ['<EndingDepth>8<', '<EndingDepth>48<']);
    const found = diagnosticsOf(xml, 'MSV006');
    expect(found.map((d) => d.message)).toEqual([
      "StartingDepth 40 is outside the service's range of 0 to 36 inches",
      "EndingDepth 48 is outside the service's range of 1 to 36 inches",
    ]);
    expect(found[0]?.location.range?.start).toEqual(at(xml, '40<'));
    expect(diagnosticsOf(modus(['<EndingDepth>8<', '<EndingDepth>0<']), 'MSV006')).toHaveLength(1);
  });
});

describe('MSV007 depth-unit-not-inches', () => {
  it('does not fire on "inches"', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV007')).toEqual([]);
  });

  it('offers a safe fix for "in", on the exact value', () => {
    const xml = modus(['<DepthUnit>inches<', '<DepthUnit>in<']);
    const [d] = diagnosticsOf(xml, 'MSV007');
    expect(d?.message).toBe('DepthUnit "in" means inches; the service expects "inches"');
    const start = at(xml, '<DepthUnit>in<', 0, 11).offset;
    expect(d?.fix).toMatchObject({ safety: 'safe', edits: [{ start, end: start + 2, text: 'inches' }] });
    expect(applyTextFixes(xml, [d!]).text).toBe(MINIMAL_RESULT);
  });

  it('reports other units without a fix, and a missing unit with an unsafe fix', () => {
    const cm = diagnosticsOf(modus(['<DepthUnit>inches<', '<DepthUnit>cm<']), 'MSV007');
    expect(cm[0]?.messageId).toBe('other');
    expect(cm[0]?.fix).toBeUndefined();
    const missing = modus(['<DepthUnit>inches</DepthUnit>', '']);
    const [d] = diagnosticsOf(missing, 'MSV007');
    expect(d?.messageId).toBe('missing');
    expect(d?.fix?.safety).toBe('unsafe');
    expect(applyTextFixes(missing, [d!], ['unsafe']).text).toBe(MINIMAL_RESULT);
  });
});

describe('MSV008 sample-geometry-not-wgs84-point', () => {
  const withGeometry = (geometry: string): string =>
    modus(['<SampleNumber>1</SampleNumber>', `<SampleNumber>1</SampleNumber>${geometry}`]);

  it('does not fire on a WGS 84 point (epsg 4326 or absent)', () => {
    expect(
      diagnosticsOf(withGeometry('<Geometry epsg="4326">POINT (-88.03 44.2)</Geometry>'), 'MSV008'),
    ).toEqual([]);
    expect(diagnosticsOf(withGeometry('<Geometry>POINT (-88.03 44.2)</Geometry>'), 'MSV008')).toEqual([]);
  });

  it('reports another coordinate system at the epsg attribute', () => {
    const xml = withGeometry('<Geometry epsg="26916">POINT (512000 4894000)</Geometry>');
    const [d] = diagnosticsOf(xml, 'MSV008');
    expect(d?.message).toBe(
      'Geometry has epsg="26916"; the service accepts WGS 84 (EPSG:4326) coordinates only',
    );
    expect(d?.location.range?.start).toEqual(at(xml, '26916'));
  });

  it('reports a geometry that is not a single point', () => {
    const xml = withGeometry('<Geometry>POLYGON ((0 0, 1 0, 1 1, 0 0))</Geometry>');
    expect(diagnosticsOf(xml, 'MSV008')[0]?.message).toBe(
      'Geometry is a POLYGON; the service accepts a single POINT',
    );
  });
});

describe('MSV009 result-unit-not-accepted', () => {
  const withUnit = (unit: string): string => modus(['<ValueUnit>percent<', `<ValueUnit>${unit}<`]);

  it('does not fire on the accepted units', () => {
    for (const unit of ['percent', 'ppm', 'meq/100 g', 'cmol/kg', 'lb/ac'])
      expect(diagnosticsOf(withUnit(unit), 'MSV009')).toEqual([]);
  });

  it('offers safe fixes for spellings with the same meaning, on the exact value', () => {
    for (const [unit, canonical] of [
      ['%', 'percent'],
      ['meq/100g', 'meq/100 g'],
      ['mg/kg', 'ppm'],
      ['cmol(+)/kg', 'cmol/kg'],
      ['PPM', 'ppm'],
    ] as const) {
      const xml = withUnit(unit);
      const [d] = diagnosticsOf(xml, 'MSV009');
      expect(d?.message).toBe(`Unit "${unit}" is written "${canonical}" by the service`);
      expect(d?.location.range?.start).toEqual(at(xml, `>${unit}<`, 0, 1));
      expect(applyTextFixes(xml, [d!]).text).toBe(withUnit(canonical));
    }
  });

  it('warns about unitless results and rejects other units', () => {
    expect(diagnosticsOf(withUnit('none'), 'MSV009')[0]).toMatchObject({
      severity: 'warning',
      messageId: 'unitless',
    });
    const [d] = diagnosticsOf(withUnit('dS/m'), 'MSV009');
    expect(d).toMatchObject({ severity: 'error', messageId: 'unknown' });
    expect(d?.fix).toBeUndefined();
  });
});

describe('MSV010 result-unit-variant', () => {
  const withUnit = (unit: string): string => modus(['<ValueUnit>percent<', `<ValueUnit>${unit}<`]);

  it('does not fire on lb/ac', () => {
    expect(diagnosticsOf(withUnit('lb/ac'), 'MSV010')).toEqual([]);
  });

  it('warns about the accepted pound-per-acre spellings, with a safe fix to lb/ac', () => {
    for (const unit of ['lbs/ac', 'lb/acre', 'lbs/acre', 'pounds/ac', 'pounds/acre']) {
      const xml = withUnit(unit);
      const [d] = diagnosticsOf(xml, 'MSV010');
      expect(d).toMatchObject({
        severity: 'warning',
        message: `Unit "${unit}" is accepted as "lb/ac", with a warning`,
      });
      expect(d?.location.range?.start).toEqual(at(xml, unit));
      expect(applyTextFixes(xml, [d!]).text).toBe(withUnit('lb/ac'));
    }
  });
});

describe('MSV011 event-not-soil', () => {
  it('does not fire on a soil result', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV011')).toEqual([]);
  });

  it('reports a ModusSubmit document at its root', () => {
    const [d] = diagnosticsOf(readFileSync(AL_SUBMIT), 'MSV011');
    expect(d?.messageId).toBe('submit');
    expect(d?.location.range?.start).toMatchObject({ line: 1, column: 1 });
  });

  it('reports plant samples and an event without samples', () => {
    const [plant] = diagnosticsOf(readFileSync(AL_PLANT_RESULT), 'MSV011');
    expect(plant?.message).toBe('The event holds plant samples; the service takes soil test results only');
    const start = MINIMAL_RESULT.indexOf('<EventSamples>');
    const end = MINIMAL_RESULT.indexOf('</EventSamples>') + 15;
    const empty = modus([MINIMAL_RESULT.slice(start, end), '<EventSamples/>']);
    expect(diagnosticsOf(empty, 'MSV011')[0]?.message).toBe('The event has no soil samples');
  });
});

describe('MSV012 sample-date-not-event-date', () => {
  it('does not fire when sampleDate falls on EventDate, or when none is given', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV012', { sampleDate: '2021-09-24T00:00:00.000Z' })).toEqual([]);
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV012', { sampleDate: '2021-09-24T23:00:00.000Z' })).toEqual([]);
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV012')).toEqual([]);
  });

  it('warns when the sampleDate is another day, on the sampleDate', () => {
    const [d] = diagnosticsOf(MINIMAL_RESULT, 'MSV012', { sampleDate: '2021-10-01T00:00:00.000Z' });
    expect(d).toMatchObject({
      severity: 'warning',
      message: 'sampleDate 2021-10-01T00:00:00.000Z is not on the EventDate 2021-09-24',
      location: { field: 'sampleDate' },
    });
    expect(d?.hint).toContain('2021-09-24T00:00:00.000Z');
  });
});

describe('MSV013 events-multiple', () => {
  const event = MINIMAL_RESULT.slice(
    MINIMAL_RESULT.indexOf('<Event>'),
    MINIMAL_RESULT.indexOf('</Event>') + 8,
  );

  it('does not fire on one event, or events of one date', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV013')).toEqual([]);
    expect(diagnosticsOf(modus(['</Event>', '</Event>' + event]), 'MSV013')).toEqual([]);
  });

  it('warns about events with different dates', () => {
    const xml = modus(['</Event>', '</Event>' + event.replace('2021-09-24', '2021-10-02')]);
    const [d] = diagnosticsOf(xml, 'MSV013');
    expect(d?.message).toBe(
      'The file holds 2 events with different EventDates (2021-09-24, 2021-10-02); one upload takes one sampleDate',
    );
  });
});
