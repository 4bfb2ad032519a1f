import { describe, expect, it } from 'vitest';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { importGeoJson, looksLikeGeoJson } from './import-geojson.ts';

const square = '[[[13.0, 55.0], [13.01, 55.0], [13.01, 55.01], [13.0, 55.01], [13.0, 55.0]]]';

function run(text: string) {
  const collector = new DiagnosticCollector();
  const result = importGeoJson(text, collector);
  return { result, diagnostics: collector.diagnostics };
}

describe('GeoJSON boundary import', () => {
  it('reads a FeatureCollection of Polygon and MultiPolygon features with their properties', () => {
    const text = `{"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"name": "North", "acres": 12.5}, "geometry": {"type": "Polygon", "coordinates": ${square}}},
      {"type": "Feature", "properties": {"name": "South", "farm": "Home"}, "geometry": {"type": "MultiPolygon", "coordinates": [${square}]}}
    ]}`;
    const { result, diagnostics } = run(text);
    expect(diagnostics).toEqual([]);
    expect(result.failed).toBe(false);
    expect(result.attributes).toEqual(['name', 'acres', 'farm']);
    expect(result.features.map((f) => [f.label, f.multi, f.polygons.length, f.properties['name']])).toEqual([
      ['feature 1', false, 1, 'North'],
      ['feature 2', true, 1, 'South'],
    ]);
    expect(Array.from(result.features[0]?.polygons[0]?.[0] ?? []).slice(0, 4)).toEqual([13, 55, 13.01, 55]);
    // Coordinates keep their place in the file.
    const loc = result.features[1]?.coordinateLocation?.(0, 0, 2);
    expect(loc?.path).toEqual(['features', 1, 'geometry', 'coordinates', 0, 0, 2]);
    expect(text.slice(loc?.range?.start.offset, loc?.range?.end.offset)).toBe('[13.01, 55.01]');
  });

  it('accepts a bare Polygon and a single Feature', () => {
    expect(run(`{"type": "Polygon", "coordinates": ${square}}`).result.features).toHaveLength(1);
    expect(
      run(
        `{"type": "Feature", "properties": null, "geometry": {"type": "Polygon", "coordinates": ${square}}}`,
      ).result.features,
    ).toHaveLength(1);
  });

  it('reports IMP003 for a LineString feature and a feature without geometry, at the geometry', () => {
    const text = `{"type": "FeatureCollection", "features": [
{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
{"type": "Feature", "properties": {}, "geometry": null}]}`;
    const { result, diagnostics } = run(text);
    expect(result.features).toHaveLength(0);
    expect(
      diagnostics.map((d) => [d.code, d.messageId, d.location.path, d.location.range?.start.line]),
    ).toEqual([
      ['IMP003', 'notPolygon', ['features', 0, 'geometry'], 2],
      ['IMP003', 'noGeometry', ['features', 1, 'geometry'], 3],
    ]);
  });

  it('reports IMP001 for bad coordinates at the position, and for non-GeoJSON', () => {
    const bad = run(`{"type": "Polygon", "coordinates": [[[0, 0], [1, "x"], [1, 1], [0, 0]]]}`);
    expect(bad.diagnostics[0]?.code).toBe('IMP001');
    expect(bad.diagnostics[0]?.location.path).toEqual(['coordinates', 0, 1]);
    expect(bad.diagnostics[0]?.location.range?.start.column).toBe(46);
    const notGeo = run('{"fields": []}');
    expect(notGeo.diagnostics.map((d) => [d.code, d.messageId])).toEqual([['IMP001', 'notGeoJson']]);
    expect(notGeo.result.failed).toBe(true);
  });

  it('reports IMP004 for an empty FeatureCollection and JS001 for broken JSON', () => {
    expect(run('{"type": "FeatureCollection", "features": []}').diagnostics[0]?.code).toBe('IMP004');
    const broken = run('{"type": "FeatureCollection", "features": [}');
    expect(broken.diagnostics[0]?.code).toBe('JS001');
    expect(broken.result.failed).toBe(true);
  });

  it('reprojects from a named crs member and says so (WGS006); an unknown crs is WGS005', () => {
    const text = `{"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::3006"}},
      "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates":
      [[[374000, 6135000], [374100, 6135000], [374100, 6135100], [374000, 6135000]]]}}]}`;
    const { result, diagnostics } = run(text);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['WGS006', 'info']]);
    expect(diagnostics[0]?.message).toContain('SWEREF99 TM (EPSG:3006)');
    expect(result.features[0]?.polygons[0]?.[0]?.[0]).toBeCloseTo(13.01305, 4);
    expect(result.features[0]?.polygons[0]?.[0]?.[1]).toBeCloseTo(55.34517, 4);
    const unknown = run(text.replace('EPSG::3006', 'EPSG::31467'));
    expect(unknown.diagnostics.map((d) => [d.code, d.location.path])).toEqual([['WGS005', ['crs']]]);
    expect(unknown.diagnostics[0]?.message).toContain('EPSG:31467');
    expect(unknown.result.failed).toBe(true);
  });

  it('sniffs GeoJSON content', () => {
    expect(looksLikeGeoJson('{"type": "FeatureCollection"')).toBe(true);
    expect(looksLikeGeoJson('{"fields": [{"boundary": "POLYGON"}]}')).toBe(false);
  });
});
