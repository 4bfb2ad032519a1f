/**
 * `fieldgate agronomic-data` against the sandbox over real HTTP: the v3 list with modifiedTime and source,
 * downloads with verified sizes that never overwrite a finished file, a pre-signed URL that expired between
 * the list and the download fetched afresh, an expired or revoked key, the deprecation notice once per run,
 * and the key never printed. Downloads follow the client's rules: no plain HTTP to other machines, no
 * redirect to another scheme, a bounded size, and a download killed half-way leaves no file under its name
 * and is done by the next run.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agronomicDataCommand } from '../../cli/commands/agronomic-data.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { sharedFileBytes } from '../../sandbox/shared-files.ts';
import { sharingKeyStatus } from '../../sandbox/state.ts';
import { captureIo, sandboxEnv } from '../support/cli-io.ts';

let offsetMs = 0;
let jumps = 0;
let sandbox: RunningSandbox;
let dir: string;

function io() {
  return captureIo({ cwd: dir, env: sandboxEnv(sandbox) });
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

/**
 * A front of the sandbox for the download rules: it passes every request on, but rewrites the file URLs the
 * v3 list gives (`rewrite` gets the sandbox's file URL prefix and returns another), and answers the paths
 * `serve` takes itself.
 */
async function startFront(
  rewrite: (front: string) => string,
  serve: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): Promise<{ base: string; env: Record<string, string>; close(): Promise<void> }> {
  const origin = new URL(sandbox.urls.authUrl).origin;
  const filePrefix = `${sandbox.urls.sandboxUrl}/files/`;
  let base = '';
  const server: Server = createServer((req, res) => {
    if (serve(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
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
        let bytes = Buffer.from(await answer.arrayBuffer());
        if ((req.url ?? '').includes('/agronomic-data'))
          bytes = Buffer.from(bytes.toString('utf8').split(filePrefix).join(rewrite(base)));
        res.writeHead(answer.status, out);
        res.end(bytes);
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    env: {
      FIELDGATE_AUTH_URL: base,
      FIELDGATE_BASE_URL: `${base}/partner`,
      FIELDGATE_LEGACY_BASE_URL: `${base}/api/partnerapis`,
      FIELDGATE_CLIENT_ID: sandbox.demo.clientId,
      FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
      FIELDGATE_API_KEY: sandbox.demo.apiKey,
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

async function downloadThrough(
  front: { env: Record<string, string> },
  into: string,
): Promise<{ code: number; out: string }> {
  const run = io();
  Object.assign(run.env, front.env);
  const code = await agronomicDataCommand.run(
    [
      '--sharing-key',
      sandbox.demo.sharingKeys[0]!,
      '--type',
      'planted',
      '--download',
      into,
      '--profile',
      'env',
    ],
    run,
  );
  return { code, out: run.out.join('') + run.err.join('') };
}

describe('downloads as strict as requests', () => {
  it('refuses a listed URL that is plain HTTP to another machine, without fetching it', async () => {
    const front = await startFront(() => 'http://example.com/files/');
    const fetched = vi.spyOn(globalThis, 'fetch');
    try {
      const { code, out } = await downloadThrough(front, 'insecure');
      expect(code, out).toBe(1);
      expect(out).toMatch(
        /not downloaded: the download address http:\/\/example\.com\/files\/[0-9a-f-]{36}\?… is refused: it must use https:\/\/ \(plain http:\/\/ is allowed only for 127\.0\.0\.1, ::1 and localhost\)/,
      );
      expect(out).not.toContain('signature=');
      expect(fetched.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('example.com'))).toEqual(
        [],
      );
      expect(readdirSync(join(dir, 'insecure'))).toEqual([]);
    } finally {
      fetched.mockRestore();
      await front.close();
    }
  });

  it('refuses a redirect to another scheme', async () => {
    const front = await startFront(
      (base) => `${base}/redirect/`,
      (req, res) => {
        if (!(req.url ?? '').startsWith('/redirect/')) return false;
        res.writeHead(302, { location: 'ftp://127.0.0.1/files/field.zip' }).end();
        return true;
      },
    );
    try {
      const { code, out } = await downloadThrough(front, 'redirected');
      expect(code, out).toBe(1);
      expect(out).toContain(
        `redirects to ftp:// (ftp://127.0.0.1/files/field.zip); a download follows a redirect only to the same scheme, http://`,
      );
      expect(readdirSync(join(dir, 'redirected'))).toEqual([]);
    } finally {
      await front.close();
    }
  });

  it('refuses a file larger than 2 GiB without reading it', async () => {
    const front = await startFront(
      (base) => `${base}/huge/`,
      (req, res) => {
        if (!(req.url ?? '').startsWith('/huge/')) return false;
        // Stated 3 GiB; a few bytes, and then nothing: only the stated size can stop it in time.
        res.writeHead(200, { 'content-length': String(3 * 1024 ** 3) });
        res.write(Buffer.alloc(1024));
        return true;
      },
    );
    try {
      const { code, out } = await downloadThrough(front, 'huge');
      expect(code, out).toBe(1);
      expect(out).toContain(
        `is ${3 * 1024 ** 3} bytes, larger than the ${2 * 1024 ** 3} bytes a download may be`,
      );
      expect(readdirSync(join(dir, 'huge'))).toEqual([]);
    } finally {
      await front.close();
    }
  });

  it(
    'a download killed half-way leaves no file under its name, and the next run downloads it whole',
    { timeout: 60_000 },
    async () => {
      let stall = true;
      let halfSent = false;
      const origin = new URL(sandbox.urls.authUrl).origin;
      const front = await startFront(
        (base) => `${base}/slow${sandbox.urls.sandboxUrl.slice(origin.length)}/files/`,
        (req, res) => {
          const url = req.url ?? '';
          if (!url.startsWith('/slow/')) return false;
          void (async () => {
            const file = await fetch(origin + url.slice('/slow'.length));
            const bytes = Buffer.from(await file.arrayBuffer());
            res.writeHead(file.status, { 'content-length': String(bytes.byteLength) });
            if (!stall) return void res.end(bytes);
            // Half the file, then nothing until the client goes away.
            res.write(bytes.subarray(0, bytes.byteLength >> 1));
            halfSent = true;
          })();
          return true;
        },
      );
      const into = join(dir, 'killed');
      try {
        const root = fileURLToPath(new URL('../../', import.meta.url));
        const child = spawn(
          process.execPath,
          [
            join(root, 'cli/bin/fieldgate.js'),
            'agronomic-data',
            '--sharing-key',
            sandbox.demo.sharingKeys[0]!,
            '--type',
            'planted',
            '--download',
            into,
            '--profile',
            'env',
          ],
          { env: { PATH: process.env.PATH, HOME: dir, ...front.env }, stdio: 'ignore' },
        );
        const exited = new Promise<NodeJS.Signals | null>((r) =>
          child.on('exit', (_code, signal) => r(signal)),
        );
        // Killed once half the first file is in its temporary file.
        const partial = (): string[] =>
          readdirSync(into, { withFileTypes: true })
            .filter((e) => e.name.endsWith('.tmp') && statSync(join(into, e.name)).size > 0)
            .map((e) => e.name);
        await vi.waitFor(
          () => {
            expect(halfSent).toBe(true);
            expect(partial()).toHaveLength(1);
          },
          { timeout: 45_000, interval: 20 },
        );
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');

        // Nothing under a final name: only the temporary file of the one under way.
        const left = readdirSync(into);
        expect(left).toHaveLength(1);
        expect(left[0]).toMatch(/^\.[0-9a-f-]{36}\.[0-9a-f]{12}\.tmp$/);
        // Older than a download may wait for data: no live download owns it any more.
        const old = new Date(Date.now() - 5 * 60_000);
        utimesSync(join(into, left[0]!), old, old);

        stall = false;
        const { code, out } = await downloadThrough(front, 'killed');
        expect(code, out).toBe(0);
        const files = readdirSync(into).sort();
        expect(files.length).toBeGreaterThan(1);
        expect(files.filter((f) => f.startsWith('.'))).toEqual([]);
        // Each file whole: the bytes the sandbox serves for it.
        for (const f of files) {
          const shared = sandbox.service.seed.sharedFiles.find((file) => file.id === f);
          expect(shared, f).toBeDefined();
          expect(readFileSync(join(into, f)).equals(Buffer.from(sharedFileBytes(shared!)))).toBe(true);
        }
      } finally {
        await front.close();
      }
    },
  );
});
