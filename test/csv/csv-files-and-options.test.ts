/**
 * A prescription batch reads its files beside the CSV and attaches their findings to the rows; --mapping
 * and --encoding reach the CSV kinds; the streaming reader pulls from its source only as rows are wanted.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CsvStreamReader, type Report } from '../../core/index.ts';
import { runCli, repoRoot } from '../cli/cli-helpers.ts';

describe('a prescription batch', () => {
  it('checks each file beside the CSV by its own kind and attaches its diagnostics to the row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-rx-'));
    mkdirSync(join(dir, 'rx'));
    copyFileSync(join(repoRoot, 'examples/rx/two-zone-rx.zip'), join(dir, 'rx/good.zip'));
    copyFileSync(join(repoRoot, 'examples/rx/zones-in-folder-no-prj.zip'), join(dir, 'rx/folder.zip'));
    writeFileSync(join(dir, 'batch.csv'), 'file,userName\nrx/good.zip,u\nrx/folder.zip,u\nrx/none.zip,u\n');
    const run = await runCli(['validate', '--format', 'json', join(dir, 'batch.csv')]);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.files[0]!.kind).toBe('csv-prescriptions');
    const byRow = (row: number): string[] =>
      report.diagnostics.filter((d) => d.location.row === row && d.severity === 'error').map((d) => d.code);
    expect(byRow(1)).toEqual([]);
    expect(byRow(2)).toContain('CSV007');
    expect(byRow(2)).toContain('RXA014');
    expect(report.diagnostics.find((d) => d.code === 'RXA014')?.location.entry).toMatch(/^rx\/folder\.zip/);
    expect(byRow(3)).toEqual(['CSV007']);
    expect(run.code).toBe(1);
  });
});

describe('--mapping and --encoding', () => {
  it('reads a saved mapping file and a forced encoding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-map-'));
    writeFileSync(
      join(dir, 'mapping.json'),
      JSON.stringify({
        kind: 'csv-fields',
        columns: { boundary: 'Shape' },
        values: { clientName: 'C', farmName: 'F' },
      }),
    );
    writeFileSync(
      join(dir, 'export.csv'),
      new Uint8Array([
        ...new TextEncoder().encode('name,Shape\nG'),
        0xe9,
        ...new TextEncoder().encode(
          'rard,"POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))"\n',
        ),
      ]),
    );
    const run = await runCli(
      [
        'validate',
        '--format',
        'json',
        '--features',
        '--mapping',
        'mapping.json',
        '--encoding',
        'cp1252',
        'export.csv',
      ],
      { cwd: dir },
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(report.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const summary = report.files[0]!.summary as { encoding: string; encodingReason: string };
    expect(summary).toMatchObject({ encoding: 'windows-1252', encodingReason: 'chosen' });
    expect(report.files[0]!.features?.[0]?.properties.name).toBe('Gérard');
    const missing = await runCli(['validate', '--mapping', 'nope.json', 'export.csv'], { cwd: dir });
    expect(missing.code).toBe(2);
    // The mapping given as JSON text, as `submit` takes it too.
    const inline = await runCli(
      [
        'validate',
        '--format',
        'json',
        '--mapping',
        readFileSync(join(dir, 'mapping.json'), 'utf8'),
        '--encoding',
        'cp1252',
        'export.csv',
      ],
      { cwd: dir },
    );
    expect(JSON.parse(inline.stdout)).toMatchObject({ counts: report.counts });
    expect((JSON.parse(inline.stdout) as Report).files[0]!.summary).toMatchObject({
      mapping: { columns: { boundary: 'Shape' } },
    });
  });
});

describe('back-pressure', () => {
  it('pulls the source only as far as the rows read so far need', async () => {
    let pulls = 0;
    const row = 'a,b\n'.repeat(1000);
    const source = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          if (pulls > 100) controller.close();
          else controller.enqueue(new TextEncoder().encode(row));
        },
      },
      { highWaterMark: 0 },
    );
    const reader = new CsvStreamReader(source, { sampleBytes: 4000 });
    let read = 0;
    for await (const _ of reader.rows()) {
      if (++read === 1500) break;
    }
    // 4,000 bytes of sample (1,000 rows), then one chunk of 1,000 more rows: the rest is never read.
    expect(pulls).toBeLessThanOrEqual(3);
  });
});
