/**
 * Acceptance on real files: the projected shapefiles of the corpus import with reprojection and land
 * where GDAL (ogr2ogr -t_srs EPSG:4326) put them, and the CSB sample's stated acres agree with our
 * ellipsoidal area.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/corpus.ts';
import { importShapefileZip } from '../../core/boundary/import-shapefile.ts';
import { guessAcresAttribute } from '../../core/boundary/field-attributes.ts';
import { areaAcres } from '../../core/geodesy/area.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { parseWkt } from '../../core/wkt/parse-wkt.ts';

const convert = corpusPath('fiboa-cli-testdata/tests/data-files/convert');

function csvRows(path: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data;
}

function polygonsOf(wkt: string): Float64Array[][] {
  const parsed = parseWkt(wkt);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.geometry.polygons;
}

describe('corpus: projected shapefiles import with reprojection', () => {
  it('se2023.zip (SWEREF99 TM, EPSG:3006) lands on derived/se2023_wgs84.csv within 1e-6°', () => {
    const collector = new DiagnosticCollector();
    const imported = importShapefileZip(readFileSync(resolve(convert, 'se/se2023.zip')), collector);
    expect(imported.failed).toBe(false);
    expect(imported.reprojectedFrom?.code).toBe('EPSG:3006');
    expect(collector.diagnostics.map((d) => [d.code, d.severity])).toEqual([['WGS006', 'info']]);
    expect(collector.diagnostics[0]?.message).toContain('SWEREF99 TM (EPSG:3006)');
    const rows = csvRows(corpusPath('derived/se2023_wgs84.csv'));
    expect(imported.features).toHaveLength(rows.length);
    let maxDiff = 0;
    imported.features.forEach((f, i) => {
      const expected = polygonsOf(rows[i]?.WKT ?? '');
      expect(f.polygons.map((p) => p.map((r) => r.length))).toEqual(
        expected.map((p) => p.map((r) => r.length)),
      );
      f.polygons.forEach((p, pi) =>
        p.forEach((r, ri) =>
          r.forEach((v, k) => {
            maxDiff = Math.max(maxDiff, Math.abs(v - (expected[pi]?.[ri]?.[k] ?? NaN)));
          }),
        ),
      );
      expect(f.properties['blockid']).toBe(rows[i]?.blockid);
    });
    expect(maxDiff).toBeLessThan(1e-6);
  });

  it('de_bb/antrag.zip (ETRS89 / UTM zone 33N, EPSG:25833) imports 100 fields in Brandenburg', () => {
    const collector = new DiagnosticCollector();
    const imported = importShapefileZip(readFileSync(resolve(convert, 'de_bb/antrag.zip')), collector);
    expect(imported.reprojectedFrom?.code).toBe('EPSG:25833');
    expect(collector.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(imported.features).toHaveLength(100);
    for (const f of imported.features) {
      for (const ring of f.polygons.flat()) {
        for (let i = 0; i < ring.length; i += 2) {
          expect(ring[i]).toBeGreaterThan(11.2);
          expect(ring[i]).toBeLessThan(14.8);
          expect(ring[i + 1]).toBeGreaterThan(51.3);
          expect(ring[i + 1]).toBeLessThan(53.6);
        }
      }
    }
    // groesse is the parcel size in hectares: our area agrees with it.
    let worst = 0;
    for (const f of imported.features) {
      const ha = Number(f.properties['groesse']);
      if (!(ha > 0.5)) continue;
      worst = Math.max(worst, Math.abs(areaAcres(f.polygons) / 2.471053814671653 - ha) / ha);
    }
    expect(worst).toBeLessThan(0.01);
    // So an import takes its stated area from it, in hectares.
    expect(guessAcresAttribute(imported.attributes)).toEqual({ attribute: 'groesse', hectares: true });
  });
});

describe('corpus: CSB stated acres', () => {
  it('CSBACRES agrees with the ellipsoidal area within 0.1 % on all 100 fields', () => {
    const rows = csvRows(corpusPath('derived/us_csb_2024_sample_wgs84.csv'));
    expect(rows).toHaveLength(100);
    const off: string[] = [];
    let worst = 0;
    for (const row of rows) {
      const stated = Number(row.CSBACRES);
      const ours = areaAcres(polygonsOf(row.WKT ?? ''));
      const rel = Math.abs(ours - stated) / stated;
      worst = Math.max(worst, rel);
      if (rel > 0.001) off.push(`${row.CSBID}: stated ${stated}, ours ${ours}`);
    }
    expect(off).toEqual([]);
    expect(worst).toBeLessThan(0.001);
  });
});
