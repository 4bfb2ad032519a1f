import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../../test/support/corpus.ts';
import { importGeoJson } from '../../boundary/import-geojson.ts';
import { importShapefileZip } from '../../boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../reporter.ts';

const se = corpusPath('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip');
const DHDN =
  'PROJCS["DHDN_3_Degree_Gauss_Zone_4",GEOGCS["GCS_Deutsches_Hauptdreiecksnetz",DATUM["D_Deutsches_Hauptdreiecksnetz",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",4500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",12.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

describe('WGS005 crs-unknown', () => {
  it('refuses a shapefile whose .prj has a datum without a transformation, naming the CRS, at the .prj', () => {
    const members = unzipSync(readFileSync(se));
    members['arslager_skiftePolygon.prj'] = strToU8(DHDN);
    const collector = new DiagnosticCollector();
    const imported = importShapefileZip(zipSync(members), collector);
    expect(imported.failed).toBe(true);
    expect(imported.features).toEqual([]);
    expect(collector.diagnostics.map((d) => [d.code, d.location.entry])).toEqual([
      ['WGS005', 'arslager_skiftePolygon.prj'],
    ]);
    expect(collector.diagnostics[0]?.message).toBe(
      'The coordinate system DHDN_3_Degree_Gauss_Zone_4 cannot be reprojected to WGS 84: its datum D_Deutsches_Hauptdreiecksnetz has no transformation to WGS 84 in Fieldgate',
    );
  });

  it('refuses a GeoJSON crs it does not know, at the crs member', () => {
    const collector = new DiagnosticCollector();
    importGeoJson(
      '{"type": "Polygon", "crs": {"type": "name", "properties": {"name": "EPSG:2056"}}, "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}',
      collector,
    );
    expect(
      collector.diagnostics.map((d) => [d.code, d.location.path, d.location.range?.start.column]),
    ).toEqual([['WGS005', ['crs'], 28]]);
  });

  it('does not fire for a known CRS', () => {
    const collector = new DiagnosticCollector();
    importShapefileZip(readFileSync(se), collector);
    expect(collector.diagnostics.filter((d) => d.code === 'WGS005')).toEqual([]);
  });
});
