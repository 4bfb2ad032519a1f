import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../../test/support/corpus.ts';
import { importGeoJson } from '../../boundary/import-geojson.ts';
import { importKml } from '../../boundary/import-kml.ts';
import { importShapefileZip } from '../../boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../reporter.ts';

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
