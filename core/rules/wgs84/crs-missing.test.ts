import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../../test/support/corpus.ts';
import { importShapefileZip } from '../../boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../reporter.ts';

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
