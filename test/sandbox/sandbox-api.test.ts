/**
 * The sandbox-only API (openapi/sandbox.yaml) and the sandbox's options: data inbox and notifications,
 * sharing-key management, demo data, log and reset, persistence to a file, strict ids, body limits,
 * pre-signed URL expiry, the v4 empty-list convention and duplicate enrollments.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { corpusPath } from '../support/corpus.ts';
import {
  buildMultipart,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../sandbox/index.ts';
import { readSavedState } from '../../sandbox/persistence.ts';
import { ContractRecorder } from './contract.ts';
import { http, individual, session, type HttpResponse, type Session } from './http.ts';

const contract = new ContractRecorder();
const running: RunningSandbox[] = [];
const tmp: string[] = [];

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ ...options, onExchange: contract.onExchange });
  running.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  expect(contract.violations()).toEqual([]);
});

afterAll(async () => {
  await Promise.all(tmp.map((d) => rm(d, { recursive: true, force: true })));
});

const json = { 'content-type': 'application/json' };

function sandboxApi(
  sandbox: RunningSandbox,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<HttpResponse> {
  return http(`${sandbox.urls.sandboxUrl}${path}`, {
    method,
    headers: body === undefined ? {} : json,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function createProgramEnrollment(
  sandbox: RunningSandbox,
  s: Session,
  temporalId: string,
): Promise<HttpResponse> {
  return http(`${sandbox.urls.baseUrl}/v5/enrollments`, {
    method: 'POST',
    headers: { ...s.v5, ...json, 'x-enrollment-type': 'program' },
    body: JSON.stringify({
      experimentProtocolId: sandbox.demo.experimentProtocolIds[1],
      temporalEntity: individual(temporalId),
    }),
  });
}

describe('data inbox', () => {
  it('puts each upload in the receiving user inbox as pending, with an e-mail notification; the user confirms or declines', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    const user = sandbox.demo.userNames[0] ?? '';
    const headers = { ...s.legacy, 'x-user-name': user };
    const fields = await http(`${sandbox.urls.legacyBaseUrl}/v2/fields`, {
      method: 'POST',
      headers: { ...headers, ...json },
      body: JSON.stringify({
        fields: [
          {
            clientName: 'C',
            farmName: 'F',
            name: 'North 40',
            boundary: 'POLYGON((-93.6 41.5, -93.59 41.5, -93.59 41.51, -93.6 41.5))',
            acres: 114.5,
          },
        ],
      }),
    });
    expect(fields.status).toBe(200);
    const zip = readFileSync(corpusPath('derived/isoxml_test_rx.zip'));
    const rxForm = buildMultipart([
      { name: 'file', filename: 'rx.zip', contentType: 'application/zip', data: zip },
    ]);
    const rx = await http(`${sandbox.urls.legacyBaseUrl}/v2/rx`, {
      method: 'POST',
      headers: { ...headers, 'content-type': rxForm.contentType },
      body: rxForm.body,
    });
    expect(rx.status, rx.text).toBe(200);

    const inbox = await sandboxApi(sandbox, `/inbox?userName=${encodeURIComponent(user)}`);
    const items = inbox.json<{ items: Array<Record<string, unknown>> }>().items;
    expect(items.map((i) => [i.kind, i.status])).toEqual([
      ['fields', 'pending'],
      ['prescription', 'pending'],
    ]);
    expect(items[0]).toMatchObject({
      entitiesCreated: 1,
      fields: [{ name: 'North 40', acres: 114.5 }],
      requestId: fields.headers['x-http-request-id'],
    });
    expect(items[1]).toMatchObject({ fileName: 'rx.zip', fileSize: zip.byteLength, syncedToInCab: false });

    const notifications = (
      await sandboxApi(sandbox, `/notifications?userName=${encodeURIComponent(user)}`)
    ).json<{
      notifications: Array<Record<string, unknown>>;
    }>().notifications;
    expect(notifications).toHaveLength(2);
    expect(notifications[1]).toMatchObject({ channel: 'email', to: user, inboxItemId: items[1]?.id });

    const confirmed = await sandboxApi(sandbox, `/inbox/${String(items[1]?.id)}/confirm`, 'POST');
    expect(confirmed.status).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', syncedToInCab: true });
    expect((await sandboxApi(sandbox, `/inbox/${String(items[1]?.id)}/decline`, 'POST')).status).toBe(409);
    expect((await sandboxApi(sandbox, `/inbox/${String(items[0]?.id)}/decline`, 'POST')).json().status).toBe(
      'declined',
    );
    expect(
      (await sandboxApi(sandbox, '/inbox/00000000-0000-4000-8000-000000000000/confirm', 'POST')).status,
    ).toBe(404);
    expect((await sandboxApi(sandbox, '/inbox?status=pending')).json()).toEqual({ items: [] });
    expect((await sandboxApi(sandbox, '/inbox?status=lost')).status).toBe(400);
  });
});

describe('sharing keys', () => {
  it('a grower creates keys for all or some fields and can revoke them at any time', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    const listed = (await sandboxApi(sandbox, '/sharing-keys')).json<{
      sharingKeys: Array<{ status: string }>;
    }>().sharingKeys;
    expect(listed.map((k) => k.status).sort()).toEqual(['expired', 'revoked', 'valid', 'valid']);

    const created = await sandboxApi(sandbox, '/sharing-keys', 'POST', { fieldNames: ['River Bottom'] });
    expect(created.status).toBe(201);
    const key = created.json<{ key: string; createdAt: string; expiresAt: string }>();
    expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBeGreaterThanOrEqual(365 * 86_400_000);
    const get = (): Promise<HttpResponse> =>
      http(
        `${sandbox.urls.legacyBaseUrl}/v2/agronomic-data?sharingKey=${key.key}&resourceType=application%2Fvnd.oada.pp.as-planted`,
        {
          headers: s.legacy,
        },
      );
    expect((await get()).json<{ urls: string[] }>().urls).toHaveLength(1);
    const revoked = await sandboxApi(sandbox, `/sharing-keys/${key.key}/revoke`, 'POST');
    expect(revoked.json().status).toBe('revoked');
    expect((await get()).json()['error-code']).toBe('sharing-key-revoked');

    expect((await sandboxApi(sandbox, '/sharing-keys', 'POST', { fieldNames: ['Nowhere'] })).status).toBe(
      400,
    );
    expect((await sandboxApi(sandbox, '/sharing-keys/NOPE/revoke', 'POST')).status).toBe(404);
    expect((await sandboxApi(sandbox, '/sharing-keys', 'POST')).status).toBe(201);
  });

  it('pre-signed URLs expire', async () => {
    let t = Date.parse('2026-05-01T12:00:00.000Z');
    const sandbox = await start({ now: () => new Date(t), presignedUrlTtlSeconds: 60 });
    const s = await session(sandbox);
    const res = await http(
      `${sandbox.urls.legacyBaseUrl}/v2/agronomic-data?sharingKey=${sandbox.demo.sharingKeys[0]}&resourceType=application%2Fvnd.oada.pp.as-applied`,
      { headers: s.legacy },
    );
    const url = res.json<{ urls: string[] }>().urls[0] ?? '';
    expect((await http(url)).status).toBe(200);
    t += 61_000;
    const expired = await http(url);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('Request has expired');
  });
});

describe('demo data, log and reset', () => {
  it('serves the demo data and the request log; reset returns to the seed', async () => {
    const sandbox = await start();
    const seed = await sandboxApi(sandbox, '/seed');
    expect(seed.json()).toEqual(sandbox.demo);
    const s = await session(sandbox);
    expect((await createProgramEnrollment(sandbox, s, sandbox.demo.temporalIds[2] ?? '')).status).toBe(201);
    const log = (await sandboxApi(sandbox, '/log?limit=5')).json<{
      entries: Array<Record<string, unknown>>;
    }>().entries;
    expect(log.map((e) => e.operationId)).toEqual(['requestToken', 'createEnrollment']);
    expect(log[1]).toMatchObject({ api: 'v5', status: 201, processed: true });
    expect((await sandboxApi(sandbox, '/log?limit=0')).status).toBe(400);

    expect((await sandboxApi(sandbox, '/reset', 'POST')).status).toBe(204);
    expect(sandbox.service.state.enrollments.size).toBe(2);
    // Tokens are forgotten: the old one answers 401.
    const list = await http(
      `${sandbox.urls.baseUrl}/v5/enrollments?experimentProtocolId=${sandbox.demo.experimentProtocolIds[1]}`,
      {
        headers: { ...s.v5, 'x-enrollment-type': 'program' },
      },
    );
    expect(list.status).toBe(401);
  });

  it('makes the same demo data from the same seed, and different data from another', async () => {
    const a = await start({ seed: 7 });
    const b = await start({ seed: 7 });
    const c = await start({ seed: 8 });
    const strip = (d: RunningSandbox['demo']): Partial<RunningSandbox['demo']> => ({
      ...d,
      authUrl: '',
      baseUrl: '',
      legacyBaseUrl: '',
    });
    expect(strip(a.demo)).toEqual(strip(b.demo));
    expect(c.demo.clientSecret).not.toBe(a.demo.clientSecret);
  });
});

describe('persistence', () => {
  it('keeps the state in a file across restarts, without handing out an id twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldgate-sandbox-'));
    tmp.push(dir);
    const dataFile = join(dir, 'state.json');
    const first = await start({ dataFile });
    const s1 = await session(first);
    const created = (await createProgramEnrollment(first, s1, sandboxTemporal(first, 2))).json<{
      id: string;
    }>();
    await first.close();
    // The file as written at start, and the create as one line of changes beside it.
    const saved = readSavedState(dataFile);
    expect(saved?.format).toBe('fieldgate-sandbox-state');
    expect(saved?.enrollments).toHaveLength(3);

    const second = await start({ dataFile });
    const s2 = await session(second);
    const read = await http(`${second.urls.baseUrl}/v5/enrollments/${created.id}`, {
      headers: { ...s2.v5, 'x-enrollment-type': 'program' },
    });
    expect(read.status).toBe(200);
    const another = (await createProgramEnrollment(second, s2, sandboxTemporal(second, 0))).json<{
      id: string;
    }>();
    expect(another.id).not.toBe(created.id);

    await expect(startSandbox({ dataFile, seed: 1 })).rejects.toThrow(/seed 42/);
  });
});

function sandboxTemporal(sandbox: RunningSandbox, i: number): string {
  return sandbox.demo.temporalIds[i] ?? '';
}

describe('behaviour options', () => {
  it('--strict-ids accepts only seeded temporal and location ids and user names', async () => {
    const sandbox = await start({ strictIds: true });
    const s = await session(sandbox);
    const unknown = await createProgramEnrollment(sandbox, s, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.json()['error-code']).toBe('unknown-temporal-period');
    // The refusal names the ids that would do, and where every seeded id is listed.
    for (const id of sandbox.demo.temporalIds)
      expect(unknown.json<{ message: string }>().message).toContain(id);
    expect(unknown.json<{ message: string }>().message).toContain('`fieldgate sandbox ids`');
    expect((await createProgramEnrollment(sandbox, s, sandboxTemporal(sandbox, 2))).status).toBe(201);
    const stranger = await http(`${sandbox.urls.legacyBaseUrl}/v2/fields`, {
      method: 'POST',
      headers: { ...s.legacy, ...json, 'x-user-name': 'stranger@example.com' },
      body: JSON.stringify({
        fields: [{ clientName: 'C', farmName: 'F', name: 'N', boundary: 'POLYGON((0 0, 1 0, 1 1, 0 0))' }],
      }),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json()['error-code']).toBe('unknown-user');
    expect(stranger.json<{ details: { known: string[] } }>().details.known).toEqual(sandbox.demo.userNames);
    for (const user of sandbox.demo.userNames)
      expect(stranger.json<{ message: string }>().message).toContain(user);
  });

  it('emptyListStatus 304 answers an empty list the v4 way; duplicateEnrollments allow lets duplicates through', async () => {
    const sandbox = await start({ emptyListStatus: 304, duplicateEnrollments: 'allow' });
    const s = await session(sandbox);
    const empty = await http(
      `${sandbox.urls.baseUrl}/v5/enrollments?experimentProtocolId=${sandbox.demo.experimentProtocolIds[1]}`,
      {
        headers: { ...s.v5, 'x-enrollment-type': 'program' },
      },
    );
    expect(empty.status).toBe(304);
    expect(empty.headers['x-http-request-id']).toBeDefined();
    expect((await createProgramEnrollment(sandbox, s, sandboxTemporal(sandbox, 2))).status).toBe(201);
    expect((await createProgramEnrollment(sandbox, s, sandboxTemporal(sandbox, 2))).status).toBe(201);
  });

  it('refuses bodies over the limit with 413', async () => {
    const sandbox = await start({ maxBodyBytes: 1000 });
    const s = await session(sandbox);
    const res = await http(`${sandbox.urls.legacyBaseUrl}/v2/fields`, {
      method: 'POST',
      headers: { ...s.legacy, ...json, 'x-user-name': 'u' },
      body: JSON.stringify({ fields: [{ clientName: 'x'.repeat(2000) }] }),
    });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ message: 'Request Too Long' });
  });
});
