/**
 * Every prescription-like archive of the shared corpus, with its expected verdict, plus the loose
 * DIFM-Brain/ofpetrial shapefile sets zipped in memory.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath, needsShared } from '../support/corpus.ts';
import { writeZip } from '../../core/archive/zip-writer.ts';
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import { detectFileKind } from '../../core/formats/registry.ts';
import { rxFileKind } from '../../core/rx/rx-file-kind.ts';
import { validateRx } from '../../core/rx/validate-rx.ts';

const corpus = (p: string): Uint8Array => readFileSync(corpusPath(p));
const tdZip = needsShared('corpus/derived/ofpetrial_td.zip');
const ofpetrialSets = needsShared('corpus/DIFM-Brain-ofpetrial');

const errors = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'error').map((d) => d.code);
const warnings = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'warning').map((d) => d.code);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Summary = any;

describe('corpus prescriptions', () => {
  it.skipIf(tdZip.missing)(
    tdZip.title('derived/ofpetrial_td.zip (609 zones) fails the zone limit only'),
    () => {
      const r = validateRx(corpus('derived/ofpetrial_td.zip'));
      expect(errors(r.diagnostics)).toEqual(['RXZ001']);
      expect(warnings(r.diagnostics)).toEqual([]);
      const limit = r.diagnostics.find((d) => d.code === 'RXZ001');
      expect(limit?.message).toBe('The prescription has 609 zones; the service accepts at most 100');
      expect(limit?.location).toEqual({ entry: 'td.shp' });
      const info = r.diagnostics.find((d) => d.code === 'RXZ002');
      expect(info?.message).toBe('Rates are read from the column "rate", found by its name');

      const s: Summary = r.summary;
      expect(s.zoneCount).toBe(609);
      expect(s.rateColumn).toBe('rate');
      expect(s.rate).toMatchObject({ min: 100, max: 260, mean: 180, zonesWithRate: 609 });
      expect(s.rateClasses.map((c: { rate: number }) => c.rate)).toEqual([100, 140, 180, 220, 260]);
      expect(s.rateClasses.reduce((n: number, c: { zones: number }) => n + c.zones, 0)).toBe(609);
      // The trial covers boundary-simple1 (about 80.9 acres per SOURCES.md).
      expect(s.totalAcres).toBeCloseTo(80.9, 0);
      expect(s.crs).toEqual({ name: 'WGS 84', code: 'EPSG:4326', known: true });
      expect(s.map.type).toBe('FeatureCollection');
      expect(s.map.features).toHaveLength(609);
      expect(s.map.features[0].properties).toMatchObject({ record: 1, rate: 100, strip_id: 1, plot_id: 1 });
    },
  );

  it('derived/isoxml_test_rx.zip (two zones) passes', () => {
    const r = validateRx(corpus('derived/isoxml_test_rx.zip'));
    expect(errors(r.diagnostics)).toEqual([]);
    const s: Summary = r.summary;
    expect(s.zoneCount).toBe(2);
    expect(s.rateColumn).toBe('DOSE');
    expect(s.rate).toMatchObject({ min: 12, max: 15.7, mean: 13.85 });
    expect(s.rateClasses).toHaveLength(2);
    expect(s.map.features.map((f: { geometry: { type: string } }) => f.geometry.type)).toEqual([
      'Polygon',
      'Polygon',
    ]);
    // GEOS finds a real sliver overlap between the two zones (1.16e-7 square degrees): flagged, not failed.
    const overlap = r.diagnostics.find((d) => d.code === 'RXZ006');
    expect(overlap).toMatchObject({ severity: 'warning', location: { record: 1 } });
    expect(overlap?.message).toMatch(/^Zones 1 and 2 overlap near 55\.8303\d+, 39\.14716\d+ \(lat, lon\)$/);
  });

  it('locations-shp.zip (points in a sub-folder) fails on geometry type and folder', () => {
    const r = validateRx(
      corpus('oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/locations-shp.zip'),
    );
    expect(errors(r.diagnostics)).toEqual(['RXS002']);
    expect(warnings(r.diagnostics)).toEqual(['RXA015']);
    const type = r.diagnostics.find((d) => d.code === 'RXS002');
    expect(type?.message).toBe('The shapefile holds Point (1) geometry; a prescription needs Polygon zones');
    const folder = r.diagnostics.find((d) => d.code === 'RXA015');
    expect(folder?.message).toBe(
      'The shapefile is in the folder "enyart-east50-locations-shp" inside the archive, not at the top level',
    );
    expect(folder?.fix).toMatchObject({ safety: 'safe', artifact: 'rx-zip/lift-members' });
  });

  it('se2023.zip (projected) fails on CRS, naming SWEREF99 TM', () => {
    const r = validateRx(corpus('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip'));
    const crs = r.diagnostics.find((d) => d.code === 'RXA017');
    expect(crs?.severity).toBe('error');
    expect(crs?.message).toBe('The .prj describes SWEREF99 TM (EPSG:3006), not WGS 84 (EPSG:4326)');
    expect(crs?.location).toEqual({ entry: 'arslager_skiftePolygon.prj' });
    expect(crs?.fix).toMatchObject({ safety: 'unsafe', artifact: 'rx-zip/reproject-wgs84' });
    // Not a prescription either: no rate column among five numeric ones.
    expect(errors(r.diagnostics)).toEqual(['RXA017', 'RXZ003']);
  });

  it('antrag.zip (projected) fails on CRS, naming ETRS89 / UTM zone 33N', () => {
    const r = validateRx(corpus('fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip'));
    const crs = r.diagnostics.find((d) => d.code === 'RXA017');
    expect(crs?.message).toBe(
      'The .prj describes ETRS89 / UTM zone 33N (EPSG:25833), not WGS 84 (EPSG:4326)',
    );
    expect(errors(r.diagnostics)).toEqual(['RXA017', 'RXZ003']);
    // 100 fields all over Brandenburg: not one field.
    expect(r.diagnostics.find((d) => d.code === 'RXZ007')?.messageId).toBe('apart');
    // The slivers GEOS measures between neighbouring parcels 48/49, 65/66, 95/96 (0.3–0.45 m²).
    expect(
      r.diagnostics
        .filter((d) => d.code === 'RXZ006')
        .map((d) => [d.location.record, d.related?.[0]?.location.record]),
    ).toEqual([
      [48, 49],
      [65, 66],
      [95, 96],
    ]);
  });

  it('the registry sends .zip files to the prescription kind', () => {
    const kind = detectFileKind({ name: 'rx.zip', bytes: corpus('derived/isoxml_test_rx.zip') });
    expect(kind?.id).toBe('rx-zip');
    expect(rxFileKind.detect({ name: 'rx.ZIP', bytes: new Uint8Array(0) })).toBe(8);
  });
});

describe.skipIf(ofpetrialSets.missing)(
  ofpetrialSets.title('loose ofpetrial shapefile sets, zipped in memory'),
  () => {
    const zipSet = (dir: string, base: string): Uint8Array =>
      writeZip(
        ['shp', 'shx', 'dbf', 'prj'].map((ext) => ({
          name: `${base}.${ext}`,
          bytes: corpus(`DIFM-Brain-ofpetrial/${dir}/${base}.${ext}`),
        })),
      );

    it('ssurgo-simple1 (11 soil polygons, no rate-like column) reports the missing rate column', () => {
      const r = validateRx(zipSet('inst/extdata', 'ssurgo-simple1'));
      expect(errors(r.diagnostics)).toEqual(['RXZ003']);
      expect(r.diagnostics.find((d) => d.code === 'RXZ003')?.messageId).toBe('ambiguous');
      const s: Summary = r.summary;
      expect(s.zoneCount).toBe(11);
      expect(s.totalAcres).toBeCloseTo(85.3, 0);
    });

    it('ssurgo-simple1 with settings.rateColumn = clay passes', () => {
      const r = validateRx(zipSet('inst/extdata', 'ssurgo-simple1'), { settings: { rateColumn: 'CLAY' } });
      expect(errors(r.diagnostics)).toEqual([]);
      expect(r.diagnostics.find((d) => d.code === 'RXZ002')?.message).toBe(
        'Rates are read from the column "clay" (set by settings.rateColumn)',
      );
    });

    it('field_boundary_with_holes: the only numeric column is an identifier, so there is no rate', () => {
      const r = validateRx(zipSet('inst/extdata', 'field_boundary_with_holes'));
      expect(errors(r.diagnostics)).toEqual(['RXZ003']);
      const s: Summary = r.summary;
      expect(s.totalAcres).toBeCloseTo(138.1, 0);
      // The hole is kept: one polygon with two rings.
      expect(s.map.features[0].geometry.coordinates).toHaveLength(2);
    });

    it('boundary-irregular1 (151 vertices): an identifier column (Obj__Id) is never taken as the rate', () => {
      const r = validateRx(zipSet('inst/extdata', 'boundary-irregular1'));
      // Fields: Field (C), Obj__Id (N), Bnd_Name (C).
      expect(errors(r.diagnostics)).toEqual(['RXZ003']);
      expect(r.diagnostics.find((d) => d.code === 'RXZ003')?.message).toBe(
        'No rate column: no column is named like a rate, and no column but identifiers is numeric (columns: "Field", "Obj__Id", "Bnd_Name")',
      );
      expect((r.summary as Summary).totalAcres).toBeCloseTo(142.6, 0);
    });

    it('docs/reference/td zipped here equals the derived corpus file', () => {
      const here = validateRx(zipSet('docs/reference', 'td'));
      expect(errors(here.diagnostics)).toEqual(['RXZ001']);
    });
  },
);
