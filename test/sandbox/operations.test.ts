/**
 * Walks every operation of openapi/partner-service.yaml over real HTTP, with valid and invalid requests, and
 * checks status, body and headers. Every exchange is also validated against the document (contract.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../support/corpus.ts';
import { fileKindById } from '../../core/formats/registry.ts';
import { buildMultipart, startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { loadOpenApiDocuments, HTTP_METHODS, type Operation } from '../../sandbox/openapi-routes.ts';
import { ContractRecorder } from './contract.ts';
import { http, individual, session, tokenFor, type HttpResponse, type Session } from './http.ts';

const json = { 'content-type': 'application/json' };

let sandbox: RunningSandbox;
let s: Session;
const contract = new ContractRecorder();

beforeAll(async () => {
  sandbox = await startSandbox({ onExchange: contract.onExchange });
  s = await session(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

interface ErrorBody {
  'error-code': string;
  message: string;
  details?: {
    diagnostics?: Array<{ code: string; severity: string; location: { path?: unknown[] } }>;
    known?: string[];
  };
}

/** A refusal of an unknown id names the ids that would do (message and details) and how to list them all. */
function expectKnownIdsNamed(res: HttpResponse, known: readonly string[]): void {
  const error = errorOf(res);
  expect(known.length).toBeGreaterThan(0);
  // The first five in the message (a long list is cut), all of them in the details.
  for (const id of known.slice(0, 5)) expect(error.message).toContain(id);
  expect(error.details?.known).toEqual(known);
  expect(error.message).toContain('`fieldgate sandbox ids` lists the ids this sandbox seeds');
}

function errorOf(res: HttpResponse): ErrorBody {
  return res.json<ErrorBody>();
}

function codes(res: HttpResponse): string[] {
  return (errorOf(res).details?.diagnostics ?? []).filter((d) => d.severity === 'error').map((d) => d.code);
}

const v5 = (path: string): string => `${sandbox.urls.baseUrl}${path}`;
const legacy = (path: string): string => `${sandbox.urls.legacyBaseUrl}${path}`;

