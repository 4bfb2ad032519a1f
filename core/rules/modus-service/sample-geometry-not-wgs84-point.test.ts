import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at } from '../../../test/modus/modus-documents.ts';

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
