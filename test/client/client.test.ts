/**
 * The typed client against a scripted service: addresses, headers, the access token (cache, renewal ahead of
 * expiry, single flight, one retry after a 401, scope refusals), request ids, time-outs, cancellation, and
 * no secret in any message or event.
 */
import { describe, expect, it } from 'vitest';
import {
  ClientConfigError,
  ServiceClient,
  type ClientFailure,
  type ClientResult,
} from '../../core/client/index.ts';
import { sleepWithTimers } from '../../core/client/system-io.ts';
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import {
  BASES,
  IDS,
  json,
  SECRETS,
  stubClient,
  stubFetch,
  TEMPORAL,
  tokenReply,
  type StubReply,
} from './stub-service.ts';

function failure<T>(result: ClientResult<T>): ClientFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

const enrollment = {
  id: IDS.enrollment,
  createdAt: '2026-03-01T12:00:00.000',
  updatedAt: '2026-03-01T12:00:00.000',
  dataLegitimacy: 'LEGITIMATE',
  enrollmentStatus: 'APPROVED',
  itemStatus: 'ACTIVE',
  experimentProtocolId: IDS.program,
  temporalEntity: TEMPORAL,
};

const findOk = (): StubReply => json(200, { results: [] });

describe('addresses', () => {
  const make = (authUrl: string): ServiceClient =>
    new ServiceClient({
      ...BASES,
      authUrl,
      clientId: 'a',
      clientSecret: 'b',
      apiKey: 'c',
      ...stubFetch(findOk),
      now: () => new Date(),
      sleep: sleepWithTimers,
      random: Math.random,
    });

  it('require HTTPS except for loopback addresses (A01)', () => {
    expect(() => make('http://auth.example.test')).toThrow(ClientConfigError);
    expect(() => make('http://auth.example.test')).toThrow(/must use https/);
    expect(() => make('ftp://auth.example.test')).toThrow(ClientConfigError);
    expect(() => make('https://user:pw@auth.example.test')).toThrow(/credentials/);
    for (const loopback of ['http://127.0.0.1:4010', 'http://localhost:1', 'http://[::1]:8080/x'])
      expect(() => make(loopback)).not.toThrow();
    expect(() => make('https://auth.example.test/')).not.toThrow();
  });

  it('join each base and the path as strings, each operation on its own host (A02)', async () => {
    const s = stubClient((r) => (r.path.endsWith('/v5/experiments') ? findOk() : json(200, { urls: [] })));
    await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    await s.client.getAgronomicDataUrlsV2({
      sharingKey: SECRETS.sharingKey,
      resourceType: 'application/vnd.oada.pp.as-planted',
    });
    expect(s.tokenRequests[0]?.url).toBe('https://auth.example.test/api/oauth/token');
    expect(s.requests.map((r) => r.url)).toEqual([
      `https://api.example.test/partner/v5/experiments?experimentEnrollmentId=${IDS.experimentEnrollment}`,
      `https://legacy.example.test/api/partnerapis/v2/agronomic-data?sharingKey=${SECRETS.sharingKey}&resourceType=application%2Fvnd.oada.pp.as-planted`,
    ]);
  });
});

