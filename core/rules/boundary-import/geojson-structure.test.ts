import { describe, expect, it } from 'vitest';
import { importGeoJson } from '../../boundary/import-geojson.ts';
import { DiagnosticCollector } from '../reporter.ts';

function codes(text: string): Array<[string, string, unknown, string | undefined]> {
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
    expect(codes('[1, 2]')).toEqual([['IMP001', 'notGeoJson', [], '1:1']]);
    expect(codes('{"type": "Topology"}')).toEqual([['IMP001', 'notGeoJson', [], '1:1']]);
  });

  it('reports a features member that is not an array, and a feature that is not a Feature', () => {
    expect(codes('{"type": "FeatureCollection", "features": {}}')).toEqual([
      ['IMP001', 'badMember', ['features'], '1:43'],
    ]);
    expect(codes('{"type": "FeatureCollection", "features": [\n  {"type": "Polygon"}]}')).toEqual([
      ['IMP001', 'badMember', ['features', 0], '2:3'],
    ]);
  });

  it('reports a position that is not [x, y] at the position', () => {
    expect(codes('{"type": "Polygon", "coordinates": [[[0, 0], [1], [1, 1], [0, 0]]]}')).toEqual([
      ['IMP001', 'badCoordinates', ['coordinates', 0, 1], '1:46'],
    ]);
  });

  it('does not fire on a valid FeatureCollection', () => {
    expect(
      codes(
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}]}',
      ),
    ).toEqual([]);
  });
});
