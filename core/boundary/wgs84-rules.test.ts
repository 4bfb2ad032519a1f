import { describe, expect, it } from 'vitest';
import { runBoundary } from './test-helpers.ts';
import { applyTextFixes } from '../diagnostics/fix-application.ts';
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { corpusPath } from '../../test/support/corpus.ts';
import { importGeoJson } from './import-geojson.ts';
import { importShapefileZip } from './import-shapefile.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { boundaryFileKinds } from './boundary-file-kinds.ts';

describe('WGS001 longitude-out-of-range', () => {
  it('reports the first bad point of each ring with the count, at its characters', () => {
    const wkt =
      'POLYGON ((-103.27 35.85, -103.27 35.86, -193.28 35.86, -193.28 35.85, -103.27 35.85), (-103.272 35.852, -103.272 35.853, -103.273 35.853, -103.272 35.852))';
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['WGS001', '2:41', '-193.28 35.86']]);
    const d = run.diagnostics[0];
    expect(d?.location).toMatchObject({
      row: 1,
      polygon: 0,
      ring: 0,
      coordinate: 2,
      point: [-193.28, 35.86],
    });
    expect(d?.message).toBe('Longitude -193.28 is outside [-180, 180] (2 of 5 points of polygon 0, ring 0)');
    expect(run.result.coordinates).toBe('out-of-range');
    expect(run.result.areaAcres).toBeUndefined();
  });

  it('does not fire on longitudes up to ±180, nor when the whole boundary is projected (WGS004 instead)', () => {
    // These lie in the Pacific: WGS008 says so, and is left out here.
    const ranges = { select: ['wgs84'], ignore: ['WGS008'] };
    expect(runBoundary('POLYGON ((179.99 10, 180 10, 180 10.01, 179.99 10))', {}, ranges).brief).toEqual([]);
    expect(
      runBoundary('POLYGON ((-180 -10, -179.99 -10, -179.99 -10.01, -180 -10))', {}, ranges).brief,
    ).toEqual([]);
    const projected = runBoundary(
      'POLYGON ((374000 6135000, 374100 6135000, 374100 6135100, 374000 6135000))',
    );
    expect(projected.brief.map((b) => b[0])).toEqual(['WGS004']);
  });
});

describe('coordinates taken as WGS 84', () => {
  it('are every finite point in range, edges included; points that are not numbers are left out', () => {
    for (const wkt of [
      'POLYGON ((179.99 10, 180 10, 180 10.01, 179.99 10))',
      'POLYGON ((-180 -90, 180 -90, 180 90, -180 -90))',
      'POLYGON ((NaN 10, 1 10, 1 11, NaN 10))',
    ])
      expect(runBoundary(wkt).result.coordinates, wkt).toBe('wgs84');
    expect(runBoundary('POLYGON ((1 10, 180.001 10, 1 11, 1 10))').result.coordinates).toBe('out-of-range');
    expect(runBoundary('POLYGON ((NaN NaN, NaN NaN, NaN NaN, NaN NaN))').result.coordinates).toBe('empty');
  });
});

describe('WGS002 latitude-out-of-range', () => {
  it('reports a latitude beyond ±90 when the axes are not swapped (an x beyond 90 rules that out)', () => {
    const wkt = 'POLYGON ((-103.27 35.85, -103.27 95.86, -103.28 35.86, -103.27 35.85))';
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['WGS002', '2:26', '-103.27 95.86']]);
    expect(run.diagnostics[0]?.location).toMatchObject({
      polygon: 0,
      ring: 0,
      coordinate: 1,
      point: [-103.27, 95.86],
    });
    expect(run.diagnostics[0]?.message).toContain('(1 of 4 points of polygon 0, ring 0)');
  });

  it('reports each polygon of a multipolygon separately', () => {
    const wkt = 'MULTIPOLYGON (((10 91, 11 50, 11 51, 10 91)), ((100 50, 101 -92, 101 51, 100 50)))';
    const run = runBoundary(wkt);
    expect(run.diagnostics.map((d) => [d.code, d.location.polygon, d.location.coordinate])).toEqual([
      ['WGS002', 0, 0],
      ['WGS002', 1, 1],
    ]);
  });

  it('does not fire on ±90 itself, nor on swapped axes (WGS003 instead)', () => {
    // In the Arctic Ocean: WGS008 says so, and is left out here.
    const ranges = { select: ['wgs84'], ignore: ['WGS008'] };
    expect(runBoundary('POLYGON ((10 89.9, 11 89.9, 11 90, 10 89.9))', {}, ranges).brief).toEqual([]);
    expect(
      runBoundary('POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))').brief.map(
        (b) => b[0],
      ),
    ).toEqual(['WGS003']);
  });
});

