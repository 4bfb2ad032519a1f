/**
 * `fieldgate fix rx.zip -o fixed.zip`: the FileKind's fix rebuilds the ZIP. Safe fixes rename members to
 * one base name and lift them out of a folder; the unsafe fix reprojects a known CRS to WGS 84, checked
 * against GDAL's reprojection of the same file (derived/se2023_wgs84.csv, ogr2ogr -t_srs EPSG:4326).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/corpus.ts';
import { openZip } from '../../core/archive/zip-reader.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { rxFileKind } from '../../core/rx/rx-file-kind.ts';
import { WGS84_PRJ } from '../../core/rx/rx-crs.ts';
import { readShapefile } from '../../core/shapefile/read-shapefile.ts';
import { buildShapefile, square } from './build-shapefile.ts';
import { rxZip } from './build-zip.ts';

const corpus = (p: string): Uint8Array => readFileSync(corpusPath(p));

function entryNames(zip: Uint8Array): string[] {
  return openZip(zip, new DiagnosticCollector())?.entries.map((e) => e.name) ?? [];
}

async function fix(name: string, bytes: Uint8Array, allowed: ('safe' | 'unsafe')[]) {
  const file = { name, bytes };
  const report = await rxFileKind.validate(file, {});
  const fixed = await rxFileKind.fix?.(file, report, allowed);
  return { report, fixed };
}

describe('prescription ZIP fixes', () => {
  it('lifts the members of locations-shp.zip out of their folder (safe)', async () => {
    const { fixed } = await fix(
      'locations-shp.zip',
      corpus('oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/locations-shp.zip'),
      ['safe'],
    );
    expect(fixed?.applied.map((d) => d.code)).toEqual(['RXA015']);
    const names = entryNames(fixed!.bytes);
    expect(names).toHaveLength(4);
    expect(names.every((n) => !n.includes('/'))).toBe(true);
    const again = await rxFileKind.validate({ name: 'fixed.zip', bytes: fixed!.bytes }, {});
    expect(again.diagnostics.map((d) => d.code)).toEqual(['RXS002']); // still points, but no folder
  });

  it('renames members to the .shp base name and lifts them, keeping the data', async () => {
    const files = buildShapefile({ records: [[square(10, 50, 0.001)]] });
    const zip = rxZip({ files, folder: 'export', names: { dbf: 'Rates.dbf', prj: 'zones_wgs.prj' } });
    const { report, fixed } = await fix('rx.zip', zip, ['safe']);
    expect(report.diagnostics.filter((d) => d.code === 'RXA014').map((d) => d.location.entry)).toEqual([
      'export/Rates.dbf',
      'export/zones_wgs.prj',
    ]);
    expect(fixed?.applied.map((d) => d.code).sort()).toEqual(['RXA014', 'RXA014', 'RXA015']);
    expect(entryNames(fixed!.bytes)).toEqual(['zones.shp', 'zones.shx', 'zones.dbf', 'zones.prj']);
    const again = await rxFileKind.validate({ name: 'fixed.zip', bytes: fixed!.bytes }, {});
    expect(again.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const archive = openZip(fixed!.bytes, new DiagnosticCollector());
    expect(archive?.read(archive.files[2]!)).toEqual(files.dbf);
  });

  it('offers nothing to fix for a valid prescription', async () => {
    const { fixed } = await fix('rx.zip', corpus('derived/isoxml_test_rx.zip'), ['safe', 'unsafe']);
    expect(fixed).toBeUndefined();
  });

  it('reprojects se2023.zip from SWEREF99 TM to WGS 84 only when unsafe fixes are allowed', async () => {
    const bytes = corpus('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip');
    expect((await fix('se2023.zip', bytes, ['safe'])).fixed).toBeUndefined();
    const { fixed } = await fix('se2023.zip', bytes, ['safe', 'unsafe']);
    expect(fixed?.applied.map((d) => d.code)).toEqual(['RXA017']);

    const archive = openZip(fixed!.bytes, new DiagnosticCollector())!;
    const get = (ext: string) => archive.read(archive.files.find((e) => e.name.endsWith(ext))!)!;
    expect(new TextDecoder().decode(get('.prj'))).toBe(WGS84_PRJ);
    const shp = readShapefile({ shp: get('.shp'), shx: get('.shx'), dbf: get('.dbf') });
    expect(shp.diagnostics).toEqual([]); // boxes and index rewritten consistently

    // GDAL's reprojection of the same file: first ring of every feature.
    const csv = new TextDecoder().decode(corpus('derived/se2023_wgs84.csv'));
    const gdal = [...csv.matchAll(/"POLYGON \(\(([^)]*)\)/g)].map((m) =>
      (m[1] ?? '').split(',').map((pair) => pair.trim().split(' ').map(Number)),
    );
    expect(gdal).toHaveLength(shp.records.length);
    let worst = 0;
    shp.records.forEach((rec, i) => {
      const ring = rec.polygons?.[0]?.[0];
      const expected = gdal[i] ?? [];
      expect(ring?.length).toBe(expected.length * 2);
      expected.forEach(([lon, lat], k) => {
        worst = Math.max(
          worst,
          Math.abs((ring?.[2 * k] ?? 0) - (lon ?? 0)),
          Math.abs((ring?.[2 * k + 1] ?? 0) - (lat ?? 0)),
        );
      });
    });
    expect(worst).toBeLessThan(1e-8); // well under a millimetre

    const again = await rxFileKind.validate({ name: 'fixed.zip', bytes: fixed!.bytes }, {});
    expect(again.diagnostics.some((d) => d.code === 'RXA017')).toBe(false);
  });

  it('does not rebuild an archive holding entries it refused', async () => {
    const zip = rxZip({ folder: 'rx', extra: [{ name: 'rx/../../evil.txt', bytes: new Uint8Array(1) }] });
    const { report, fixed } = await fix('rx.zip', zip, ['safe']);
    expect(report.diagnostics.map((d) => d.code)).toContain('RXA005');
    expect(fixed).toBeUndefined();
  });
});