describe('headers', () => {
  it('send x-api-key on version 5 calls only, x-enrollment-type and X-User-Name where the table requires them', async () => {
    const s = stubClient((r) =>
      r.path.endsWith('/v5/enrollments') ? json(201, enrollment) : json(200, { fileSize: 3 }),
    );
    await s.client.createEnrollment({
      type: 'program',
      body: { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL },
    });
    await s.client.uploadRxV2({ userName: 'grower@example.test', file: new Uint8Array([1, 2, 3]) });
    const [v5, rx] = s.requests;
    expect(v5?.headers).toMatchObject({
      authorization: `Bearer ${SECRETS.accessToken}`,
      'x-api-key': SECRETS.apiKey,
      'x-enrollment-type': 'program',
      'content-type': 'application/json',
    });
    expect(JSON.parse(v5?.body ?? '')).toEqual({
      experimentProtocolId: IDS.program,
      temporalEntity: TEMPORAL,
    });
    expect(rx?.headers['x-api-key']).toBeUndefined();
    expect(rx?.headers['x-user-name']).toBe('grower@example.test');
    expect(rx?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(rx?.body).toContain('name="file"; filename="prescription.zip"');
    // The token request: HTTP Basic client authentication and the client-credentials grant.
    const token = s.tokenRequests[0];
    expect(token?.headers.authorization).toBe(`Basic ${btoa(`${SECRETS.clientId}:${SECRETS.clientSecret}`)}`);
    expect(token?.body).toBe('grant_type=client_credentials');
  });

  it('does not send a call whose required input is missing', async () => {
    const s = stubClient(findOk);
    const sent = await s.client.send('getEnrollment', { headers: { 'x-enrollment-type': 'program' } });
    const error = sent.ok ? undefined : sent.error;
    expect(error?.kind).toBe('invalid-input');
    expect(error?.message).toContain('path parameter enrollmentId');
    expect(s.requests).toHaveLength(0);
  });
});

describe('the access token', () => {
  it('is cached, and renewed ahead of its expiry (a tenth of its lifetime before)', async () => {
    const s = stubClient(findOk, { token: (_r, n) => tokenReply(600, n) });
    const find = (): Promise<unknown> =>
      s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    await find();
    s.time.advance(500_000);
    await find();
    expect(s.tokenRequests).toHaveLength(1);
    s.time.advance(41_000); // 541 s of 600: within the last 60 s
    await find();
    expect(s.tokenRequests).toHaveLength(2);
    expect(s.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${SECRETS.accessToken}0`,
      `Bearer ${SECRETS.accessToken}0`,
      `Bearer ${SECRETS.accessToken}1`,
    ]);
  });

  it('is kept while it lives when its renewal fails', async () => {
    const s = stubClient(findOk, {
      token: (_r, n) => (n === 0 ? tokenReply(600, n) : json(400, { error: 'invalid_request' })),
    });
    const find = (): Promise<ClientResult<unknown>> =>
      s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    await find();
    s.time.advance(560_000); // renewal due, token valid for 40 s more
    expect((await find()).ok).toBe(true);
    expect(s.tokenRequests).toHaveLength(2);
    s.time.advance(41_000); // expired: the failed renewal is the answer now
    expect(failure(await find()).message).toContain('no access token');
  });

  it('is requested once for many concurrent calls (single flight)', async () => {
    const s = stubClient(findOk);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(s.tokenRequests).toHaveLength(1);
  });

  it('is renewed once after a 401 and the call repeated; a second 401 is a clear credentials error', async () => {
    let refuse = 1;
    const s = stubClient(
      () =>
        refuse-- > 0 ? json(401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' }) : findOk(),
      { token: (_r, n) => tokenReply(3600, n) },
    );
    const ok = await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    expect(ok.ok).toBe(true);
    expect(s.tokenRequests).toHaveLength(2);
    expect(s.requests[1]?.headers.authorization).toBe(`Bearer ${SECRETS.accessToken}1`);

    const always = stubClient(() => json(401, { message: 'Unauthorized' }));
    const error = failure(
      await always.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(error).toMatchObject({ kind: 'credentials', status: 401, requestId: 'req-401' });
    expect(error.message).toContain('refused a freshly issued access token');
    expect(always.requests).toHaveLength(2);
  });

  it('refused at the token endpoint is a credentials error naming neither secret', async () => {
    const s = stubClient(findOk, {
      token: () =>
        json(401, { error: 'invalid_client', error_description: `Unknown client ${SECRETS.clientSecret}` }),
    });
    const error = failure(
      await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(error.kind).toBe('credentials');
    expect(error.message).toContain('check the client id and secret');
    expect(error.message).toContain('invalid_client');
    expect(error.message).not.toContain(SECRETS.clientSecret);
    expect(error.message).toContain('[redacted]');
    expect(s.requests).toHaveLength(0);
  });

  it('lacking a scope: the 403 is reported naming the scope', async () => {
    const s = stubClient(() =>
      json(
        403,
        { message: 'Forbidden' },
        { 'www-authenticate': 'Bearer realm="x", error="insufficient_scope", scope="experiments"' },
      ),
    );
    const error = failure(
      await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(error).toMatchObject({ kind: 'scope', scope: 'experiments', status: 403 });
    expect(error.message).toContain('lacks the scope "experiments" that findExperiments needs');
    // Without a challenge, the scopes the token response named tell which one is missing.
    const t = stubClient(() => json(403, { message: 'Forbidden' }), {
      token: () => tokenReply(3600, undefined, 'enrollments partnerapis'),
    });
    expect(
      failure(await t.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })),
    ).toMatchObject({
      kind: 'scope',
      scope: 'experiments',
    });
    // A 403 with every scope granted is the API key.
    const k = stubClient(() => json(403, { message: 'Forbidden' }));
    const keyError = failure(
      await k.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(keyError.kind).toBe('forbidden');
    expect(keyError.message).toContain('x-api-key');
  });
});

describe('results and failures', () => {
  it('keep the status, X-Http-Request-Id and time', async () => {
    const s = stubClient((_r, i) =>
      i === 0
        ? json(200, { results: [] }, { 'x-http-request-id': 'rid-1' })
        : json(400, {
            'error-code': 'validation-failed',
            message: 'bad',
            details: { diagnostics: [{ code: 'EN004' }] },
          }),
    );
    const ok = await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    expect(ok.ok && ok.meta).toMatchObject({
      status: 200,
      requestId: 'rid-1',
      time: '2026-03-01T12:00:00.000Z',
      operationId: 'findExperiments',
      attempts: 1,
    });
    const error = failure(
      await s.client.createEnrollment({
        type: 'program',
        body: { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL },
      }),
    );
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      requestId: 'req-400',
      time: '2026-03-01T12:00:00.000Z',
      errorCode: 'validation-failed',
      diagnostics: [{ code: 'EN004' }],
      outcomeUnknown: false,
    });
    expect(error.message).toContain('request id req-400');
    expect(s.requests).toHaveLength(2); // a 400 is never retried
  });

  it("give a refusal's diagnostics as Diagnostics, leaving out what is not one", async () => {
    const s = stubClient(() =>
      json(400, {
        'error-code': 'validation-failed',
        message: 'bad',
        details: {
          diagnostics: [
            { code: 'EN004', severity: 'warning', message: 'no such program', location: { path: ['body'] } },
            'not a diagnostic',
            { message: 'no code' },
            { code: 'SD001', severity: 'fatal' },
          ],
        },
      }),
    );
    const error = failure(
      await s.client.createEnrollment({
        type: 'program',
        body: { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL },
      }),
    );
    const diagnostics: Diagnostic[] = error.diagnostics ?? [];
    expect(diagnostics.map((d) => [d.code, d.severity, d.message, d.location])).toEqual([
      ['EN004', 'warning', 'no such program', { path: ['body'] }],
      ['SD001', 'error', '', {}],
    ]);
  });
});

describe('time-outs and cancellation', () => {
  const realClient = (handle: () => StubReply): { client: ServiceClient; calls: () => number } => {
    const stub = stubFetch(handle);
    return {
      client: new ServiceClient({
        ...BASES,
        clientId: SECRETS.clientId,
        clientSecret: SECRETS.clientSecret,
        apiKey: SECRETS.apiKey,
        fetch: stub.fetch,
        now: () => new Date(),
        sleep: sleepWithTimers,
        random: Math.random,
        timeoutMs: 30,
        backoff: { baseMs: 1, maxAttempts: 3 },
      }),
      calls: () => stub.requests.length,
    };
  };

  it('a read that times out is tried again, then reported unavailable', async () => {
    const { client, calls } = realClient(() => ({ hang: true }));
    const error = failure(await client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }));
    expect(error).toMatchObject({ kind: 'unavailable', attempts: 3, outcomeUnknown: false });
    expect(error.message).toContain('no answer within the time-out');
    expect(calls()).toBe(3);
  });

  it('a create that times out is not sent again: its outcome is unknown', async () => {
    const { client, calls } = realClient(() => ({ hang: true }));
    const error = failure(
      await client.createEnrollment({
        type: 'program',
        body: { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL },
      }),
    );
    expect(error).toMatchObject({ kind: 'outcome-unknown', outcomeUnknown: true, attempts: 1 });
    expect(calls()).toBe(1);
  });

  it('stops when the caller aborts', async () => {
    const { client } = realClient(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = client.findExperiments(
      { experimentEnrollmentId: IDS.experimentEnrollment },
      { signal: controller.signal, timeoutMs: 10_000 },
    );
    setTimeout(() => controller.abort(), 20);
    expect(failure(await pending)).toMatchObject({ kind: 'cancelled' });
    // Also while waiting for an access token that does not come.
    const stub = stubFetch(findOk, () => ({ hang: true }));
    const waiting = new ServiceClient({
      ...BASES,
      clientId: SECRETS.clientId,
      clientSecret: SECRETS.clientSecret,
      apiKey: SECRETS.apiKey,
      fetch: stub.fetch,
      now: () => new Date(),
      sleep: sleepWithTimers,
      random: Math.random,
      timeoutMs: 300,
      backoff: { maxAttempts: 1 },
    });
    const stop = new AbortController();
    const started = Date.now();
    const pendingToken = waiting.findExperiments(
      { experimentEnrollmentId: IDS.experimentEnrollment },
      { signal: stop.signal },
    );
    setTimeout(() => stop.abort(), 20);
    expect(failure(await pendingToken).kind).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(5000);
    const already = await client.findExperiments(
      { experimentEnrollmentId: IDS.experimentEnrollment },
      { signal: AbortSignal.abort() },
    );
    expect(failure(already).kind).toBe('cancelled');
  });
});

describe('secrets', () => {
  it('appear in no failure message, url or event, whatever the service echoes', async () => {
    const echo = `${SECRETS.clientSecret} ${SECRETS.apiKey} ${SECRETS.accessToken} ${SECRETS.sharingKey}`;
    const s = stubClient(() => ({ status: 500, body: `<html>${echo}</html>` }), {
      backoff: { baseMs: 1, maxAttempts: 2 },
    });
    // A sharing key is known to the client from its first use on (it cannot redact one it was never given).
    const results = [
      await s.client.getAgronomicDataResultsV3({
        sharingKey: SECRETS.sharingKey,
        resourceType: 'application/vnd.oada.pp.as-applied',
      }),
      await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
      await s.client.createExperiment({
        body: { experimentEnrollmentId: IDS.experimentEnrollment, name: 'x', temporalEntity: TEMPORAL },
      }),
    ];
    const text = JSON.stringify({ results, events: s.events });
    expect(results.every((r) => !r.ok)).toBe(true);
    for (const secret of Object.values(SECRETS).filter((v) => v !== SECRETS.clientId))
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