describe('WGS003 axes-swapped', () => {
  const swapped = 'POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))';

  it('reports latitude-first coordinates with the evidence, over the whole geometry', () => {
    const run = runBoundary(swapped);
    expect(run.brief).toEqual([['WGS003', '2:1', swapped]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The coordinates look like latitude,longitude instead of longitude,latitude: all 4 points have |y| > 90 but |x| ≤ 90',
    );
    expect(run.result.coordinates).toBe('swapped');
  });

  it('counts the evidence when only some points give it away', () => {
    const run = runBoundary('POLYGON ((45.1 89.5, 45.2 95.3, 45.2 89.6, 45.1 89.5))');
    expect(run.diagnostics[0]?.message).toContain('1 of 4 points has |y| > 90');
    expect(
      runBoundary('POLYGON ((45.1 95.5, 45.2 95.3, 45.2 89.6, 45.1 95.5))').diagnostics[0]?.message,
    ).toContain('3 of 4 points have |y| > 90');
  });

  it('says "its 1 point has" for a one-point boundary', () => {
    expect(runBoundary('POLYGON ((45.1 95.3))').diagnostics[0]?.message).toMatch(
      /: its 1 point has \|y\| > 90 but \|x\| ≤ 90$/,
    );
  });

  it('offers an unsafe fix that swaps every point, in place in the document', () => {
    const run = runBoundary(swapped);
    const fix = run.diagnostics[0]?.fix;
    expect(fix?.safety).toBe('unsafe');
    expect(fix?.after).toBe('POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))');
    const fixed = applyTextFixes(`boundary:\n${swapped}`, run.diagnostics, ['unsafe']);
    expect(fixed.text).toBe(
      'boundary:\nPOLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    );
    expect(runBoundary(fixed.text.slice('boundary:\n'.length)).brief).toEqual([]);
  });

  it('does not fire when x goes beyond 90 (not a latitude) or everything is in range', () => {
    expect(runBoundary('POLYGON ((95 -103, 96 -103, 96 -104, 95 -103))').brief.map((b) => b[0])).toEqual([
      'WGS002',
    ]);
    expect(runBoundary('POLYGON ((35.85 -13.27, 35.86 -13.27, 35.86 -13.28, 35.85 -13.27))').brief).toEqual(
      [],
    );
  });
});

const square = (x: number, y: number, d = 100): string =>
  `POLYGON ((${x} ${y}, ${x + d} ${y}, ${x + d} ${y + d}, ${x} ${y + d}, ${x} ${y}))`;

describe('WGS004 projected-coordinates', () => {
  it('reports metres once for the whole geometry, naming SWEREF99 TM for Swedish values', () => {
    const wkt = square(374000, 6135000);
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['WGS004', '2:1', wkt]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The coordinates are not WGS 84 degrees: x spans 374,000…374,100 and y 6,135,000…6,135,100, values of a projected system in metres or feet, probably SWEREF99 TM (EPSG:3006)',
    );
    expect(run.diagnostics[0]?.hint).toContain('UTM');
    expect(run.result.coordinates).toBe('projected');
  });

  it('names ETRS89 / UTM 33N for Brandenburg, UTM for Iowa, and state plane feet, Albers, BNG, Gauss-Krüger', () => {
    const guess = (wkt: string): string => runBoundary(wkt).diagnostics[0]?.message ?? '';
    expect(guess(square(400123.5, 5800456.25))).toContain('probably ETRS89 / UTM zone 32N or 33N');
    const iowa = runBoundary(square(420000, 4650000));
    expect(iowa.diagnostics[0]?.message).toContain('probably UTM');
    expect(iowa.diagnostics[0]?.hint).toContain('about 41.9° N');
    expect(guess(square(4921250.5, 3280833.3))).toContain('probably US state plane (feet)');
    expect(guess(square(-250000, 2000000))).toContain('probably US Albers equal-area, CONUS');
    expect(guess(square(530000.5, 180000.5))).toContain('probably British National Grid (EPSG:27700)');
    expect(guess(square(3450000, 5800000))).toContain('probably German Gauss-Krüger zone 3');
  });

  it('does not fire on degrees, nor on a single stray point (WGS001 then)', () => {
    expect(runBoundary('POLYGON ((13.29 55.34, 13.30 55.34, 13.30 55.35, 13.29 55.34))').brief).toEqual([]);
    const stray = runBoundary('POLYGON ((13.29 55.34, 13.30 55.34, 374000 55.35, 13.29 55.34))');
    expect(stray.brief.map((b) => b[0])).toEqual(['WGS001']);
  });
});

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

const zip = corpusPath('derived/isoxml_test_rx.zip');

describe('WGS007 crs-missing', () => {
  it('warns when the ZIP has no .prj and takes the coordinates as WGS 84', () => {
    const members = unzipSync(readFileSync(zip));
    delete members['isoxml_test_rx.prj'];
    const collector = new DiagnosticCollector();
    const imported = importShapefileZip(zipSync(members), collector);
    expect(collector.diagnostics.map((d) => [d.code, d.severity, d.location.entry])).toEqual([
      ['WGS007', 'warning', 'isoxml_test_rx.shp'],
    ]);
    expect(imported.features).toHaveLength(2);
    expect(imported.reprojectedFrom).toBeUndefined();
  });

  it('does not fire when the .prj is there', () => {
    const collector = new DiagnosticCollector();
    importShapefileZip(readFileSync(zip), collector);
    expect(collector.diagnostics.filter((d) => d.code === 'WGS007')).toEqual([]);
  });
});

describe('WGS008 boundary-in-sea', () => {
  // 13.40 E 52.50 N (Brandenburg) written latitude first: in range, and in the Arabian Sea.
  const swapped = 'POLYGON ((52.50 13.40, 52.51 13.40, 52.51 13.41, 52.50 13.41, 52.50 13.40))';

  it('reports axes swapped within range by where they land, and offers the swap as an unsafe fix', () => {
    const run = runBoundary(swapped);
    expect(run.brief).toEqual([['WGS008', '2:1', swapped]]);
    const d = run.diagnostics[0];
    expect(d?.messageId).toBe('swapped');
    expect(d?.message).toBe(
      'The boundary lies in the open sea at 52.50 E 13.40 N; with x and y swapped it lies on land at 13.40 E 52.50 N: the coordinates look like latitude,longitude',
    );
    expect(d?.fix?.safety).toBe('unsafe');
    const fixed = applyTextFixes(`boundary:\n${swapped}`, run.diagnostics, ['unsafe']);
    expect(fixed.text).toBe(
      'boundary:\nPOLYGON ((13.4 52.5, 13.4 52.51, 13.41 52.51, 13.41 52.5, 13.4 52.5))',
    );
    expect(runBoundary(fixed.text.slice('boundary:\n'.length)).brief).toEqual([]);
    expect(run.result.coordinates).toBe('wgs84');
  });

  it('says "at a coast" when the swapped place is a coast cell', () => {
    // 54.35 N 10.15 E is Kiel, on its fjord; written latitude first it lies in the Indian Ocean.
    const run = runBoundary('POLYGON ((54.35 10.15, 54.36 10.15, 54.36 10.16, 54.35 10.15))');
    expect(run.diagnostics.map((d) => [d.code, d.messageId])).toEqual([['WGS008', 'swapped']]);
    expect(run.diagnostics[0]?.message).toContain(
      'with x and y swapped it lies at a coast at 10.15 E 54.35 N',
    );
  });

  it('reports the open sea with no swap to offer, and names sign changes that land on land', () => {
    const run = runBoundary('POLYGON ((-30.5 40.2, -30.49 40.2, -30.49 40.21, -30.5 40.21, -30.5 40.2))');
    expect(run.diagnostics.map((d) => [d.code, d.messageId, d.fix])).toEqual([['WGS008', 'sea', undefined]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The boundary lies in the open sea at 30.50 W 40.20 N: no land within about 0.1° of it (Natural Earth, 1:10m)',
    );
    expect(run.diagnostics[0]?.hint).toContain(
      'It would lie on land with the sign of the longitude changed, at 30.50 E 40.20 N.',
    );
    // A Minnesota field with the sign of its latitude lost: the South Pacific.
    const south = runBoundary('POLYGON ((-93.26 -45.12, -93.25 -45.12, -93.25 -45.13, -93.26 -45.12))');
    expect(south.diagnostics[0]?.hint).toContain(
      'with the sign of the latitude changed, at 93.26 W 45.12 N; or with both signs changed, at 93.26 E 45.12 N',
    );
    // Nowhere near land whichever way the signs go: the hint says only what to check.
    const far = runBoundary('POLYGON ((-150 -40, -149.99 -40, -149.99 -40.01, -150 -40))');
    expect(far.diagnostics[0]?.hint).not.toContain('would lie on land');
  });

  it('says nothing on land, near a coast, or for coordinates another wgs84 rule reports', () => {
    // Brandenburg, a field on the coast of Skåne (the mask cannot tell there), the Netherlands' polders.
    for (const wkt of [
      'POLYGON ((13.40 52.50, 13.40 52.51, 13.41 52.51, 13.41 52.50, 13.40 52.50))',
      'POLYGON ((13.14 55.37, 13.15 55.37, 13.15 55.38, 13.14 55.38, 13.14 55.37))',
      'POLYGON ((5.50 52.50, 5.51 52.50, 5.51 52.51, 5.50 52.50))',
    ])
      expect(runBoundary(wkt).brief, wkt).toEqual([]);
    // Out of range and swapped: WGS003 alone (one fault, one diagnostic).
    expect(
      runBoundary('POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))').brief.map(
        (b) => b[0],
      ),
    ).toEqual(['WGS003']);
  });

  it('writes the swap back into a GeoJSON source, and is left out when not selected', async () => {
    const geojson = `{"type": "Feature", "properties": {"name": "North"}, "geometry": {"type": "Polygon", "coordinates": [[[52.50, 13.40], [52.51, 13.40], [52.51, 13.41], [52.50, 13.40]]]}}`;
    const file = { name: 'north.geojson', bytes: new TextEncoder().encode(geojson) };
    const kind = boundaryFileKinds.find((k) => k.id === 'geojson')!;
    const report = await kind.validate(file, { selection: { select: ['wgs84'] } });
    expect(report.diagnostics.map((d) => [d.code, d.location.feature])).toEqual([['WGS008', 0]]);
    const fixed = await kind.fix!(file, report, ['unsafe']);
    expect(new TextDecoder().decode(fixed?.bytes)).toContain(
      '[[[13.4, 52.5], [13.4, 52.51], [13.41, 52.51], [13.4, 52.5]]]',
    );
    expect(runBoundary(swapped, {}, { select: ['wgs84'], ignore: ['WGS008'] }).brief).toEqual([]);
  });
});
