/**
 * A broken boundary shapefile ZIP is reported with neutral rules (zip-archive, shapefile, boundary-import,
 * wgs84), never with a prescription group: what reports what, checked both by running the boundary import
 * and by following its imports.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../../core/archive/zip-writer.ts';
import { importShapefileZip } from '../../core/boundary/import-shapefile.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { buildShapefile, square } from '../rx/build-shapefile.ts';
import { craftZip, zeroBomb } from '../rx/build-zip.ts';

const root = resolve(new URL('../../', import.meta.url).pathname);

function importBoundary(bytes: Uint8Array) {
  const collector = new DiagnosticCollector();
  importShapefileZip(bytes, collector);
  collector.finish();
  return collector.diagnostics.map((d) => ({ code: d.code, group: d.group }));
}

describe('boundary shapefile ZIPs report neutral rules', () => {
  it('reports a zip bomb as zip-archive RXA004, not as a prescription rule', () => {
    const zip = craftZip([{ name: 'fields.shp', raw: zeroBomb(8), uncompressedSize: 8 * 1024 * 1024 }]);
    const found = importBoundary(zip);
    expect(found).toContainEqual({ code: 'RXA004', group: 'zip-archive' });
    expect(found.filter((d) => d.group.startsWith('rx-'))).toEqual([]);
  });

  it('reports a broken .shp header and a short .shx as shapefile rules', () => {
    const files = buildShapefile({ records: [[square(10, 50, 0.01)]] });
    const shp = files.shp.slice();
    new DataView(shp.buffer).setInt32(0, 1234); // file code 9994 expected
    const zip = writeZip([
      { name: 'fields.shp', bytes: shp },
      { name: 'fields.shx', bytes: files.shx.subarray(0, 60) },
      { name: 'fields.dbf', bytes: files.dbf },
    ]);
    const found = importBoundary(zip);
    expect(found.length).toBeGreaterThan(0);
    for (const d of found)
      expect(['shapefile', 'zip-archive', 'wgs84', 'boundary-import']).toContain(d.group);
    expect(found.some((d) => d.group === 'shapefile' && d.code.startsWith('RXS'))).toBe(true);
  });

  it('imports no prescription rule group from the readers or the boundary import path', () => {
    const start = [
      'core/boundary/import-shapefile.ts',
      'core/archive/zip-reader.ts',
      'core/shapefile/read-shapefile.ts',
    ];
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = readFileSync(resolve(root, file), 'utf8');
      for (const m of source.matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g))
        queue.push(relative(root, resolve(dirname(resolve(root, file)), m[1]!)));
    }
    expect(seen.size).toBeGreaterThan(10);
    expect([...seen].filter((f) => /^core\/rules\/rx-/.test(f))).toEqual([]);
  });
});
