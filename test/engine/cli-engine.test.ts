/**
 * The command line on the engine: one kind for the same bytes, one set of kind names, checked settings,
 * no tick when nothing was checked, UTF-16 text, every applied fix listed, and each command's own help.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeText } from '../../core/input/text-decoding.ts';
import { repoRoot, runCli } from '../cli/cli-helpers.ts';

/** Run with binary stdin. */
const runWithStdin = (args: string[], stdin: Uint8Array) => runCli(args, { stdin });

const SMALL_FIELD =
  'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1267, -93.2650 45.1210))';
const upload = JSON.stringify(
  { fields: [{ clientName: 'a', farmName: 'b', name: 'c', boundary: SMALL_FIELD, acres: '98.5' }] },
  null,
  2,
);

describe('validate on the engine', () => {
  it('reads a prescription ZIP as rx-zip from stdin, without extension and by its path, and says why', async () => {
    const zip = new Uint8Array(readFileSync(join(repoRoot, 'examples/rx/zones-in-folder-no-prj.zip')));
    const byPath = await runCli(['validate', '--format', 'json', 'examples/rx/zones-in-folder-no-prj.zip']);
    const fromStdin = await runWithStdin(['validate', '--format', 'json', '-'], zip);
    for (const run of [byPath, fromStdin]) {
      const report = JSON.parse(run.stdout);
      expect(report.files[0].kind).toBe('rx-zip');
      expect(report.files[0].detectedAs.alternatives).toEqual(['boundary-shapefile']);
      expect(run.code).toBe(1);
    }
    const text = await runWithStdin(['validate', '-'], zip);
    expect(text.stdout).toContain('note: <stdin> is read as rx-zip');
    expect(text.stdout).toContain('--kind boundary-shapefile');
  });

  it('accepts every kind name that reports use and `kinds` lists, field-upload included', async () => {
    const kinds = JSON.parse((await runCli(['kinds', '--json'])).stdout) as { id: string }[];
    const names = kinds.map((k) => k.id);
    for (const name of [
      'field-upload',
      'service-requests',
      'temporal-entity',
      'request-body',
      'wkt',
      'geojson',
      'kml',
      'boundary-shapefile',
      'rx-zip',
      'modus-result',
      'sample-date',
      'json',
    ])
      expect(names).toContain(name);
    const run = await runCli(['validate', '--kind', 'field-upload', '--format', 'json', '-'], {
      stdin: upload,
    });
    expect(JSON.parse(run.stdout).files[0].kind).toBe('field-upload');
    const bad = await runCli(['validate', '--kind', 'nope', '-'], { stdin: upload });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('field-upload');
  });

  it('refuses misspelt, unknown, non-numeric and negative settings with exit 2, in one line that says where they are listed', async () => {
    for (const setting of [
      'acreageTolerence=0.2',
      'acreageTolerance=abc',
      'acreageTolerance=-5',
      'nonsense=1',
    ]) {
      const run = await runCli(['validate', '--setting', setting, '-'], { stdin: upload });
      expect(run.code, setting).toBe(2);
      expect(run.stderr, setting).toContain("(`fieldgate kinds` lists each kind's settings)");
      expect(run.stderr.trim().split('\n'), setting).toHaveLength(2);
    }
    expect(
      (await runCli(['validate', '--setting', 'acreageTolerence=0.2', '-'], { stdin: upload })).stderr,
    ).toContain('did you mean acreageTolerance?');
    expect(
      (await runCli(['validate', '--setting', 'acreageTolerance=0.2', '-'], { stdin: upload })).code,
    ).toBe(1);
  });

  it('says what was wrong, with no tick, when nothing could be checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-engine-'));
    const empty = await runCli(['validate', '-'], { stdin: '' });
    const missing = await runCli(['validate', 'no-such-file.json']);
    const directory = await runCli(['validate', dir]);
    for (const run of [empty, missing, directory]) {
      expect(run.code).toBe(2);
      expect(run.stdout).not.toContain('✓');
      expect(run.stdout).not.toContain('0 files checked');
    }
    expect(empty.stderr).toContain('stdin is empty');
    expect(missing.stderr).toContain('no such file');
    expect(directory.stderr).toContain('is a folder with no file Fieldgate reads in it');
  });

  it('decodes UTF-16 JSON with a byte order mark like UTF-8 (no "Invalid JSON", no NULs)', async () => {
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const run = await runWithStdin(['validate', '-'], encodeText(upload, { encoding, bom: true }));
      expect(run.stdout).toContain('<stdin>:8:16  error  FU003');
      expect(run.stdout).not.toContain('\u0000');
      expect(run.stdout).not.toContain('Invalid JSON');
    }
  });

  it('fix lists every applied fix with before and after, and fixes one chosen by id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-engine-'));
    const input = join(dir, 'f.json');
    writeFileSync(input, upload);
    const run = await runCli(['fix', 'f.json'], { cwd: dir });
    expect(run.stdout).toContain('fixed f.json:8:16  FU003  Write acres as a number: 98.5: "98.5" → 98.5');
    expect(run.stdout).toContain('(1 fix applied)');
    const json = await runCli(['validate', '--format', 'json', input], { cwd: dir });
    const id = JSON.parse(json.stdout).diagnostics[0].id;
    expect(id).toBe('d1');
    const byId = await runCli(['fix', '--fix-only', id, '--format', 'json', input], { cwd: dir });
    const report = JSON.parse(byId.stdout);
    expect(report.files[0].fixes.applied.map((a: { id: string }) => a.id)).toEqual(['d1']);
    expect(report.written).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, 'f.fixed.json'), 'utf8')).fields[0].acres).toBe(98.5);
  });

  it('fixes every fix of a rule, not only the ones listed under its cap, in one pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-engine-'));
    const out = join(dir, 'fixed.xml');
    const listed = await runCli([
      'validate',
      '--format',
      'json',
      '--setting',
      'maxDiagnosticsPerRule=1',
      'examples/soil/hand-transcribed-result.xml',
    ]);
    const shown = JSON.parse(listed.stdout).diagnostics.filter((d: { fix?: unknown }) => d.fix).length;
    const run = await runCli([
      'fix',
      '--format',
      'json',
      '--setting',
      'maxDiagnosticsPerRule=1',
      '-o',
      out,
      'examples/soil/hand-transcribed-result.xml',
    ]);
    const fixes = JSON.parse(run.stdout).files[0].fixes;
    expect(fixes.applied.length).toBeGreaterThan(shown * 10);
    expect(fixes.passes).toBe(1);
    expect(fixes.stopped).toBeUndefined();
  });

  it('answers --help of fix and kinds with their own usage', async () => {
    expect((await runCli(['fix', '--help'])).stdout).toMatch(/^Usage: fieldgate fix/);
    expect((await runCli(['help', 'fix'])).stdout).toMatch(/^Usage: fieldgate fix/);
    const kinds = await runCli(['kinds', '--help']);
    expect(kinds.stdout).toMatch(/^Usage: fieldgate kinds/);
    expect(kinds.stdout).not.toContain('rx-zip ');
  });
});
