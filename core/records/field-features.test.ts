import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geojsonFileKind, kmlFileKind, wktFileKind } from '../boundary/boundary-file-kinds.ts';
import { validateCsvBatch } from '../csv/csv-batch.ts';
import { bytesToStream } from '../csv/csv-reader.ts';
import { outlinePolygons } from '../input/batch-geometry.ts';

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

/** A closed ring of `n` vertices on a circle, as the typed array the checks keep. */
function circle(n: number): Float64Array {
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n - 1; i++) {
    out[2 * i] = -93 + 0.01 * Math.cos((2 * Math.PI * i) / (n - 1));
    out[2 * i + 1] = 42 + 0.01 * Math.sin((2 * Math.PI * i) / (n - 1));
  }
  out[2 * (n - 1)] = out[0] as number;
  out[2 * (n - 1) + 1] = out[1] as number;
  return out;
}

describe('outlines for a map', () => {
  it('keep at most 32 vertices a ring, closed, and leave small rings as they are', () => {
    const [[big, small]] = outlinePolygons([[circle(101), circle(5)]]) as [[Float64Array, Float64Array]];
    expect(big.length / 2).toBeLessThanOrEqual(32);
    expect([big[0], big[1]]).toEqual([big[big.length - 2], big[big.length - 1]]);
    expect(small).toEqual(circle(5));
  });

  it('are what a CSV batch keeps when its features are only drawn (an HTML map)', async () => {
    const coords = Array.from(circle(101)).reduce<string[]>((acc, v, i, a) => {
      if (i % 2 === 0) acc.push(`${v} ${a[i + 1]}`);
      return acc;
    }, []);
    const csv = `clientName,farmName,name,boundary\nA,B,C,"POLYGON ((${coords.join(', ')}))"\n`;
    const read = (mapFeatures: boolean) =>
      validateCsvBatch(bytesToStream(new TextEncoder().encode(csv)), { mapFeatures });
    const ring = async (mapFeatures: boolean): Promise<number> => {
      const feature = (await read(mapFeatures)).features[0]!;
      return ((feature.geometry as { coordinates: number[][][] }).coordinates[0] ?? []).length;
    };
    expect(await ring(false)).toBe(101);
    expect(await ring(true)).toBeLessThanOrEqual(32);
  });
});
