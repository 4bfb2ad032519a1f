import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonForTerminal } from '../../cli/render/terminal-text.ts';
import { reportLayout } from '../support/report-layout.ts';
import { repoRoot, runCli } from './cli-helpers.ts';

const SMALL_FIELD =
  'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1267, -93.2650 45.1210))';

/** An upload of `count` fields, each with acres written as text (one FU003 each), names with a bidi override. */
function upload(count: number): string {
  const fields = Array.from({ length: count }, (_, i) => ({
    clientName: 'Smith',
    farmName: 'Home',
    name: `Field \u202e${i}`,
    boundary: SMALL_FIELD,
    acres: '98.5',
  }));
  return JSON.stringify({ fields }, null, 2);
}

describe('validate --format json', () => {
  it('leaves the GeoJSON features out unless --features asks for them', async () => {
    const input = upload(2);
    const without = JSON.parse(
      (await runCli(['validate', '--format', 'json', '-'], { stdin: input })).stdout,
    );
    expect(without.files[0]).not.toHaveProperty('features');
    expect(without.diagnostics.map((d: { location: { feature?: number } }) => d.location.feature)).toEqual([
      0, 1,
    ]);
    const run = await runCli(['validate', '--format', 'json', '--features', '-'], { stdin: input });
    const withFeatures = JSON.parse(run.stdout);
    expect(withFeatures.files[0].features).toHaveLength(2);
    expect(withFeatures.files[0].features[1].geometry.type).toBe('Polygon');
    expect(withFeatures.files[0].features[1].properties.name).toBe('Field \u202e1');
    expect(run.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(withFeatures.diagnostics).toEqual(without.diagnostics);
  });

  it('writes diagnostics in batches, one per line, in an otherwise pretty-printed, terminal-safe document', async () => {
    // More diagnostics than fit in one batch, so batch joins are covered.
    const run = await runCli(['validate', '--format', 'json', '-'], { stdin: upload(1203) });
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics).toHaveLength(1203);
    expect(report.diagnostics.map((d: { id: string }) => d.id)).toEqual(
      Array.from({ length: 1203 }, (_, i) => `d${i + 1}`),
    );
    expect(run.stdout).toBe(`${reportLayout(report, jsonForTerminal)}\n`);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('    {"code"'))).toHaveLength(1203);
    expect(run.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
  });
});

describe('stdout of the fieldgate process', () => {
  it('writes the same bytes to a file as to a pipe, non-ASCII text and all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-stdout-'));
    try {
      // Names in Cyrillic and CJK (repeated: named in messages), acres as text, and crossings (a rebuilt
      // polygon's fix).
      const input = join(dir, 'fields.json');
      const bowtie = 'POLYGON((-93.26 45.12, -93.25 45.13, -93.25 45.12, -93.26 45.13, -93.26 45.12))';
      const fields = Array.from({ length: 300 }, (_, i) => ({
        clientName: 'Ферма 農場',
        farmName: 'Home',
        name: `Поле ${i % 100} 田`,
        boundary: i % 2 === 0 ? bowtie : SMALL_FIELD,
        acres: '98.5',
      }));
      writeFileSync(input, JSON.stringify({ fields }, null, 2));
      const args = [join(repoRoot, 'cli/bin/fieldgate.js'), 'validate', '--format', 'json', input];
      const piped = spawnSync(process.execPath, args, { encoding: 'buffer' });
      const outFile = join(dir, 'report.json');
      const fd = openSync(outFile, 'w');
      const filed = spawnSync(process.execPath, args, { stdio: ['ignore', fd, 'pipe'] });
      closeSync(fd);
      expect(filed.status).toBe(1);
      expect(piped.status).toBe(1);
      const written = readFileSync(outFile);
      expect(written.length).toBeGreaterThan(100_000);
      expect(written.equals(piped.stdout)).toBe(true);
      expect(written.toString('utf8')).toContain('repeats client \\"Ферма 農場\\"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
