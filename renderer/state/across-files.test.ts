import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAcrossFiles, validate } from '../../core/index.ts';
import type { BatchFile } from './batch.tsx';
import { acrossFilesProblems, acrossFilesRequest, relatedFeatureKeys, resultsKey } from './across-files.ts';

const dir = join(import.meta.dirname, '../../test/corpus/derived/batches/duplicate-field/mistake');

/** The files as the page holds them once the worker checked each alone (job i + 1 holds its geometry). */
async function checkedFiles(names: string[]): Promise<BatchFile[]> {
  return Promise.all(
    names.map(async (name, i): Promise<BatchFile> => {
      const bytes = new Uint8Array(readFileSync(join(dir, name)));
      const report = await validate([{ name, bytes }], { batchGeometry: true });
      return {
        key: `f${i + 1}`,
        name,
        bytes,
        current: bytes,
        changes: [],
        state: 'checked',
        result: report.files[0]!,
        geometryJob: i + 1,
      };
    }),
  );
}

describe('the checks across files in the app', () => {
  it('ask the worker about the checked files, each by the job that holds its geometry', async () => {
    const files = await checkedFiles(['fields.csv', 'more-fields.geojson']);
    expect(acrossFilesRequest(files)).toEqual([
      { job: 1, name: 'fields.csv' },
      { job: 2, name: 'more-fields.geojson' },
    ]);
    expect(acrossFilesRequest([files[0]!, { ...files[1]!, state: 'checking' }])).toEqual([
      { job: 1, name: 'fields.csv' },
    ]);
  });

  it('put each problem on its file with an id of its own, and name the features its places show', async () => {
    const files = await checkedFiles(['fields.csv', 'more-fields.geojson']);
    // What the worker runs (validate-worker.ts), over what each file's check gathered.
    const diagnostics = checkAcrossFiles(
      files.map((f) => ({ file: f.name, kind: f.result!.kind, geometry: f.result!.batchGeometry! })),
    );
    const problems = acrossFilesProblems(diagnostics, files);
    expect(problems.map((p) => [p.key, p.fileKey, p.fileName, p.diagnostic.code, p.diagnostic.id])).toEqual([
      ['f2:x1', 'f2', 'more-fields.geojson', 'XF006', 'x1'],
    ]);
    // The GeoJSON's fourth feature and the CSV's fifth row (feature 4): the map outlines both.
    expect(problems[0]?.diagnostic.location.feature).toBe(3);
    expect([...relatedFeatureKeys(problems[0], files)]).toEqual(['f1:4']);
    expect(relatedFeatureKeys(undefined, files).size).toBe(0);
    expect(acrossFilesProblems(diagnostics, [files[0]!])).toEqual([]);
  });

  it('key the results, not the progress', async () => {
    const files = await checkedFiles(['fields.csv']);
    const key = resultsKey(files);
    expect(resultsKey([{ ...files[0]!, progress: { bytes: 1, totalBytes: 2, records: 0 } }])).toBe(key);
    expect(resultsKey([{ ...files[0]!, result: { ...files[0]!.result! } }])).not.toBe(key);
  });
});
