/**
 * `fieldgate agronomic-data` against the sandbox over real HTTP: the v3 list with modifiedTime and source,
 * downloads with verified sizes that never overwrite a finished file, a pre-signed URL that expired between
 * the list and the download fetched afresh, an expired or revoked key, the deprecation notice once per run,
 * and the key never printed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('counts the listed files in agreeing words: "3 shared planted files", "1 shared harvested file"', async () => {
    const key = sandbox.demo.sharingKeys[0]!;
    const list = async (type: string): Promise<string> => {
      const run = io();
      const code = await agronomicDataCommand.run(
        ['--sharing-key', key, '--type', type, '--profile', 'env'],
        run,
      );
      expect(code, run.err.join('')).toBe(0);
      return run.out.join('');
    };
    const planted = await list('planted');
    const listed = planted.split('\n').filter((l) => l.startsWith('  ')).length;
    expect(listed).toBeGreaterThan(1);
    expect(planted.split('\n')[0]).toBe(`${listed} shared planted files`);
    // Leave one harvested file shared for the second listing.
    const all = sandbox.service.seed.sharedFiles;
    const kept = [...all];
    const harvested = all.filter((f) => f.resourceType.endsWith('as-harvested'));
    all.splice(0, all.length, ...all.filter((f) => !harvested.slice(1).includes(f)));
    try {
      expect((await list('harvested')).split('\n')[0]).toBe('1 shared harvested file');
    } finally {
      all.splice(0, all.length, ...kept);
    }
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

  it('falls back to v2 where v3 is unavailable, with each deprecation notice once', async () => {
    // A front that answers 404 for /v3/agronomic-data and passes everything else to the sandbox.
    const origin = new URL(sandbox.urls.authUrl).origin;
    const front: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          if ((req.url ?? '').includes('/v3/agronomic-data')) {
            res.writeHead(404, { 'content-type': 'application/json' });
            res.end('{"message":"Not Found"}');
            return;
          }
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(req.headers))
            if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
          const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
          const answer = await fetch(origin + (req.url ?? ''), {
            method: req.method ?? 'GET',
            headers,
            ...(body ? { body } : {}),
          });
          const out: Record<string, string> = {};
          answer.headers.forEach((v, k) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k))
              out[k] = v;
          });
          res.writeHead(answer.status, out);
          res.end(Buffer.from(await answer.arrayBuffer()));
        })();
      });
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
    try {
      const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      const run = io();
      const env = run.env as Record<string, string>;
      env.FIELDGATE_AUTH_URL = base;
      env.FIELDGATE_BASE_URL = `${base}/partner`;
      env.FIELDGATE_LEGACY_BASE_URL = `${base}/api/partnerapis`;
      const key = sandbox.demo.sharingKeys[0]!;
      const code = await agronomicDataCommand.run(
        ['--sharing-key', key, '--type', 'applied', '--download', 'v2', '--profile', 'env'],
        run,
      );
      expect(code, run.out.join('') + run.err.join('')).toBe(0);
      expect(run.out.join('')).not.toContain('modified');
      expect(readdirSync(join(dir, 'v2')).length).toBeGreaterThan(0);
      const notices = run.err
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('notice:'));
      expect(notices).toEqual([
        'notice: GET /v3/agronomic-data is deprecated; its replacement is /v4/layers/asApplied',
        'notice: GET /v2/agronomic-data is deprecated; its replacement is /v4/layers/asApplied',
      ]);
    } finally {
      await new Promise((r) => front.close(r));
    }
  });
});
