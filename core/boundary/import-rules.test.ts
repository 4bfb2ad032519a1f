import { describe, expect, it } from 'vitest';
import { importGeoJson } from './import-geojson.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { importKml } from './import-kml.ts';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { corpusPath } from '../../test/support/corpus.ts';
import { importShapefileZip } from './import-shapefile.ts';
import type { BoundaryImport } from './boundary-feature.ts';
import { toFieldItems } from './field-attributes.ts';

function geoJsonCodes(text: string): Array<[string, string, unknown, string | undefined]> {
  const collector = new DiagnosticCollector();
  importGeoJson(text, collector);
  return collector.diagnostics.map((d) => [
    d.code,
    d.messageId,
    d.location.path,
    d.location.range && `${d.location.range.start.line}:${d.location.range.start.column}`,
  ]);
}

describe('IMP001 geojson-structure', () => {
  it('reports JSON that is not GeoJSON, at the top level', () => {
    expect(geoJsonCodes('[1, 2]')).toEqual([['IMP001', 'notGeoJson', [], '1:1']]);
    expect(geoJsonCodes('{"type": "Topology"}')).toEqual([['IMP001', 'notGeoJson', [], '1:1']]);
  });

  it('reports a features member that is not an array, and a feature that is not a Feature', () => {
    expect(geoJsonCodes('{"type": "FeatureCollection", "features": {}}')).toEqual([
      ['IMP001', 'badMember', ['features'], '1:43'],
    ]);
    expect(geoJsonCodes('{"type": "FeatureCollection", "features": [\n  {"type": "Polygon"}]}')).toEqual([
      ['IMP001', 'badMember', ['features', 0], '2:3'],
    ]);
  });

  it('reports a position that is not [x, y] at the position', () => {
    expect(geoJsonCodes('{"type": "Polygon", "coordinates": [[[0, 0], [1], [1, 1], [0, 0]]]}')).toEqual([
      ['IMP001', 'badCoordinates', ['coordinates', 0, 1], '1:46'],
    ]);
  });

  it('does not fire on a valid FeatureCollection', () => {
    expect(
      geoJsonCodes(
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}]}',
      ),
    ).toEqual([]);
  });
});

function kmlCodes(text: string): Array<[string, string, string | undefined]> {
  const collector = new DiagnosticCollector();
  importKml(text, collector);
  return collector.diagnostics.map((d) => [
    d.code,
    d.messageId,
    d.location.range && `${d.location.range.start.line}:${d.location.range.start.column}`,
  ]);
}

