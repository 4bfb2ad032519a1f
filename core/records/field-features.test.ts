import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geojsonFileKind, kmlFileKind, wktFileKind } from '../boundary/boundary-file-kinds.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('boundary kinds return GeoJSON features', () => {
  it('gives one feature per WKT line, null geometry for one that does not parse, and feature on diagnostics', async () => {
    const text = [
      'POLYGON ((-93.1 45.1, -93.09 45.1, -93.09 45.11, -93.1 45.11, -93.1 45.1))',
      'POLYGON ((-93.1 45.1, -93.09 45.1',
      'POLYGON ((-93.1 45.1, -93.09 45.11, -93.09 45.1, -93.1 45.11, -93.1 45.1))',
    ].join('\n');
    const report = await wktFileKind.validate({ name: 'b.wkt', bytes: enc(text) }, {});
    expect(report.features?.map((f) => [f.id, f.geometry?.type ?? null, f.properties.valid])).toEqual([
      [0, 'Polygon', true],
      [1, null, false],
      [2, 'Polygon', false],
    ]);
    expect(report.features?.[0]?.properties.areaAcres).toBeGreaterThan(150);
    expect(report.diagnostics.map((d) => [d.code, d.location.feature])).toEqual([
      ['WKT001', 1],
      ['GEO004', 2],
    ]);
  });

  it('gives the CSB GeoJSON 100 features with names, stated and computed acres, and the invalid ones marked', async () => {
    const path = resolve(import.meta.dirname, '../../test/corpus/derived/us_csb_2024_sample_wgs84.geojson');
    const report = await geojsonFileKind.validate(
      { name: 'csb.geojson', bytes: new Uint8Array(readFileSync(path)) },
      {},
    );
    const features = report.features ?? [];
    expect(features).toHaveLength(100);
    expect(features.filter((f) => f.properties.valid === false).map((f) => f.id)).toEqual([15, 17, 29, 54]);
    expect(features[0]?.properties).toMatchObject({
      name: '351724000000001',
      statedAcres: expect.any(Number),
    });
    for (const d of report.diagnostics.filter((x) => x.group === 'ogc-validity'))
      expect([15, 17, 29, 54]).toContain(d.location.feature);
  });

  it('gives KML placemarks as features', async () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>North</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-93.1,45.1 -93.09,45.1 -93.09,45.11 -93.1,45.1</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
    const report = await kmlFileKind.validate({ name: 'f.kml', bytes: enc(kml) }, {});
    expect(report.features?.[0]).toMatchObject({
      id: 0,
      geometry: { type: 'Polygon' },
      properties: { name: 'North', valid: true },
    });
  });
});

describe('unreadable features', () => {
  it('are listed in file order with no geometry, and their import problems point at them', async () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Point', coordinates: [-93, 45] } },
        {
          type: 'Feature',
          properties: { name: 'B' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-93.1, 45.1],
                [-93.09, 45.1],
                [-93.09, 45.11],
                [-93.1, 45.1],
              ],
            ],
          },
        },
        { type: 'Feature', properties: { name: 'C' }, geometry: null },
      ],
    });
    const report = await geojsonFileKind.validate({ name: 'f.geojson', bytes: enc(text) }, {});
    expect(report.features?.map((f) => [f.id, f.geometry?.type ?? null, f.properties.name])).toEqual([
      [0, null, 'A'],
      [1, 'Polygon', 'B'],
      [2, null, 'C'],
    ]);
    expect(report.diagnostics.map((d) => [d.code, d.location.feature])).toEqual([
      ['IMP003', 0],
      ['IMP003', 2],
    ]);
  });
});

describe('a boundary that is a point or a line', () => {
  it('is drawn as what it is, marked not valid', async () => {
    const report = await wktFileKind.validate(
      { name: 'b.wkt', bytes: enc('POINT (-93.1 45.1)\nLINESTRING (-93.1 45.1, -93.09 45.1)') },
      {},
    );
    expect(report.features?.map((f) => [f.geometry?.type, f.properties.valid])).toEqual([
      ['Point', false],
      ['LineString', false],
    ]);
  });
});
