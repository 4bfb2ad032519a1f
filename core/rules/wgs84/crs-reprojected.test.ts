import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../../test/support/corpus.ts';
import { importGeoJson } from '../../boundary/import-geojson.ts';
import { importShapefileZip } from '../../boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../reporter.ts';

describe('WGS006 crs-reprojected', () => {
  it('says which CRS the corpus shapefiles were reprojected from, at the .prj', () => {
    const collector = new DiagnosticCollector();
    importShapefileZip(
      readFileSync(corpusPath('fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip')),
      collector,
    );
    const info = collector.diagnostics.filter((d) => d.code === 'WGS006');
    expect(info.map((d) => [d.severity, d.messageId, d.location.entry])).toEqual([
      ['info', 'reprojected', 'antrag_land_gem.prj'],
    ]);
    expect(info[0]?.message).toContain(
      'Reprojected 100 boundaries from ETRS89 / UTM zone 33N (EPSG:25833) (ETRS_1989_UTM_Zone_33N) to WGS 84',
    );
    expect(info[0]?.message).toContain('identified by its name');
  });

  it('says when geographic NAD83 coordinates are taken as WGS 84', () => {
    const collector = new DiagnosticCollector();
    importGeoJson(
      '{"type": "Polygon", "crs": {"type": "name", "properties": {"name": "EPSG:4269"}}, "coordinates": [[[-96, 40], [-95.99, 40], [-95.99, 40.01], [-96, 40]]]}',
      collector,
    );
    expect(collector.diagnostics.map((d) => [d.code, d.messageId])).toEqual([['WGS006', 'datum']]);
    expect(collector.diagnostics[0]?.message).toBe(
      'Coordinates in NAD83 (EPSG:4269) taken as WGS 84: the NAD83 datum differs from WGS 84 by about a metre',
    );
  });

  it('does not fire for WGS 84 input', () => {
    const collector = new DiagnosticCollector();
    importShapefileZip(readFileSync(corpusPath('derived/isoxml_test_rx.zip')), collector);
    expect(collector.diagnostics.filter((d) => d.code === 'WGS006')).toEqual([]);
  });
});
