/**
 * `fieldgate validate` over several files: the checks across them (XF rules) after every file, in the text
 * and JSON reports, and `--batch` / `--no-batch`. On the committed batches of real boundaries
 * (test/corpus/derived/batches, see test/cross-file/corpus-batches.ts).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers.ts';

const batch = (name: string, variant: 'clean' | 'mistake', ...files: string[]): string[] =>
  files.map((f) => `test/corpus/derived/batches/${name}/${variant}/${f}`);

describe('fieldgate validate across files', () => {
  it('reports a prescription moved onto the neighbour after the files, both places named', async () => {
    const run = await runCli(['validate', ...batch('rx-moved', 'mistake', 'fields.csv', 'rx.zip')]);
    expect(run.code).toBe(0);
    const at = run.stdout.indexOf('Across the files of the batch: 1 problem\n');
    expect(at).toBeGreaterThan(-1);
    const section = run.stdout.slice(at);
    expect(section).toContain(
      'rx-moved/mistake/rx.zip  warning  XF002  The prescription’s zones lie on 5 fields',
    );
    expect(section).toContain('  at entry rx.shp, record ');
    expect(section).toMatch(
      /see test\/corpus\/derived\/batches\/rx-moved\/mistake\/fields\.csv:8:40 \(\d+ % of the zones\)/,
    );
    expect(run.stdout).toMatch(/⚠ 2 files checked: 0 errors, 1 warning/);
    const off = await runCli([
      'validate',
      '--no-batch',
      ...batch('rx-moved', 'mistake', 'fields.csv', 'rx.zip'),
    ]);
    expect(off.stdout).not.toContain('XF002');
    expect(off.stdout).not.toContain('Across the files');
  });

  it('frames each finding in its file: a soil sample at its <Geometry>', async () => {
    const run = await runCli([
      'validate',
      '--select',
      'cross-file',
      ...batch('samples-shifted', 'mistake', 'fields.csv', 'soil.xml'),
    ]);
    expect(run.stdout).toContain('Across the files of the batch: 20 problems');
    expect(run.stdout).toMatch(/soil\.xml:74:23 {2}warning {2}XF004 {2}Sample 1 at /);
    expect(run.stdout).toContain('> 74 | <Geometry epsg="4326">POINT (-103.2460511 35.8564908)</Geometry>');
  });

  it('lists them in the JSON report, numbered after each file’s, in the counts of their file', async () => {
    const run = await runCli([
      'validate',
      '--format',
      'json',
      ...batch('duplicate-field', 'mistake', 'fields.csv', 'more-fields.geojson'),
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      diagnostics: Array<{ id: string; code: string; location: { file: string }; related?: unknown[] }>;
      files: Array<{ file: string; counts: { error: number } }>;
      counts: { error: number };
    };
    const found = report.diagnostics.filter((d) => d.code.startsWith('XF'));
    expect(found.map((d) => [d.id, d.code, d.location.file])).toEqual([
      [
        `d${report.diagnostics.length}`,
        'XF006',
        'test/corpus/derived/batches/duplicate-field/mistake/more-fields.geojson',
      ],
    ]);
    expect(found[0]?.related).toHaveLength(1);
    expect(report.files.map((f) => f.counts.error)).toEqual([0, 1]);
    expect(report.counts.error).toBe(1);
  });

  it('checks across files when asked, says nothing of a clean batch, and refuses both flags', async () => {
    const clean = await runCli([
      'validate',
      '--batch',
      ...batch('rx-moved', 'clean', 'fields.csv', 'rx.zip'),
    ]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).not.toContain('Across the files');
    const both = await runCli([
      'validate',
      '--batch',
      '--no-batch',
      ...batch('rx-moved', 'clean', 'fields.csv'),
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --batch or --no-batch, not both');
    const setting = await runCli([
      'validate',
      '--setting',
      'batch=off',
      ...batch('duplicate-field', 'mistake', 'fields.csv', 'more-fields.geojson'),
    ]);
    expect(setting.code).toBe(0);
    const share = await runCli([
      'validate',
      '--setting',
      'rxOutsideShare=7',
      ...batch('rx-moved', 'clean', 'rx.zip'),
    ]);
    expect(share.code).toBe(2);
    expect(share.stderr).toContain('setting rxOutsideShare must be at most 1');
  });
});
