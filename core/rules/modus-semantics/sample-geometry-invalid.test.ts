import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

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
