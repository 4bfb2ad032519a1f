/**
 * A bad service address in the environment (issue 23, item 11): an address the client refuses (plain http://
 * off this machine, credentials in it, not an address) is one line naming the variable, exit 2, before the
 * batch is read: nothing written, no journal, no stack, no secret. An address merely unreachable is
 * time-bound: a TLS handshake this end refuses is named at once, and a server that never answers is given
 * up after the connect time-out (twice; FIELDGATE_CONNECT_TIMEOUT, here half a second), not retried for
 * minutes, and named with that time-out.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-address-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function envWith(authUrl: string, home: string): Record<string, string> {
  return {
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    FIELDGATE_AUTH_URL: authUrl,
    FIELDGATE_BASE_URL: authUrl,
    FIELDGATE_LEGACY_BASE_URL: authUrl,
    FIELDGATE_CLIENT_ID: 'client',
    FIELDGATE_CLIENT_SECRET: 'client-secret-value',
    FIELDGATE_API_KEY: 'api-key-value',
  };
}

const submitArgs = [
  'submit',
  'examples/fields/clean-fields.json',
  '--profile',
  'env',
  '--user-name',
  'grower.demo@example.com',
];

describe('an address the client refuses, in the environment', () => {
  const cases: Array<[string, RegExp]> = [
    ['http://10.255.255.1:80', /FIELDGATE_AUTH_URL http:\/\/10\.255\.255\.1 must use https:\/\//],
    [
      'http://grower:hunter22@127.0.0.1:4010',
      /FIELDGATE_AUTH_URL http:\/\/…@127\.0\.0\.1:4010\/ must not carry credentials/,
    ],
    [
      'https://grower:hunter22@[not-an-address',
      /FIELDGATE_AUTH_URL "https:\/\/…@\[not-an-address" is not an absolute address/,
    ],
    ['127.0.0.1:4010', /FIELDGATE_AUTH_URL "127\.0\.0\.1:4010" is not an absolute address/],
  ];
  let n = 0;
  for (const [address, said] of cases)
    it(`${address}: one line naming the variable, exit 2, nothing written`, async () => {
      for (const args of [
        submitArgs,
        ['profile', 'test', 'env'],
        ['agronomic-data', '--sharing-key', 'K', '--type', 'planted', '--profile', 'env'],
      ]) {
        const home = join(dir, `home-${++n}`);
        const run = await runCli(args, { env: envWith(address, home) });
        const said_ = `${args[0]} ${address}`;
        expect(run.code, said_).toBe(2);
        expect(run.stdout, said_).toBe('');
        const lines = run.stderr.trimEnd().split('\n');
        expect(lines, said_).toHaveLength(1);
        expect(lines[0], said_).toMatch(new RegExp(`^fieldgate ${args[0]}: `));
        expect(lines[0], said_).toMatch(said);
        expect(lines[0], said_).toMatch(/\(--profile env\)$/);
        for (const secret of ['hunter22', 'client-secret-value', 'api-key-value'])
          expect(run.stderr, said_).not.toContain(secret);
        // Refused before anything is written: no journal, no results, no data folder.
        expect(existsSync(join(home, 'data')), said_).toBe(false);
      }
    });
});

describe('an address the client refuses, given to profile add', () => {
  it('is named by its option, without the password, and nothing is saved', async () => {
    const home = join(dir, 'profile-add');
    const run = await runCli(
      [
        'profile',
        'add',
        'production',
        '--auth-url',
        'https://grower:hunter22@auth.example.com',
        '--base-url',
        'https://api.example.com/partner',
        '--legacy-base-url',
        'https://api.example.com/api/partnerapis',
        '--client-id',
        'client',
      ],
      { env: envWith('unused', home) },
    );
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(
      'fieldgate profile: --auth-url https://…@auth.example.com/ must not carry credentials (a user name or password before @): they go in the client id and secret',
    );
    expect(run.stderr).not.toContain('hunter22');
    expect(existsSync(join(home, 'config'))).toBe(false);
  });
});

describe('an address that cannot be reached', () => {
  const servers: Array<Server | ReturnType<typeof createTcpServer>> = [];
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  });

  function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
    servers.push(server);
    return new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
  }

  it('https:// to a port without TLS is named at once, tried once, and stops the batch (exit 3)', async () => {
    let requests = 0;
    const port = await listen(
      createHttpServer((_req, res) => {
        requests++;
        res.end('plain http');
      }),
    );
    const run = await runCli(submitArgs, { env: envWith(`https://127.0.0.1:${port}`, join(dir, 'tls')) });
    expect(run.code, run.stderr).toBe(3);
    const named = `cannot connect to 127.0.0.1:${port}: no TLS on that port (is it an http:// address?) (ERR_SSL_WRONG_VERSION_NUMBER)`;
    expect(run.stderr).toContain(`fieldgate: ${named}\n`);
    expect(run.stdout).toContain(named);
    expect(run.stdout).not.toContain('kept refusing');
    // The handshake failed: no request reached the server as HTTP.
    expect(requests).toBe(0);
  });

  it('a server that never answers the connection is given up after the connect time-out, twice, and named with it (exit 3)', async () => {
    // Accepts and says nothing: the TLS handshake never ends, as with an address nothing answers.
    const port = await listen(createTcpServer((socket) => sockets.push(socket)));
    const run = await runCli(submitArgs, {
      env: { ...envWith(`https://127.0.0.1:${port}`, join(dir, 'silent')), FIELDGATE_CONNECT_TIMEOUT: '0.5' },
    });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(
      `fieldgate: cannot connect to 127.0.0.1:${port}: no answer to the connection within 0.5 s (connecting timed out)\n`,
    );
    expect(run.stdout).toMatch(
      /^stopped: .*cannot connect to 127\.0\.0\.1:\d+: no answer to the connection within 0\.5 s .* \(2 attempts\)$/m,
    );
    for (const secret of ['client-secret-value', 'api-key-value'])
      expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it('a connect time-out that is no number of seconds is one line naming the variable, exit 2', async () => {
    const home = join(dir, 'bad-timeout');
    const run = await runCli(submitArgs, {
      env: { ...envWith('https://127.0.0.1:1', home), FIELDGATE_CONNECT_TIMEOUT: '10s' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'fieldgate submit: FIELDGATE_CONNECT_TIMEOUT must be a number of seconds above 0 and at most 25, got "10s" (--profile env)',
    ]);
    expect(existsSync(join(home, 'data'))).toBe(false);
  });
});