const polygon = (coords: string): string =>
  `<kml>\n<Placemark><name>A</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;

describe('IMP002 kml-unreadable', () => {
  it('reports XML that is not well-formed at its line', () => {
    expect(kmlCodes('<kml>\n<Placemark>\n<name>A</name>\n</kml>')[0]?.slice(0, 2)).toEqual([
      'IMP002',
      'syntax',
    ]);
    expect(kmlCodes('<kml>\n<Placemark>\n<name>A</name>\n</kml>')[0]?.[2]).toMatch(/^4:/);
  });

  it('refuses a DOCTYPE, even a harmless one', () => {
    expect(kmlCodes('<!DOCTYPE kml>\n<kml></kml>')).toEqual([['IMP002', 'doctype', '1:1']]);
  });

  it('reports a root that is not <kml>, and coordinates that are not tuples', () => {
    expect(kmlCodes('<?xml version="1.0"?>\n<gpx/>')).toEqual([['IMP002', 'notKml', '2:1']]);
    expect(kmlCodes(polygon('1,1 2 2,2 1,1'))).toEqual([['IMP002', 'badCoordinates', '2:81']]);
  });

  it('does not fire on a well-formed KML polygon', () => {
    expect(kmlCodes(polygon('1,1 2,1 2,2 1,1'))).toEqual([]);
  });
});

describe('IMP003 feature-not-polygon', () => {
  it('reports a GeoJSON Point feature at its geometry, and a null geometry', () => {
    const collector = new DiagnosticCollector();
    importGeoJson(
      '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}}, {"type": "Feature", "properties": {}, "geometry": null}]}',
      collector,
    );
    expect(collector.diagnostics.map((d) => [d.code, d.messageId, d.location.path])).toEqual([
      ['IMP003', 'notPolygon', ['features', 0, 'geometry']],
      ['IMP003', 'noGeometry', ['features', 1, 'geometry']],
    ]);
    expect(collector.diagnostics[0]?.message).toBe(
      'feature 1 has a Point geometry; a field boundary must be a Polygon or MultiPolygon',
    );
  });

  it('reports a KML point placemark at the placemark', () => {
    const collector = new DiagnosticCollector();
    importKml(
      '<kml><Placemark><name>Gate</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>',
      collector,
    );
    expect(collector.diagnostics.map((d) => [d.code, d.message, d.location.range?.start.column])).toEqual([
      [
        'IMP003',
        'placemark "Gate" has a Point geometry; a field boundary must be a Polygon or MultiPolygon',
        6,
      ],
    ]);
  });

  it('reports a point shapefile (the corpus sample locations) at the .shp', () => {
    const zip = readFileSync(
      corpusPath('oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/locations-shp.zip'),
    );
    const collector = new DiagnosticCollector();
    const imported = importShapefileZip(zip, collector);
    const d = collector.diagnostics.find((x) => x.code === 'IMP003');
    expect(d?.message).toMatch(/^The shapefile .*\.shp has a Point geometry/);
    expect(d?.location.entry).toMatch(/\.shp$/);
    expect(imported.features).toEqual([]);
  });

  it('does not fire on polygon shapefiles', () => {
    const collector = new DiagnosticCollector();
    importShapefileZip(zipSync(unzipSync(readFileSync(corpusPath('derived/isoxml_test_rx.zip')))), collector);
    expect(collector.diagnostics.filter((d) => d.code === 'IMP003')).toEqual([]);
  });
});

const polygonZip = corpusPath('derived/isoxml_test_rx.zip');

function run(f: (c: DiagnosticCollector) => void): Array<[string, string, string | undefined]> {
  const collector = new DiagnosticCollector();
  f(collector);
  return collector.diagnostics.map((d) => [d.code, d.messageId, d.location.entry]);
}

describe('IMP004 no-boundaries', () => {
  it('reports an empty FeatureCollection', () => {
    expect(run((c) => importGeoJson('{"type": "FeatureCollection", "features": []}', c))).toEqual([
      ['IMP004', 'empty', undefined],
    ]);
  });

  it('reports a ZIP without a shapefile, listing its entries (the CSB FileGDB)', () => {
    const gdb = readFileSync(
      corpusPath(
        'fiboa-cli-testdata/tests/data-files/convert/us_usda_cropland/NationalCSB_2017-2024_rev23.zip',
      ),
    );
    const collector = new DiagnosticCollector();
    importShapefileZip(gdb, collector);
    expect(collector.diagnostics.map((d) => [d.code, d.messageId])).toEqual([['IMP004', 'noShapefile']]);
    expect(collector.diagnostics[0]?.message).toContain('CSB1724.gdb/a00000009.gdbtable');
    expect(run((c) => importShapefileZip(zipSync({ 'readme.txt': strToU8('hi') }), c))).toEqual([
      ['IMP004', 'noShapefile', undefined],
    ]);
  });

  it('reports a shapefile without its .dbf', () => {
    const members = unzipSync(readFileSync(polygonZip));
    delete members['isoxml_test_rx.dbf'];
    expect(run((c) => importShapefileZip(zipSync(members), c))).toEqual([
      ['IMP004', 'incomplete', 'isoxml_test_rx.shp'],
    ]);
  });

  it('does not fire on a complete shapefile', () => {
    expect(run((c) => importShapefileZip(readFileSync(polygonZip), c))).toEqual([]);
  });
});

const ring = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 0]);

function imported(properties: Array<Record<string, string | number | null>>): BoundaryImport {
  const attributes = [...new Set(properties.flatMap((p) => Object.keys(p)))];
  return {
    format: 'shapefile',
    attributes,
    failed: false,
    features: properties.map((p, i) => ({
      index: i + 1,
      label: `record ${i + 1} of f.shp`,
      polygons: [[ring]],
      multi: false,
      properties: p,
      location: { entry: 'f.shp', record: i + 1 },
      geometryLocation: { entry: 'f.shp', record: i + 1 },
    })),
  };
}

describe('IMP005 attribute-missing', () => {
  it('reports a target no attribute gives, once for the file, and converts nothing', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(imported([{ NAME: 'North' }]), { clientName: 'C' }, collector, {});
    expect(out).toEqual({ fields: [], complete: false });
    expect(collector.diagnostics.map((d) => [d.code, d.messageId, d.message])).toEqual([
      [
        'IMP005',
        'noSource',
        'No attribute gives the farmName of the fields (looked for farmName, farm, farm_nm, farmname, Betrieb, Betriebsname, …)',
      ],
      ['IMP006', 'guessed', 'name taken from the attribute NAME (guessed; set it with --map name=ATTRIBUTE)'],
    ]);
  });

  it('reports an empty value at the record and field, and a non-numeric acres as a warning', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(
      imported([
        { NAME: 'North', acres: 'n/a' },
        { NAME: ' ', acres: 12 },
      ]),
      { clientName: 'C', farmName: 'F' },
      collector,
      {},
    );
    expect(out.complete).toBe(false);
    expect(out.fields.map((f) => f.item)).toEqual([
      { clientName: 'C', farmName: 'F', name: 'North', boundary: 'POLYGON ((0 0, 1 0, 1 1, 0 0))' },
    ]);
    expect(
      collector.diagnostics
        .filter((d) => d.code === 'IMP005')
        .map((d) => [d.messageId, d.severity, d.location]),
    ).toEqual([
      ['acresNotNumber', 'warning', { entry: 'f.shp', record: 1, field: 'acres' }],
      ['empty', 'error', { entry: 'f.shp', record: 2, field: 'NAME' }],
    ]);
  });

  it('does not fire when every field has its values', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(
      imported([{ field_name: 'A', FARM: 'Home', Client: 'Smith', CSBACRES: 2.5 }]),
      {},
      collector,
      {},
    );
    expect(out.complete).toBe(true);
    expect(out.fields[0]?.item).toEqual({
      clientName: 'Smith',
      farmName: 'Home',
      name: 'A',
      boundary: 'POLYGON ((0 0, 1 0, 1 1, 0 0))',
      acres: 2.5,
    });
    expect(collector.diagnostics.filter((d) => d.code === 'IMP005')).toEqual([]);
  });

  it('takes the names and the area of files from Europe, as a CSV batch reads its headers', () => {
    const cases: Array<[Record<string, string | number>, number]> = [
      [{ Kunde: 'Müller GbR', Betrieb: 'Hof', SCHLAG: 'Große Wiese', FLAECHE: 2 }, 2],
      [{ Client: 'Dupont', Exploitation: 'La Ferme', Parcelle: 'Les Prés', Surface: '2,5' }, 2.5],
      [{ Klant: 'Jansen', Bedrijf: 'De Hoeve', Perceel: 'Achterveld', oppervlakte: 1 }, 1],
      [{ Cliente: 'García', Explotacion: 'El Olivar', Parcela: 'Norte', superficie: 4 }, 4],
    ];
    for (const [properties, hectares] of cases) {
      const collector = new DiagnosticCollector();
      const out = toFieldItems(imported([properties]), {}, collector, {});
      const values = Object.values(properties);
      expect(out.complete, JSON.stringify(properties)).toBe(true);
      expect(out.fields[0]?.item).toMatchObject({
        clientName: values[0],
        farmName: values[1],
        name: values[2],
      });
      expect(out.fields[0]?.item.acres).toBeCloseTo(hectares * 2.4710538, 5);
    }
  });
});

const file: BoundaryImport = {
  format: 'geojson',
  attributes: ['FIELD_NAME', 'Area_ha', 'grower'],
  failed: false,
  features: [
    {
      index: 1,
      label: 'feature 1',
      polygons: [[ring]],
      multi: false,
      properties: { FIELD_NAME: 'North 40', Area_ha: 10, grower: 'Smith' },
      location: { path: ['features', 0] },
      geometryLocation: { path: ['features', 0, 'geometry'] },
    },
  ],
};

describe('IMP006 attribute-mapping', () => {
  it('says which attributes were guessed, converting hectares to acres', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(file, { farmName: 'Home' }, collector, {});
    expect(collector.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        'IMP006',
        'info',
        'clientName taken from the attribute grower (guessed; set it with --map clientName=ATTRIBUTE)',
      ],
      [
        'IMP006',
        'info',
        'name taken from the attribute FIELD_NAME (guessed; set it with --map name=ATTRIBUTE)',
      ],
      [
        'IMP006',
        'info',
        'acres taken from the attribute Area_ha (hectares × 2.4711) (guessed; set it with --map acres=ATTRIBUTE)',
      ],
    ]);
    expect(out.fields[0]?.item.acres).toBeCloseTo(24.7105, 4);
  });

  it('reports a mapping to an attribute the file lacks, as an error listing the attributes', () => {
    const collector = new DiagnosticCollector();
    const out = toFieldItems(file, { farmName: 'Home', mapping: { name: 'FIELDNAME' } }, collector, {});
    expect(out.complete).toBe(false);
    const d = collector.diagnostics.find((x) => x.messageId === 'unknownAttribute');
    expect([d?.code, d?.severity, d?.message]).toEqual([
      'IMP006',
      'error',
      'The mapping name=FIELDNAME names an attribute the file does not have; its attributes are FIELD_NAME, Area_ha, grower',
    ]);
  });

  it('does not fire when everything is mapped or given', () => {
    const collector = new DiagnosticCollector();
    toFieldItems(
      file,
      { clientName: 'C', farmName: 'F', mapping: { name: 'field_name', acres: 'AREA_HA' } },
      collector,
      {},
    );
    expect(collector.diagnostics).toEqual([]);
  });
});
