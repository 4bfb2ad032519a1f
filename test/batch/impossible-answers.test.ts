/**
 * A server that is not our sandbox and answers what the service should not: every create with one id, a
 * field upload with "0 created" and no request id, a prescription upload with an impossible size. The
 * submit reports each of those rows as anomalous (in its summary, the results CSV and the journal) and the
 * batch does not finish clean: exit 5, for `submit` and for `status` of its journal.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusCommand } from '../../cli/commands/status.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { replayJournal } from '../../core/index.ts';
import { captureIo, homeEnv, serviceEnv } from '../support/cli-io.ts';

const ONE_ID = '11111111-2222-4333-8444-555555555555';
const root = join(import.meta.dirname, '..', '..');
let server: Server;
let base: string;
let dir: string;
const seen: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-impossible-'));
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      seen.push(`${req.method} ${path}`);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const id = { 'x-http-request-id': `req-${seen.length}` };
      if (path === '/api/oauth/token')
        return json(200, {
          access_token: 'tok',
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'partnerapis',
        });
      if (path === '/v5/experiments' && req.method === 'GET') return json(200, { results: [] }, id);
      // Every create, whatever it is, gets the same id.
      if (req.method === 'POST' && path.startsWith('/v5/')) return json(201, { id: ONE_ID }, id);
      // "0 created", and no request id.
      if (path.endsWith('/v2/fields')) return json(200, { 'entities-created': 0, message: 'ok' });
      if (path.endsWith('/v2/rx')) return json(200, { fileSize: -9007199254740991 }, id);
      json(404, { message: 'no such route' }, id);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

function io() {
  return captureIo({
    cwd: dir,
    env: {
      ...homeEnv(dir),
      ...serviceEnv(
        { authUrl: base, baseUrl: base, legacyBaseUrl: `${base}/api/partnerapis` },
        { clientId: 'client', clientSecret: 'secret', apiKey: 'key' },
      ),
    },
  });
}

describe('a server whose answers are impossible', () => {
  it('gets no batch reported clean: every impossible answer is an anomalous row, exit 5', async () => {
    const season = '6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11';
    const requests = ['3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f', '4f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f'].map(
      (program) => ({
        method: 'POST',
        path: '/v5/enrollments',
        headers: { 'x-enrollment-type': 'program' },
        body: {
          experimentProtocolId: program,
          temporalEntity: {
            dimensionality: 'INDIVIDUAL',
            id: season,
            temporalPeriodTypeName: 'GrowingSeason',
          },
        },
      }),
    );
    writeFileSync(join(dir, 'enroll.json'), JSON.stringify(requests));
    const journal = join(dir, 'batch.jsonl');
    const run = io();
    const code = await submitCommand.run(
      [
        'enroll.json',
        join(root, 'examples/fields/clean-fields.json'),
        join(root, 'examples/rx/two-zone-rx.zip'),
        '--user-name',
        'grower@example.com',
        '--profile',
        'env',
        '--journal',
        journal,
      ],
      run,
    );
    expect(code, run.text()).toBe(5);
    expect(run.text()).toMatch(/^4 rows: 4 anomalous$/m);
    // Whichever create was answered second names the first (they go at once: either may be first).
    expect(run.text()).toMatch(/enroll\.json row [12]: anomalous: the service answered with id 11111111/);
    expect(run.text()).toMatch(/clean-fields\.json row 1: anomalous: .*0 of the 1 fields sent were created/);
    const csv = readFileSync(join(dir, 'batch.results.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toMatch(/,outcome,http status,error code,request id,message,anomalies,notices$/);
    // Both creates answered with one id: the second says so, and so (in a journal line of its own) does the first.
    const enrollRows = csv.filter((l) => l.startsWith('enroll.json,'));
    expect(enrollRows.every((l) => l.includes(',anomalous,') && l.includes('two creates, one id'))).toBe(
      true,
    );
    const fields = csv.find((l) => l.startsWith('clean-fields.json,'))!;
    expect(fields).toContain(',anomalous,');
    expect(fields).toContain('carries no X-Http-Request-Id');
    const rx = csv.find((l) => l.startsWith('two-zone-rx.zip,'))!;
    expect(rx).toMatch(/anomalous,.*recorded -9007199254740991 bytes/);
    // The journal keeps it: status (which sends nothing) says the same.
    const replayed = replayJournal(readFileSync(journal, 'utf8'));
    expect([...replayed.steps.values()].filter((s) => s.outcome?.anomalies?.length)).toHaveLength(4);
    const status = io();
    expect(await statusCommand.run([journal], status)).toBe(5);
    expect(status.text()).toContain('4 rows: 4 anomalous');
  });
});
