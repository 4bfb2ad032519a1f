/**
 * `fieldgate agronomic-data` against the sandbox over real HTTP: the v3 list with modifiedTime and source,
 * downloads with verified sizes that never overwrite a finished file, a pre-signed URL that expired between
 * the list and the download fetched afresh, an expired or revoked key, the deprecation notice once per run,
 * and the key never printed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../cli/command.ts';
import { agronomicDataCommand } from '../../cli/commands/agronomic-data.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { sharingKeyStatus } from '../../sandbox/state.ts';

let offsetMs = 0;
let jumps = 0;
let sandbox: RunningSandbox;
let dir: string;

function io(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => new Uint8Array(),
    cwd: dir,
    env: {
      FIELDGATE_AUTH_URL: sandbox.urls.authUrl,
      FIELDGATE_BASE_URL: sandbox.urls.baseUrl,
      FIELDGATE_LEGACY_BASE_URL: sandbox.urls.legacyBaseUrl,
      FIELDGATE_CLIENT_ID: sandbox.demo.clientId,
      FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
      FIELDGATE_API_KEY: sandbox.demo.apiKey,
    },
    isTTY: false,
    now: () => new Date(),
  };
}

beforeAll(async () => {
  sandbox = await startSandbox({
    now: () => new Date(Date.now() + offsetMs),
    // When armed, the clock jumps 20 minutes after the next agronomic-data list: the URLs it gave expire
    // before they are downloaded, and the list after that gives fresh ones.
    onExchange: (e) => {
      if (e.url.includes('/agronomic-data') && jumps > 0) {
        jumps--;
        offsetMs += 20 * 60_000;
      }
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-agro-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('fieldgate agronomic-data', () => {
  it('lists with v3, downloads with verified sizes and never overwrites a finished file', async () => {
    const key = sandbox.demo.sharingKeys[0]!;
    const first = io();
    const code = await agronomicDataCommand.run(
      ['--sharing-key', key, '--type', 'planted', '--download', 'out', '--profile', 'env'],
      first,
    );
    const text = first.out.join('');
    expect(code, text + first.err.join('')).toBe(0);
    expect(text).toMatch(/modified \d{4}-\d{2}-\d{2}T/);
    expect(text).toContain('size verified');
    // The deprecation notice: once per run, naming the v4 replacement.
    const notices = first.err
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('notice:'));
    expect(notices).toEqual([
      'notice: GET /v3/agronomic-data is deprecated; its replacement is /v4/layers/asPlanted',
    ]);
    const files = readdirSync(join(dir, 'out'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.some((f) => f.endsWith('.part'))).toBe(false);

    // A finished file is kept as it is.
    const target = join(dir, 'out', files[0]!);
    writeFileSync(target, 'mine');
    const second = io();
    expect(
      await agronomicDataCommand.run(
        ['--sharing-key', key, '--type', 'planted', '--download', 'out', '--profile', 'env'],
        second,
      ),
    ).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('mine');
    expect(second.out.join('')).toContain('already downloaded, kept');
    for (const t of [...first.out, ...first.err, ...second.out, ...second.err]) expect(t).not.toContain(key);
  });

  it('fetches a fresh URL when the pre-signed one expired', async () => {
    const key = sandbox.demo.sharingKeys[0]!;
    jumps = 1;
    const run = io();
    const code = await agronomicDataCommand.run(
      ['--sharing-key', key, '--type', 'harvested', '--download', 'fresh', '--profile', 'env'],
      run,
    );
    expect(code, run.out.join('') + run.err.join('')).toBe(0);
    const files = readdirSync(join(dir, 'fresh'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(statSync(join(dir, 'fresh', f)).size).toBeGreaterThan(0);
    expect(jumps).toBe(0);
  });

  it('says the grower must share again when the key expired or was revoked', async () => {
    const now = sandbox.service.now();
    const bad = [...sandbox.service.state.sharingKeys.values()].filter(
      (k) => sharingKeyStatus(k, now) !== 'valid',
    );
    expect(bad.length).toBeGreaterThan(0);
    for (const k of bad) {
      const run = io();
      expect(
        await agronomicDataCommand.run(
          ['--sharing-key', k.key, '--type', 'applied', '--profile', 'env'],
          run,
        ),
      ).toBe(1);
      expect(run.err.join('')).toContain('the grower must share the data again');
      expect(run.err.join('') + run.out.join('')).not.toContain(k.key);
    }
  });
});
