import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importShapefileZip } from '../../boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../reporter.ts';

const td = resolve(import.meta.dirname, '../../../../shared/corpus/derived/ofpetrial_td.zip');

describe('WGS007 crs-missing', () => {
  it('warns when the ZIP has no .prj and takes the coordinates as WGS 84', () => {
    const members = unzipSync(readFileSync(td));
    delete members['td.prj'];
    const collector = new DiagnosticCollector();
    const imported = importShapefileZip(zipSync(members), collector);
    expect(collector.diagnostics.map((d) => [d.code, d.severity, d.location.entry])).toEqual([
      ['WGS007', 'warning', 'td.shp'],
    ]);
    expect(imported.features).toHaveLength(609);
    expect(imported.reprojectedFrom).toBeUndefined();
  });

  it('does not fire when the .prj is there', () => {
    const collector = new DiagnosticCollector();
    importShapefileZip(readFileSync(td), collector);
    expect(collector.diagnostics.filter((d) => d.code === 'WGS007')).toEqual([]);
  });
});
