/**
 * The acceptance of the checks across files and of the land mask on batches made from real boundaries
 * (corpus-batches.ts): each planted mistake is found, at the right file and place, naming the other file;
 * the clean version of each batch gives no such finding. The batches are also committed as files
 * (test/corpus/derived/batches/<batch>/<clean|mistake>/), so the command line shows the same:
 * `npx fieldgate validate test/corpus/derived/batches/rx-moved/mistake/*`. UPDATE_FIXTURES=1 writes them;
 * review the diff before committing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyTextFixes } from '../../core/diagnostics/fix-application.ts';
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import { validate } from '../../core/engine/every-kind.ts';
import { projectCorpusDir } from '../support/corpus.ts';
import { batchFacts, corpusBatches, type CorpusBatch } from './corpus-batches.ts';

const dir = join(projectCorpusDir, 'derived', 'batches');
const update = process.env.UPDATE_FIXTURES === '1';
const now = new Date('2026-06-01T00:00:00.000Z');
const batches = corpusBatches();

/** The findings this issue added: the checks across files and the land mask. */
const ours = (d: Diagnostic): boolean => d.group === 'cross-file' || d.code === 'WGS008';

async function findings(batch: CorpusBatch): Promise<Diagnostic[]> {
  const report = await validate(batch.files, { now });
  return report.diagnostics.filter(ours);
}

const find = (variant: CorpusBatch['variant'], name: CorpusBatch['batch']): CorpusBatch =>
  batches.find((b) => b.batch === name && b.variant === variant)!;

describe('batches of real boundaries with one planted mistake each', () => {
  it('are committed as files, made by corpus-batches.ts', () => {
    for (const b of batches) {
      const folder = join(dir, b.batch, b.variant);
      if (update) {
        mkdirSync(folder, { recursive: true });
        for (const f of b.files) writeFileSync(join(folder, f.name), f.bytes);
      }
      expect(existsSync(folder), folder).toBe(true);
      expect(readdirSync(folder).sort()).toEqual(b.files.map((f) => f.name).sort());
      for (const f of b.files)
        expect(
          Buffer.compare(readFileSync(join(folder, f.name)), Buffer.from(f.bytes)),
          `${folder}/${f.name}`,
        ).toBe(0);
    }
  });

  it('give no finding in their clean versions', async () => {
    for (const b of batches.filter((x) => x.variant === 'clean'))
      expect(
        (await findings(b)).map((d) => `${d.code} ${d.message}`),
        b.batch,
      ).toEqual([]);
  });

  it('find a prescription moved onto the neighbouring field, naming the fields it lies on', async () => {
    const found = await findings(find('mistake', 'rx-moved'));
    expect(found.map((d) => [d.code, d.location.file])).toEqual([['XF002', 'rx.zip']]);
    const d = found[0]!;
    // The neighbour holds most of it, and comes first; the field it was drawn for holds a part.
    expect(d.message).toMatch(
      new RegExp(
        `^The prescription’s zones lie on \\d fields of the batch: "${batchFacts.neighbour}" \\(fields\\.csv, row 7\\), \\d+ %; `,
      ),
    );
    expect(d.message).toContain(`"${batchFacts.target}" (fields.csv, row 4)`);
    expect(d.location).toMatchObject({
      entry: 'rx.shp',
      record: expect.any(Number),
      feature: expect.any(Number),
    });
    expect(d.related?.[0]?.location).toMatchObject({ file: 'fields.csv', row: 7, field: 'boundary' });
  });

  it('find every soil sample shifted 500 m out of the field its file names', async () => {
    const found = await findings(find('mistake', 'samples-shifted'));
    expect(found).toHaveLength(20);
    expect(new Set(found.map((d) => d.code))).toEqual(new Set(['XF004']));
    expect(found.every((d) => d.location.file === 'soil.xml' && d.location.range !== undefined)).toBe(true);
    expect(found[0]?.message).toMatch(
      new RegExp(
        `^Sample 1 at 103\\.\\d{5} W 35\\.\\d{5} N lies outside "${batchFacts.target}" \\(fields\\.csv, row 4\\), the field its file names, \\d+ m from it`,
      ),
    );
    // Each sample where its <Geometry> is.
    expect(found.map((d) => d.location.range?.start.line)).toEqual(
      [...found.map((d) => d.location.range?.start.line)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
  });

  it('find a field of the CSV again in the GeoJSON under another name, with both places', async () => {
    const found = await findings(find('mistake', 'duplicate-field'));
    expect(found.map((d) => [d.code, d.severity, d.location.file, d.location.feature])).toEqual([
      ['XF006', 'error', 'more-fields.geojson', 3],
    ]);
    expect(found[0]?.message).toBe(
      `Field "Home 16" (more-fields.geojson, feature 4) covers the same ground as "${batchFacts.duplicated}" (fields.csv, row 5): 100 % of each lies in the other`,
    );
    expect(found[0]?.related?.[0]?.location).toMatchObject({ file: 'fields.csv', row: 5, feature: 4 });
  });

  it('find a parcel written latitude first, in range, by where it lands, and the swap mends it', async () => {
    const batch = find('mistake', 'swapped-axes');
    const found = await findings(batch);
    expect(found.map((d) => [d.code, d.messageId, d.location.row])).toEqual([['WGS008', 'swapped', 3]]);
    expect(found[0]?.message).toMatch(
      /^The boundary lies in the open sea at 53\.\d\d E 12\.\d\d N; with x and y swapped it lies on land at 12\.\d\d E 53\.\d\d N/,
    );
    const file = batch.files[0]!;
    const fixed = applyTextFixes(new TextDecoder().decode(file.bytes), found, ['unsafe']);
    expect(fixed.applied).toHaveLength(1);
    const again = await validate([{ name: file.name, bytes: new TextEncoder().encode(fixed.text) }], { now });
    expect(again.counts).toEqual({ error: 0, warning: 0, info: 0 });
  });
});