function program(
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<HttpResponse> {
  return http(v5(path), {
    method,
    headers: { ...s.v5, ...json, 'x-enrollment-type': 'program', ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function location(
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<HttpResponse> {
  return http(v5(path), {
    method,
    headers: { ...s.v5, ...json, 'x-enrollment-type': 'location', ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('token endpoint (requestToken)', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const basic = (id: string, secret: string): string =>
    `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('issues a bearer token to HTTP Basic client authentication, with all scopes by default', async () => {
    const res = await http(sandbox.urls.tokenUrl, {
      method: 'POST',
      headers: { ...form, authorization: basic(sandbox.demo.clientId, sandbox.demo.clientSecret) },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'partnerapis enrollments experiments',
    });
  });

  it('accepts client credentials in the form body and narrows scopes on request', async () => {
    const res = await http(sandbox.urls.tokenUrl, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sandbox.demo.clientId,
        client_secret: sandbox.demo.clientSecret,
        scope: 'partnerapis',
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.json().scope).toBe('partnerapis');
  });

  it('refuses a wrong secret with 401 invalid_client and a Basic challenge', async () => {
    const res = await http(sandbox.urls.tokenUrl, {
      method: 'POST',
      headers: { ...form, authorization: basic(sandbox.demo.clientId, 'wrong') },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(401);
    expect(res.json().error).toBe('invalid_client');
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('refuses other grant types, a missing grant type, unknown scopes and JSON bodies with 400', async () => {
    const auth = { ...form, authorization: basic(sandbox.demo.clientId, sandbox.demo.clientSecret) };
    const cases: Array<[Record<string, string>, string, string]> = [
      [auth, 'grant_type=password', 'unsupported_grant_type'],
      [auth, 'scope=partnerapis', 'invalid_request'],
      [auth, 'grant_type=client_credentials&scope=admin', 'invalid_scope'],
      [{ ...auth, ...json }, '{"grant_type":"client_credentials"}', 'invalid_request'],
    ];
    for (const [headers, body, error] of cases) {
      const res = await http(sandbox.urls.tokenUrl, { method: 'POST', headers, body });
      expect(res.status, body).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });
});

describe('gateway checks on the version 5 interface', () => {
  const path = (): string =>
    `/v5/experiments?experimentEnrollmentId=${sandbox.demo.experimentEnrollmentIds[0]}`;

  it('answers 401 with a Bearer challenge without a token or with an unknown one', async () => {
    const none = await http(v5(path()), { headers: { 'x-api-key': sandbox.demo.apiKey } });
    expect(none.status).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthorized' });
    expect(none.headers['www-authenticate']).toMatch(/^Bearer /);
    const unknown = await http(v5(path()), {
      headers: { authorization: 'Bearer nope', 'x-api-key': sandbox.demo.apiKey },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toContain('invalid_token');
  });

  it('answers 403 without the x-api-key, with a wrong one, or when the token lacks the scope', async () => {
    const noKey = await http(v5(path()), { headers: { authorization: `Bearer ${s.token}` } });
    expect(noKey.status).toBe(403);
    expect(noKey.json()).toEqual({ message: 'Forbidden' });
    const wrongKey = await http(v5(path()), {
      headers: { authorization: `Bearer ${s.token}`, 'x-api-key': 'nope' },
    });
    expect(wrongKey.status).toBe(403);
    const legacyOnly = await tokenFor(sandbox, 'partnerapis');
    const scope = await http(v5(path()), {
      headers: { authorization: `Bearer ${legacyOnly}`, 'x-api-key': sandbox.demo.apiKey },
    });
    expect(scope.status).toBe(403);
    expect(scope.headers['www-authenticate']).toContain('insufficient_scope');
  });
});

describe('enrollments by program', () => {
  let enrollmentId = '';

  it('creates one (201, Location, APPROVED / ACTIVE / LEGITIMATE, temporalEntity as sent)', async () => {
    const temporalEntity = individual(sandbox.demo.temporalIds[2] ?? '');
    const res = await program('POST', '/v5/enrollments', {
      experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
      temporalEntity,
    });
    expect(res.status).toBe(201);
    const body = res.json<Record<string, string>>();
    enrollmentId = body.id ?? '';
    expect(body).toMatchObject({
      enrollmentStatus: 'APPROVED',
      itemStatus: 'ACTIVE',
      dataLegitimacy: 'LEGITIMATE',
      experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
      temporalEntity,
    });
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    expect(res.headers.location).toBe(v5(`/v5/enrollments/${enrollmentId}`));
    expect(res.headers['x-http-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a second identical enrollment with 409', async () => {
    const res = await program('POST', '/v5/enrollments', {
      experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
      temporalEntity: individual(sandbox.demo.temporalIds[2] ?? ''),
    });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ 'error-code': 'enrollment-exists', details: { enrollmentId } });
  });

  it('explains invalid bodies with the core diagnostics (400 validation-failed)', async () => {
    const badId = await program('POST', '/v5/enrollments', {
      experimentProtocolId: 'not-a-uuid',
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(badId.status).toBe(400);
    expect(errorOf(badId)['error-code']).toBe('validation-failed');
    expect(codes(badId)).toContain('EN004');
    expect(errorOf(badId).details?.diagnostics?.[0]?.location.path).toEqual(['body', 'experimentProtocolId']);

    const mixed = await program('POST', '/v5/enrollments', {
      experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
      temporalEntity: {
        dimensionality: 'INDIVIDUAL',
        startId: sandbox.demo.temporalIds[0],
        temporalPeriodTypeName: 'GrowingSeason',
      },
    });
    expect(mixed.status).toBe(400);
    expect(codes(mixed).some((c) => c.startsWith('TE'))).toBe(true);

    const missing = await program('POST', '/v5/enrollments', {
      experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
    });
    expect(missing.status).toBe(400);
    expect(codes(missing)).toContain('EN003');

    const syntax = await http(v5('/v5/enrollments'), {
      method: 'POST',
      headers: { ...s.v5, ...json, 'x-enrollment-type': 'program' },
      body: '{"experimentProtocolId": ',
    });
    expect(syntax.status).toBe(400);
    expect(codes(syntax)).toEqual(['JS001']);
  });

  it('needs the x-enrollment-type header and a JSON body', async () => {
    const res = await http(v5('/v5/enrollments'), {
      method: 'POST',
      headers: { ...s.v5, ...json },
      body: JSON.stringify({
        experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
        temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
      }),
    });
    expect(res.status).toBe(400);
    expect(codes(res)).toContain('EN002');
    const text = await http(v5('/v5/enrollments'), {
      method: 'POST',
      headers: { ...s.v5, 'content-type': 'text/plain', 'x-enrollment-type': 'program' },
      body: JSON.stringify({
        experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
        temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
      }),
    });
    expect(text.status).toBe(400);
    expect(errorOf(text)['error-code']).toBe('unsupported-media-type');
  });

  it('refuses a program the operator did not give (400 unknown-experiment-protocol)', async () => {
    const res = await program('POST', '/v5/enrollments', {
      experimentProtocolId: '00000000-0000-4000-8000-000000000000',
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)['error-code']).toBe('unknown-experiment-protocol');
    expectKnownIdsNamed(res, sandbox.demo.experimentProtocolIds);
  });

  it('reads it back (200), and 404 with the other type or an unknown id', async () => {
    const res = await program('GET', `/v5/enrollments/${enrollmentId}`);
    expect(res.status).toBe(200);
    expect(res.json().id).toBe(enrollmentId);
    const other = await location('GET', `/v5/enrollments/${enrollmentId}`);
    expect(other.status).toBe(404);
    expect(errorOf(other).message).toContain('enrollment by program');
    const unknown = await program('GET', '/v5/enrollments/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const bad = await program('GET', '/v5/enrollments/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(codes(bad)).toContain('EN004');
  });

  it('lists by experimentProtocolId, with or without a trailing slash, and needs the parameter', async () => {
    const q = `?experimentProtocolId=${sandbox.demo.experimentProtocolIds[0]}`;
    for (const path of [`/v5/enrollments${q}`, `/v5/enrollments/${q}`]) {
      const res = await program('GET', path);
      expect(res.status).toBe(200);
      const ids = res.json<{ results: Array<{ id: string }> }>().results.map((r) => r.id);
      expect(ids).toContain(enrollmentId);
      expect(res.headers['x-limit']).toBe('100');
    }
    for (const path of ['/v5/enrollments', '/v5/enrollments/']) {
      const missing = await program('GET', path);
      expect(missing.status).toBe(400);
      expect(codes(missing)).toContain('EN008');
    }
    const wrong = await program(
      'GET',
      `/v5/enrollments?experimentId=${sandbox.demo.experimentProtocolIds[0]}`,
    );
    expect(wrong.status).toBe(400);
  });

  it('pages with X-Limit and X-Next-Token: 206 while more follow, 200 for the last page', async () => {
    const protocol = sandbox.demo.experimentProtocolIds[1] ?? '';
    for (const t of sandbox.demo.temporalIds) {
      expect(
        (
          await program('POST', '/v5/enrollments', {
            experimentProtocolId: protocol,
            temporalEntity: individual(t),
          })
        ).status,
      ).toBe(201);
    }
    const seen: string[] = [];
    let next: string | undefined;
    let statuses: number[] = [];
    do {
      const res = await program('GET', `/v5/enrollments?experimentProtocolId=${protocol}`, undefined, {
        'x-limit': '2',
        ...(next ? { 'x-next-token': next } : {}),
      });
      statuses.push(res.status);
      seen.push(...res.json<{ results: Array<{ id: string }> }>().results.map((r) => r.id));
      next = res.headers['x-next-token'];
    } while (next);
    expect(statuses).toEqual([206, 200]);
    expect(new Set(seen).size).toBe(3);
    statuses = [];
    const badLimit = await program('GET', `/v5/enrollments?experimentProtocolId=${protocol}`, undefined, {
      'x-limit': '0',
    });
    expect(badLimit.status).toBe(400);
    const badToken = await program('GET', `/v5/enrollments?experimentProtocolId=${protocol}`, undefined, {
      'x-next-token': 'garbage',
    });
    expect(badToken.status).toBe(400);
    expect(errorOf(badToken)['error-code']).toBe('invalid-next-token');
  });

  it('updates (200), refuses an update that changes nothing (400), and an empty one with EN007', async () => {
    const newSeason = individual(sandbox.demo.temporalIds[1] ?? '');
    const res = await program('PUT', `/v5/enrollments/${enrollmentId}`, { temporalEntity: newSeason });
    expect(res.status).toBe(200);
    expect(res.json().temporalEntity).toEqual(newSeason);
    const again = await program('PUT', `/v5/enrollments/${enrollmentId}`, { temporalEntity: newSeason });
    expect(again.status).toBe(400);
    expect(errorOf(again)['error-code']).toBe('nothing-to-update');
    const empty = await program('PUT', `/v5/enrollments/${enrollmentId}`, {});
    expect(empty.status).toBe(400);
    expect(codes(empty)).toContain('EN007');
    const gone = await program('PUT', '/v5/enrollments/00000000-0000-4000-8000-000000000000', {
      temporalEntity: newSeason,
    });
    expect(gone.status).toBe(404);
  });

  it('removes it (204 without a body); afterwards the id answers 404', async () => {
    const res = await program('DELETE', `/v5/enrollments/${enrollmentId}`);
    expect(res.status).toBe(204);
    expect(res.body.byteLength).toBe(0);
    expect(res.headers['x-http-request-id']).toBeDefined();
    expect((await program('GET', `/v5/enrollments/${enrollmentId}`)).status).toBe(404);
    expect((await program('DELETE', `/v5/enrollments/${enrollmentId}`)).status).toBe(404);
    const noType = await http(v5(`/v5/enrollments/${enrollmentId}`), { method: 'DELETE', headers: s.v5 });
    expect(noType.status).toBe(400);
  });
});

describe('experiments and enrollments by location', () => {
  const eeId = (): string => sandbox.demo.experimentEnrollmentIds[1] ?? '';
  let experimentId = '';
  let enrollmentId = '';

  it('finds the seeded experiment, and none for a fresh experimentEnrollmentId', async () => {
    const seeded = await http(
      v5(`/v5/experiments?experimentEnrollmentId=${sandbox.demo.experimentEnrollmentIds[0]}`),
      { headers: s.v5 },
    );
    expect(seeded.status).toBe(200);
    expect(seeded.json<{ results: unknown[] }>().results).toHaveLength(1);
    const fresh = await http(v5(`/v5/experiments?experimentEnrollmentId=${eeId()}`), { headers: s.v5 });
    expect(fresh.json()).toEqual({ results: [] });
    const missing = await http(v5('/v5/experiments'), { headers: s.v5 });
    expect(missing.status).toBe(400);
    expect(codes(missing)).toContain('EN008');
  });

  it('creates the experiment once (201), then refuses a second (409 experiment-exists)', async () => {
    const body = {
      experimentEnrollmentId: eeId(),
      name: 'Trial 2026',
      temporalEntity: individual(sandbox.demo.temporalIds[2] ?? ''),
    };
    const res = await http(v5('/v5/experiments'), {
      method: 'POST',
      headers: { ...s.v5, ...json },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const experiment = res.json<Record<string, string>>();
    experimentId = experiment.id ?? '';
    expect(experiment).toMatchObject({
      experimentEnrollmentId: eeId(),
      name: 'Trial 2026',
      experimentStatus: 'INITIATED',
    });
    const found = await http(v5(`/v5/experiments?experimentEnrollmentId=${eeId()}`), { headers: s.v5 });
    expect(found.json<{ results: Array<{ id: string }> }>().results.map((e) => e.id)).toEqual([experimentId]);
    const second = await http(v5('/v5/experiments'), {
      method: 'POST',
      headers: { ...s.v5, ...json },
      body: JSON.stringify(body),
    });
    expect(second.status).toBe(409);
    expect(errorOf(second)).toMatchObject({ 'error-code': 'experiment-exists', details: { experimentId } });
  });

  it('refuses experiments for unknown experimentEnrollmentIds, blank names and bad temporal entities', async () => {
    const post = (body: unknown): Promise<HttpResponse> =>
      http(v5('/v5/experiments'), {
        method: 'POST',
        headers: { ...s.v5, ...json },
        body: JSON.stringify(body),
      });
    const unknown = await post({
      experimentEnrollmentId: '00000000-0000-4000-8000-000000000000',
      name: 'x',
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)['error-code']).toBe('unknown-experiment-enrollment-id');
    expectKnownIdsNamed(unknown, sandbox.demo.experimentEnrollmentIds);
    const blank = await post({
      experimentEnrollmentId: eeId(),
      name: ' ',
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(blank.status).toBe(400);
    expect(codes(blank)).toContain('EN009');
    const interval = await post({
      experimentEnrollmentId: eeId(),
      name: 'x',
      temporalEntity: {
        dimensionality: 'INTERVAL',
        id: sandbox.demo.temporalIds[0],
        temporalPeriodTypeName: 'GrowingSeason',
      },
    });
    expect(interval.status).toBe(400);
  });

  it('creates an enrollment by location (201) for the experiment, with an INTERVAL temporal entity', async () => {
    const temporalEntity = {
      dimensionality: 'INTERVAL',
      startId: sandbox.demo.temporalIds[0],
      endId: sandbox.demo.temporalIds[2],
      temporalPeriodTypeName: 'GrowingSeason',
    };
    const res = await location('POST', '/v5/enrollments', {
      experimentId,
      experimentLocationStatus: 'NOMINATED',
      locationId: sandbox.demo.locationIds[1],
      temporalEntity,
    });
    expect(res.status).toBe(201);
    const body = res.json<Record<string, unknown>>();
    enrollmentId = String(body.id);
    expect(body).toMatchObject({
      experimentId,
      locationId: sandbox.demo.locationIds[1],
      temporalEntity,
      enrollmentStatus: 'APPROVED',
    });
  });

  it('accepts any well-formed location id (not strict), but refuses an unknown experiment', async () => {
    const res = await location('POST', '/v5/enrollments', {
      experimentId: '00000000-0000-4000-8000-000000000000',
      experimentLocationStatus: 'NOMINATED',
      locationId: sandbox.demo.locationIds[0],
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)['error-code']).toBe('unknown-experiment');
    expectKnownIdsNamed(res, [...sandbox.service.state.experiments.keys()]);
    const missing = await location('POST', '/v5/enrollments', {
      experimentId,
      locationId: sandbox.demo.locationIds[0],
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(missing.status).toBe(400);
    expect(codes(missing)).toContain('EN003');
    const programField = await location('POST', '/v5/enrollments', {
      experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
      temporalEntity: individual(sandbox.demo.temporalIds[0] ?? ''),
    });
    expect(programField.status).toBe(400);
  });

  it('lists, reads, updates and removes it', async () => {
    const list = await location('GET', `/v5/enrollments?experimentId=${experimentId}`);
    expect(list.status).toBe(200);
    expect(list.json<{ results: Array<{ id: string }> }>().results.map((r) => r.id)).toEqual([enrollmentId]);
    expect((await location('GET', `/v5/enrollments/${enrollmentId}`)).status).toBe(200);
    const updated = await location('PUT', `/v5/enrollments/${enrollmentId}`, {
      locationId: sandbox.demo.locationIds[2],
      experimentLocationStatus: 'NOMINATED',
    });
    expect(updated.status).toBe(200);
    expect(updated.json().locationId).toBe(sandbox.demo.locationIds[2]);
    const statusOnly = await location('PUT', `/v5/enrollments/${enrollmentId}`, {
      experimentLocationStatus: 'NOMINATED',
    });
    expect(statusOnly.status).toBe(400);
    expect((await location('DELETE', `/v5/enrollments/${enrollmentId}`)).status).toBe(204);
    const empty = await location('GET', `/v5/enrollments/?experimentId=${experimentId}`);
    expect(empty.status).toBe(200);
    expect(empty.json()).toEqual({ results: [] });
  });
});

describe('earlier interface: agronomic data', () => {
  const planted = 'application/vnd.oada.pp.as-planted';
  const get = (
    version: 'v2' | 'v3',
    key: string,
    type = planted,
    headers = s.legacy,
  ): Promise<HttpResponse> =>
    http(
      legacy(
        `/${version}/agronomic-data?sharingKey=${encodeURIComponent(key)}&resourceType=${encodeURIComponent(type)}`,
      ),
      { headers },
    );

  it('v2 answers pre-signed URLs and v3 their time and source; the URLs download the files', async () => {
    const v2 = await get('v2', sandbox.demo.sharingKeys[0] ?? '');
    expect(v2.status).toBe(200);
    const urls = v2.json<{ urls: string[] }>().urls;
    expect(urls).toHaveLength(3);
    const v3 = await get('v3', sandbox.demo.sharingKeys[0] ?? '', 'application/vnd.oada.pp.as-harvested');
    expect(v3.status).toBe(200);
    const results = v3.json<{ results: Array<{ modifiedTime: string; source: string; url: string }> }>()
      .results;
    expect(results).toHaveLength(3);
    expect(results[0]?.source).toBe('Demo Combine Yield Monitor');
    const file = await http(urls[0] ?? '');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
    // Change the signature's first character to one it is not (a fixed '0' is no change when it starts with 0).
    const tampered = await http(
      (urls[0] ?? '').replace(/signature=(.)/, (_all, c: string) => `signature=${c === '0' ? '1' : '0'}`),
    );
    expect(tampered.status).toBe(403);
    expect(tampered.text).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('a key for a subset of fields gives only their files', async () => {
    const res = await get('v2', sandbox.demo.sharingKeys[1] ?? '');
    expect(res.json<{ urls: string[] }>().urls).toHaveLength(1);
  });

  it('refuses unknown, expired and revoked keys and bad resource types with 400', async () => {
    const keys = [...sandbox.service.state.sharingKeys.values()];
    const expired = keys.find((k) => Date.parse(k.expiresAt) < Date.now())?.key ?? '';
    const revoked = keys.find((k) => k.revokedAt !== undefined)?.key ?? '';
    const cases: Array<[string, string, string]> = [
      ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', planted, 'sharing-key-unknown'],
      [expired, planted, 'sharing-key-expired'],
      [revoked, planted, 'sharing-key-revoked'],
      [sandbox.demo.sharingKeys[0] ?? '', 'application/json', 'invalid-resource-type'],
    ];
    for (const [key, type, code] of cases) {
      const res = await get('v3', key, type);
      expect(res.status, code).toBe(400);
      expect(errorOf(res)['error-code']).toBe(code);
      expect(res.headers['x-http-request-id']).toBeDefined();
    }
    const noKey = await http(legacy(`/v2/agronomic-data?resourceType=${encodeURIComponent(planted)}`), {
      headers: s.legacy,
    });
    expect(noKey.status).toBe(400);
    expect(errorOf(noKey)['error-code']).toBe('missing-parameter');
  });

  it('needs a bearer token with the partnerapis scope', async () => {
    const none = await get('v2', sandbox.demo.sharingKeys[0] ?? '', planted, {});
    expect(none.status).toBe(401);
    const v5Only = await tokenFor(sandbox, 'enrollments experiments');
    const scoped = await get('v2', sandbox.demo.sharingKeys[0] ?? '', planted, {
      authorization: `Bearer ${v5Only}`,
    });
    expect(scoped.status).toBe(403);
  });
});

describe('earlier interface: uploads', () => {
  const user = (): string => sandbox.demo.userNames[0] ?? '';
  const fields = {
    fields: [
      {
        clientName: 'Demo Client',
        farmName: 'Home Farm',
        name: 'North 40',
        boundary: 'POLYGON((-93.6 41.5, -93.59 41.5, -93.59 41.51, -93.6 41.51, -93.6 41.5))',
        acres: 190.5,
        source: 'Fieldgate',
      },
      {
        clientName: 'Demo Client',
        farmName: 'Home Farm',
        name: 'River Bottom',
        boundary: 'POLYGON((-93.7 41.5, -93.69 41.5, -93.69 41.51, -93.7 41.51, -93.7 41.5))',
      },
    ],
  };

  it('POST /v2/fields answers entities-created', async () => {
    const res = await http(legacy('/v2/fields'), {
      method: 'POST',
      headers: { ...s.legacy, ...json, 'x-user-name': user() },
      body: JSON.stringify(fields),
    });
    expect(res.status).toBe(200);
    expect(res.json()['entities-created']).toBe(2);
  });

  it('POST /v2/fields refuses a missing X-User-Name, bodies the core rules reject, and other media types', async () => {
    const noUser = await http(legacy('/v2/fields'), {
      method: 'POST',
      headers: { ...s.legacy, ...json },
      body: JSON.stringify(fields),
    });
    expect(noUser.status).toBe(400);
    expect(errorOf(noUser)['error-code']).toBe('missing-header');
    const noBoundary = await http(legacy('/v2/fields'), {
      method: 'POST',
      headers: { ...s.legacy, ...json, 'x-user-name': user() },
      body: JSON.stringify({ fields: [{ clientName: 'C', farmName: 'F', name: 'N' }] }),
    });
    expect(noBoundary.status).toBe(400);
    expect(codes(noBoundary).some((c) => c.startsWith('FU'))).toBe(true);
    const bowTie = await http(legacy('/v2/fields'), {
      method: 'POST',
      headers: { ...s.legacy, ...json, 'x-user-name': user() },
      body: JSON.stringify({
        fields: [
          {
            clientName: 'C',
            farmName: 'F',
            name: 'N',
            boundary: 'POLYGON((-93.6 41.5, -93.59 41.51, -93.59 41.5, -93.6 41.51, -93.6 41.5))',
          },
        ],
      }),
    });
    expect(bowTie.status).toBe(400);
    expect(codes(bowTie)).toEqual(['GEO004']);
    expect(errorOf(bowTie).details?.diagnostics?.[0]?.location.path).toEqual(['fields', 0, 'boundary']);
    const notJson = await http(legacy('/v2/fields'), {
      method: 'POST',
      headers: { ...s.legacy, ...json, 'x-user-name': user() },
      body: '{"fields": [}',
    });
    expect(notJson.status).toBe(400);
    expect(codes(notJson)).toEqual(['JS001']);
    const text = await http(legacy('/v2/fields'), {
      method: 'POST',
      headers: { ...s.legacy, 'content-type': 'text/plain', 'x-user-name': user() },
      body: JSON.stringify(fields),
    });
    expect(text.status).toBe(400);
  });

  it('POST /v2/rx answers the size of the ZIP part', async () => {
    const zip = readFileSync(corpusPath('derived/isoxml_test_rx.zip'));
    const form = buildMultipart([
      { name: 'file', filename: 'isoxml_test_rx.zip', contentType: 'application/zip', data: zip },
    ]);
    const res = await http(legacy('/v2/rx'), {
      method: 'POST',
      headers: { ...s.legacy, 'content-type': form.contentType, 'x-user-name': user() },
      body: form.body,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toEqual({ fileSize: zip.byteLength });
  });

  it('POST /v2/rx refuses a non-ZIP, a body without the file part and a non-multipart body', async () => {
    const post = (contentType: string, body: Uint8Array | string): Promise<HttpResponse> =>
      http(legacy('/v2/rx'), {
        method: 'POST',
        headers: { ...s.legacy, 'content-type': contentType, 'x-user-name': user() },
        body,
      });
    const text = buildMultipart([
      { name: 'file', filename: 'rx.zip', contentType: 'application/zip', data: 'not a zip' },
    ]);
    expect((await post(text.contentType, text.body)).status).toBe(400);
    const other = buildMultipart([{ name: 'attachment', filename: 'rx.zip', data: 'PK' }]);
    const noPart = await post(other.contentType, other.body);
    expect(noPart.status).toBe(400);
    expect(errorOf(noPart)['error-code']).toBe('missing-file-part');
    expect((await post('application/zip', 'PK')).status).toBe(400);
  });

  it('POST /v2/soil/modus/result refuses what the core Modus rules refuse, and takes the file once fixed', async () => {
    const xml = new Uint8Array(
      readFileSync(
        corpusPath('oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/lab-modus.xml'),
      ),
    );
    const sampleDate = '2021-09-24T15:00:00.000Z';
    const post = (query: string, data: Uint8Array): Promise<HttpResponse> => {
      const form = buildMultipart([
        { name: 'file', filename: 'lab-modus.xml', contentType: 'application/xml', data },
      ]);
      return http(legacy(`/v2/soil/modus/result${query}`), {
        method: 'POST',
        headers: { ...s.legacy, 'content-type': form.contentType, 'x-user-name': user() },
        body: form.body,
      });
    };
    // The lab file writes units the service spells differently: refused, with the preflight's diagnostics.
    const raw = await post(`?sampleDate=${sampleDate}`, xml);
    expect(raw.status).toBe(400);
    const kind = fileKindById('modus-result');
    const preflight = await kind?.validate(
      { name: 'lab-modus.xml', bytes: xml },
      { now: new Date(), sampleDate },
    );
    const preflightErrors = (preflight?.diagnostics ?? [])
      .filter((d) => d.severity === 'error')
      .map((d) => d.code);
    expect(new Set(codes(raw))).toEqual(new Set(preflightErrors));
    // With the safe fixes applied, the same file is taken.
    const fixed =
      preflight && (await kind?.fix?.({ name: 'lab-modus.xml', bytes: xml }, preflight, ['safe']));
    expect(fixed).toBeDefined();
    const ok = await post(`?sampleDate=${sampleDate}`, fixed?.bytes ?? xml);
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    expect(ok.json()).toEqual({ fileSize: fixed?.bytes.byteLength });

    const shape = await post('?sampleDate=2021-09-24T15:00:00Z', xml);
    expect(shape.status).toBe(400);
    expect(codes(shape)).toContain('SD002');
    expect((await post('', xml)).status).toBe(400);
  });
});

describe('routing', () => {
  it('answers 404 for unknown paths and for bases mixed up, and 405 for other methods', async () => {
    const unknown = await http(v5('/v5/nothing'), { headers: s.v5 });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not Found' });
    const mixed = await http(`${sandbox.urls.authUrl}/v5/experiments`, { headers: s.v5 });
    expect(mixed.status).toBe(404);
    const method = await http(v5('/v5/experiments'), { method: 'DELETE', headers: s.v5 });
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('the walk', () => {
  it('covered every operation of the service with a success and a refusal, and every exchange matched the document', () => {
    const service = loadOpenApiDocuments()[0];
    const operations: string[] = [];
    for (const item of Object.values(service?.paths ?? {})) {
      for (const m of HTTP_METHODS) {
        const op = item[m] as Operation | undefined;
        if (op) operations.push(op.operationId);
      }
    }
    expect(operations).toHaveLength(14);
    for (const id of operations) {
      const statuses = contract.reports.filter((r) => r.operationId === id).map((r) => r.status ?? 0);
      expect(
        statuses.some((st) => st >= 200 && st < 300),
        `${id} succeeded`,
      ).toBe(true);
      expect(
        statuses.some((st) => st >= 400 && st < 500),
        `${id} refused`,
      ).toBe(true);
    }
    const invalidAccepted = contract.reports.filter(
      (r) => r.requestProblems.length > 0 && (r.status ?? 0) < 300,
    );
    expect(invalidAccepted).toEqual([]);
    expect(contract.violations()).toEqual([]);
  });
});
