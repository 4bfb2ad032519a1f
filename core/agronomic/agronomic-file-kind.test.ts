import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { emptyBatchGeometry } from '../input/batch-geometry.ts';
import { detectFileKind, fileKinds } from '../formats/registry.ts';
import { readFileSync } from 'node:fs';
import { corpusPath } from '../../test/support/corpus.ts';
import { agronomicFileKind } from './agronomic-file-kind.ts';

/** A shared file as the sandbox serves one: a README and a CSV of points (latitude first). */
function sharedZip(csv: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({ 'README.txt': strToU8('harvest 2024\n'), 'points.csv': strToU8(csv), ...extra });
}

const CSV = 'latitude,longitude,value\n41.500000,-93.600000,100\n41.500100,-93.600100,101\n,,\n95,-93.6,7\n';

describe('shared agronomic data', () => {
  it('is a ZIP of a CSV with latitude and longitude columns and no shapefile', () => {
    expect(detectFileKind({ name: 'harvest.zip', bytes: sharedZip(CSV) }, fileKinds)?.id).toBe(
      'agronomic-data',
    );
    expect(detectFileKind({ name: 'h', bytes: sharedZip('Lng;Lat\n1;2\n') }, fileKinds)?.id).toBe(
      'agronomic-data',
    );
    // Not a CSV of points, or a shapefile beside it: a prescription (or boundaries), as before.
    expect(detectFileKind({ name: 'x.zip', bytes: sharedZip('a,b\n1,2\n') }, fileKinds)?.id).toBe('rx-zip');
    const rx = new Uint8Array(readFileSync(corpusPath('derived/isoxml_test_rx.zip')));
    expect(detectFileKind({ name: 'rx.zip', bytes: rx }, fileKinds)?.id).toBe('rx-zip');
    expect(
      detectFileKind({ name: 'x.zip', bytes: sharedZip(CSV, { 'a.shp': new Uint8Array(100) }) }, fileKinds)
        ?.id,
    ).not.toBe('agronomic-data');
  });

  it('reads each point into a feature and the batch’s geometry, where it is in its CSV', async () => {
    const batchGeometry = emptyBatchGeometry();
    const report = await agronomicFileKind.validate(
      { name: 'harvest.zip', bytes: sharedZip(CSV) },
      { batchGeometry },
    );
    expect(report.diagnostics).toEqual([]);
    expect(report.features?.map((f) => [f.id, f.geometry, f.properties])).toEqual([
      [0, { type: 'Point', coordinates: [-93.6, 41.5] }, { entry: 'points.csv', row: 1, value: 100 }],
      [1, { type: 'Point', coordinates: [-93.6001, 41.5001] }, { entry: 'points.csv', row: 2, value: 101 }],
    ]);
    expect(report.summary).toEqual({
      type: 'agronomic-data',
      members: [
        { name: 'points.csv', columns: ['latitude', 'longitude', 'value'], points: 2, unreadable: 1 },
      ],
      points: 2,
      bbox: [-93.6001, 41.5, -93.6, 41.5001],
    });
    expect(batchGeometry.points.map((p) => [p.feature, p.location.row, p.location.entry])).toEqual([
      [0, 1, 'points.csv'],
      [1, 2, 'points.csv'],
    ]);
    const bare = await agronomicFileKind.validate(
      { name: 'h.zip', bytes: sharedZip(CSV) },
      { features: false },
    );
    expect(bare.features).toBeUndefined();
  });

  it('reports a damaged archive with the archive rules', async () => {
    const bytes = sharedZip(CSV).slice(0, 40);
    const report = await agronomicFileKind.validate({ name: 'h.zip', bytes }, {});
    expect(report.diagnostics.map((d) => d.group)).toContain('zip-archive');
    expect(report.summary).toMatchObject({ points: 0, bbox: null });
  });
});
