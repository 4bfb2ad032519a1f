import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../../test/support/corpus.ts';
import { importGeoJson } from '../../boundary/import-geojson.ts';
import { importShapefileZip } from '../../boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../reporter.ts';

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
