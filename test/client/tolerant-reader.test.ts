/**
 * The tolerant reader: every alternative docs/assumptions.md lists under "Client must also accept" is
 * accepted, each with a scripted service answering that way (the sandbox's own choices are covered over real
 * HTTP in sandbox-client.test.ts). An answer of unknown shape is a clear failure quoting status and request id.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ClientFailure, type ClientResult } from '../../core/client/index.ts';
import { serviceTimestampToDate } from '../../core/client/service-client.ts';
import { IDS, json, SECRETS, stubClient, TEMPORAL, tokenReply, type StubReply } from './stub-service.ts';

function value<T>(result: ClientResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.message}`);
  return result.value;
}
function failure<T>(result: ClientResult<T>): ClientFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}
function notices<T>(result: ClientResult<T>): string[] {
  return result.ok ? result.meta.notices : [];
}

const programBody = { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL };
const locationBody = {
  experimentId: IDS.experiment,
  experimentLocationStatus: 'NOMINATED',
  locationId: IDS.location,
  temporalEntity: TEMPORAL,
};
const record = {
  id: IDS.enrollment,
  createdAt: '2026-03-01T12:00:00.000',
  updatedAt: '2026-03-01T12:00:00.000',
  dataLegitimacy: 'LEGITIMATE',
  enrollmentStatus: 'APPROVED',
  itemStatus: 'ACTIVE',
  ...programBody,
};
const locationRecord = { ...record, experimentProtocolId: undefined, ...locationBody };
const experiment = {
  id: IDS.experiment,
  experimentEnrollmentId: IDS.experimentEnrollment,
  name: 'Trial',
  experimentStatus: 'INITIATED',
  dataLegitimacy: 'LEGITIMATE',
  itemStatus: 'ACTIVE',
  temporalEntity: TEMPORAL,
  createdAt: '2026-03-01T12:00:00.000',
  updatedAt: '2026-03-01T12:00:00.000',
};
const one = (reply: StubReply) => stubClient(() => reply, { backoff: { baseMs: 1, maxAttempts: 2 } });

describe('docs/assumptions.md', () => {
  it('lists the alternatives tested here', () => {
    const doc = readFileSync(new URL('../../docs/assumptions.md', import.meta.url), 'utf8');
    const ids = [...doc.matchAll(/\| (A\d{2})(?:, A\d{2})* \| ([^|]+) \|$/gm)]
      .filter(([, , accept]) => accept?.trim() !== '—' && !accept?.includes('(the client must require HTTPS'))
      .map(([, id]) => id);
    // Every id with an alternative to accept has a describe block below.
    expect([...new Set(ids)].sort()).toEqual(TESTED.slice().sort());
  });
});

const TESTED: string[] = [];
function accepts(id: string, title: string, fn: () => Promise<void>): void {
  if (!TESTED.includes(id)) TESTED.push(id);
  it(`${id}: ${title}`, fn);
}

describe('the client also accepts', () => {
  accepts('A11', 'other period type names', async () => {
    const s = one(
      json(200, { ...record, temporalEntity: { ...TEMPORAL, temporalPeriodTypeName: 'Harvest2026' } }),
    );
    const got = value(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(got.enrollment.temporalEntity).toMatchObject({ temporalPeriodTypeName: 'Harvest2026' });
  });

  accepts('A10', 'any other status value in responses', async () => {
    const s = one(
      json(200, {
        ...record,
        enrollmentStatus: 'PENDING_REVIEW',
        dataLegitimacy: 'SUSPECT',
        itemStatus: 'ARCHIVED',
      }),
    );
    const got = value(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(got.enrollment).toMatchObject({ enrollmentStatus: 'PENDING_REVIEW', itemStatus: 'ARCHIVED' });
  });

  accepts(
    'A12',
    'missing or extra fields; create by location answered 200, with an empty body, or only id',
    async () => {
      const { createdAt: _c, dataLegitimacy: _d, ...partial } = locationRecord;
      const s = one(json(200, { ...partial, region: 'north' }));
      const got = value(await s.client.getEnrollment({ type: 'location', enrollmentId: IDS.enrollment }));
      expect(got.enrollment).toMatchObject({ id: IDS.enrollment, region: 'north', locationId: IDS.location });
      expect(got.enrollment.createdAt).toBeUndefined();

      const create = (reply: StubReply) =>
        one(reply).client.createEnrollment({ type: 'location', body: locationBody });
      const ok200 = await create(json(200, locationRecord));
      expect(value(ok200).id).toBe(IDS.enrollment);
      expect(notices(ok200).join()).toContain('answered 200, not 201');
      const onlyId = await create(json(201, { id: IDS.enrollment }));
      expect(value(onlyId)).toEqual({ id: IDS.enrollment });
      const empty = await create({
        status: 201,
        headers: { location: `/partner/v5/enrollments/${IDS.enrollment}` },
      });
      expect(value(empty)).toEqual({ id: IDS.enrollment });
      // A Location whose %-escapes do not decode gives no id, and no throw.
      const badLocation = await create({
        status: 201,
        headers: { location: '/partner/v5/enrollments/%E0%A4%A' },
      });
      expect(value(badLocation)).toEqual({});
      expect(notices(badLocation).join()).toContain('does not give the id');
      const nothing = await create({ status: 200 });
      expect(value(nothing)).toEqual({});
      expect(notices(nothing).join()).toContain('does not give the id');
    },
  );

  accepts('A29', 'statuses that change over time', async () => {
    let n = 0;
    const s = stubClient(() =>
      json(200, { ...record, enrollmentStatus: n++ === 0 ? 'SUBMITTED' : 'APPROVED' }),
    );
    const first = value(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    const later = value(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect([first.enrollment.enrollmentStatus, later.enrollment.enrollmentStatus]).toEqual([
      'SUBMITTED',
      'APPROVED',
    ]);
  });

  accepts('A13', 'a record of either type regardless of the header', async () => {
    const s = one(json(200, locationRecord));
    const got = await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment });
    expect(value(got).recordType).toBe('location');
    expect(notices(got).join()).toContain('asked for an enrollment by program, got one by location');
  });

  accepts('A14', 'an update answered 204; an unchanged update being accepted', async () => {
    const s = one({ status: 204 });
    const got = await s.client.updateEnrollment({
      type: 'program',
      enrollmentId: IDS.enrollment,
      body: programBody,
    });
    expect(value(got)).toEqual({});
    expect(got.ok && got.meta.status).toBe(204);
    const unchanged = one(json(200, record));
    expect(
      value(
        await unchanged.client.updateEnrollment({
          type: 'program',
          enrollmentId: IDS.enrollment,
          body: programBody,
        }),
      ).enrollment?.id,
    ).toBe(IDS.enrollment);
  });

  accepts('A15', 'remove answered 200 with the record; a soft delete', async () => {
    const s = one(json(200, { ...record, itemStatus: 'DELETED' }));
    const removed = await s.client.removeEnrollment({ type: 'program', enrollmentId: IDS.enrollment });
    expect(value(removed).enrollment?.itemStatus).toBe('DELETED');
    expect(notices(removed).join()).toContain('answered with the record');
    const gone = one({ status: 204 });
    expect(
      value(await gone.client.removeEnrollment({ type: 'program', enrollmentId: IDS.enrollment })),
    ).toEqual({});
  });

  accepts('A16', 'a bare array; 304 for no results; pages with X-Next-Token', async () => {
    const bare = one(json(200, [record]));
    const list = await bare.client.listEnrollments({ type: 'program', experimentProtocolId: IDS.program });
    expect(value(list).results).toHaveLength(1);
    expect(notices(list).join()).toContain('bare array');
    const none = one({ status: 304, headers: { 'x-http-request-id': 'r' } });
    expect(
      value(await none.client.listEnrollments({ type: 'location', experimentId: IDS.experiment })).results,
    ).toEqual([]);

    const paged = stubClient((r) =>
      r.headers['x-next-token'] === undefined
        ? json(206, { results: [record] }, { 'x-next-token': 'page-2' })
        : json(200, { results: [{ ...record, id: IDS.location }] }),
    );
    const all = value(
      await paged.client.listAllEnrollments({ type: 'program', experimentProtocolId: IDS.program, limit: 1 }),
    );
    expect(all.pages).toBe(2);
    expect(all.results.map((e) => e.id)).toEqual([IDS.enrollment, IDS.location]);
    expect(paged.requests[0]?.headers['x-limit']).toBe('1');
    expect(paged.requests[1]?.headers['x-next-token']).toBe('page-2');
  });

  accepts('A17', 'create experiment answered 200, with only id; a second create succeeding', async () => {
    const body = {
      experimentEnrollmentId: IDS.experimentEnrollment,
      name: 'Trial',
      temporalEntity: TEMPORAL,
    };
    expect(value(await one(json(200, experiment)).client.createExperiment({ body }))).toMatchObject({
      id: IDS.experiment,
      experiment: { name: 'Trial' },
    });
    expect(value(await one(json(201, { id: IDS.experiment })).client.createExperiment({ body }))).toEqual({
      id: IDS.experiment,
    });
    const twice = stubClient(() => json(201, experiment));
    expect(
      (await twice.client.createExperiment({ body })).ok &&
        (await twice.client.createExperiment({ body })).ok,
    ).toBe(true);
  });

  accepts('A03', 'other scope names; a token response without scope', async () => {
    const s = stubClient(() => json(200, { results: [] }), {
      token: () => ({
        status: 200,
        body: { access_token: SECRETS.accessToken, token_type: 'bearer', expires_in: 3600 },
      }),
    });
    const found = await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    expect(found.ok).toBe(true);
    const other = stubClient(() => json(200, { results: [] }), {
      scope: 'partner.enroll.write',
      token: () => tokenReply(3600, undefined, 'partner.enroll.write'),
    });
    // The document's scope names are not required of the token: only a 403 says a scope is missing.
    expect(
      (await other.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })).ok,
    ).toBe(true);
    expect(other.tokenRequests[0]?.body).toBe('grant_type=client_credentials&scope=partner.enroll.write');
  });

  accepts('A06', 'RFC 9457 problem details; 422 instead of 400', async () => {
    const s = one({
      status: 422,
      body: {
        type: 'https://errors.example/validation',
        title: 'Invalid',
        detail: 'locationId is unknown',
        status: 422,
      },
      headers: { 'content-type': 'application/problem+json', 'x-http-request-id': 'p-1' },
    });
    const error = failure(await s.client.createEnrollment({ type: 'program', body: programBody }));
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 422,
      requestId: 'p-1',
      errorCode: 'https://errors.example/validation',
    });
    expect(error.message).toContain('locationId is unknown');
    expect(s.requests).toHaveLength(1);
  });

  accepts('A25', 'smaller limits; 429 at any time', async () => {
    const big = one(json(413, { message: 'Request Too Long' }));
    expect(failure(await big.client.uploadRxV2({ userName: 'u', file: new Uint8Array(10) })).kind).toBe(
      'too-large',
    );
    expect(big.requests).toHaveLength(1);
    let n = 0;
    const s = stubClient(
      () => {
        n++;
        return n === 1 ? json(429, { message: 'Too Many Requests' }) : json(200, { results: [] });
      },
      {
        token: (_r, i) =>
          i === 0 ? json(429, { message: 'Too Many Requests' }, { 'retry-after': '1' }) : tokenReply(),
      },
    );
    expect((await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })).ok).toBe(
      true,
    );
    expect(s.tokenRequests).toHaveLength(2);
    expect(s.requests).toHaveLength(2);
  });

  accepts(
    'A02',
    'bases on different hosts (see client.test.ts: each operation on its own host)',
    async () => {
      const s = stubClient(() => json(200, { urls: [] }));
      await s.client.getAgronomicDataUrlsV2({
        sharingKey: 'k-1234',
        resourceType: 'application/vnd.oada.pp.as-planted',
      });
      expect(new URL(s.requests[0]?.url ?? '').host).toBe('legacy.example.test');
      expect(new URL(s.tokenRequests[0]?.url ?? '').host).toBe('auth.example.test');
    },
  );

  accepts('A05', 'other statuses from proxies; non-JSON error bodies', async () => {
    const s = one({
      status: 502,
      body: '<html><h1>502 Bad Gateway</h1></html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = failure(
      await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(error).toMatchObject({ kind: 'unavailable', status: 502, attempts: 2 });
    expect(error.message).toContain('502 Bad Gateway');
    const teapot = one({ status: 418, body: 'I am a teapot' });
    const odd = failure(
      await teapot.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(odd.kind).toBe('unexpected-response');
    expect(odd.message).toContain('status 418');
  });

  accepts('A07', 'any other error-code; switch on the status first', async () => {
    const s = one(
      json(409, {
        'error-code': 'already-enrolled-elsewhere',
        message: 'dup',
        details: { enrollmentId: IDS.enrollment },
      }),
    );
    const error = failure(await s.client.createEnrollment({ type: 'program', body: programBody }));
    expect(error).toMatchObject({
      kind: 'conflict',
      errorCode: 'already-enrolled-elsewhere',
      existingId: IDS.enrollment,
    });
  });

  accepts('A08', 'no X-Http-Request-Id on version 5 and token responses', async () => {
    const s = stubClient(() => ({ status: 200, body: { results: [] } }), {
      token: () => ({
        status: 200,
        body: { access_token: SECRETS.accessToken, token_type: 'Bearer', expires_in: 60, scope: '' },
      }),
    });
    const got = await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    expect(got.ok && got.meta.requestId).toBeUndefined();
    expect(got.ok).toBe(true);
  });

  accepts('A09', 'timestamps with one to nine fraction digits', async () => {
    const s = one(
      json(200, {
        ...record,
        createdAt: '2026-03-01T12:00:00.1',
        updatedAt: '2026-03-01T12:00:00.123456789',
      }),
    );
    const got = value(await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment }));
    expect(serviceTimestampToDate(String(got.enrollment.createdAt))?.toISOString()).toBe(
      '2026-03-01T12:00:00.100Z',
    );
    expect(serviceTimestampToDate(String(got.enrollment.updatedAt))?.toISOString()).toBe(
      '2026-03-01T12:00:00.123Z',
    );
    expect(serviceTimestampToDate('yesterday')).toBeUndefined();
  });

  accepts(
    'A19',
    'duplicates created silently: a create whose outcome is unknown is never sent twice',
    async () => {
      const s = one({ network: 'ECONNRESET' });
      const error = failure(await s.client.createEnrollment({ type: 'program', body: programBody }));
      expect(error).toMatchObject({ kind: 'outcome-unknown', outcomeUnknown: true });
      expect(s.requests).toHaveLength(1);
    },
  );

  accepts('A18', 'a list of all experiments', async () => {
    const other = { ...experiment, id: IDS.location, experimentEnrollmentId: IDS.program };
    const s = one(json(200, { results: [other, experiment] }));
    const got = await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment });
    expect(value(got).results.map((e) => e.id)).toEqual([IDS.experiment]);
    expect(notices(got).join()).toContain('kept 1 of 2');
  });

  accepts('A20', 'refusals of ids the sandbox accepted', async () => {
    const s = one(
      json(400, { 'error-code': 'unknown-location', message: `Unknown location id ${IDS.location}` }),
    );
    const error = failure(await s.client.createEnrollment({ type: 'location', body: locationBody }));
    expect(error).toMatchObject({ kind: 'rejected', errorCode: 'unknown-location', outcomeUnknown: false });
  });

  accepts('A21', '401 or 403 for a bad sharing key; one code for all three', async () => {
    const query = {
      sharingKey: SECRETS.sharingKey,
      resourceType: 'application/vnd.oada.pp.as-planted' as const,
    };
    const forbidden = one(json(403, { message: 'Forbidden' }));
    expect(failure(await forbidden.client.getAgronomicDataUrlsV2(query)).kind).toBe('sharing-key');
    const unauthorized = one(json(401, { message: 'Unauthorized' }));
    const e401 = failure(await unauthorized.client.getAgronomicDataResultsV3(query));
    expect(e401.kind).toBe('sharing-key');
    expect(e401.message).toContain('the grower must share again');
    const oneCode = one(json(400, { 'error-code': 'sharing-key-invalid', message: 'bad key' }));
    const e400 = failure(await oneCode.client.getAgronomicDataResultsV3(query));
    expect(e400.kind).toBe('sharing-key');
    expect(JSON.stringify(e400)).not.toContain(SECRETS.sharingKey);
  });

  accepts('A22', 'other URL expiry times; other time formats', async () => {
    const s = one(
      json(200, {
        results: [
          { modifiedTime: '1767225600', source: 'combine', url: 'https://files.example/x?X-Amz-Expires=60' },
        ],
      }),
    );
    const got = value(
      await s.client.getAgronomicDataResultsV3({
        sharingKey: 'k-1234',
        resourceType: 'application/vnd.oada.pp.as-harvested',
      }),
    );
    expect(got.results[0]?.modifiedTime).toBe('1767225600');
  });

  accepts('A23', 'fewer entities created than sent', async () => {
    const s = one(json(200, { 'entities-created': 1, message: 'ok' }));
    const field = { clientName: 'C', farmName: 'F', name: 'N', boundary: 'POLYGON((0 0,1 0,1 1,0 0))' };
    const got = await s.client.uploadFieldsV2({
      userName: 'u',
      body: { fields: [field, { ...field, name: 'M' }] },
    });
    expect(value(got)).toEqual({ entitiesCreated: 1, message: 'ok', fieldsSent: 2 });
    expect(notices(got).join()).toContain('1 of 2 fields were created');
  });

  accepts('A24', 'a different recorded file size', async () => {
    const s = one(json(200, { fileSize: 7 }));
    const got = await s.client.uploadModusResultV2({
      userName: 'u',
      sampleDate: '2026-02-01T10:00:00.000Z',
      file: new TextEncoder().encode('<xml/>'),
    });
    expect(value(got)).toEqual({ fileSize: 7, bytesSent: 6 });
    expect(s.requests[0]?.url).toContain('sampleDate=2026-02-01T10%3A00%3A00.000Z');
  });

  accepts('A26', '403 "Missing Authentication Token" for an unknown route', async () => {
    const s = one(json(403, { message: 'Missing Authentication Token' }));
    const error = failure(
      await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('check the base address');
  });

  accepts('A31', '401 at any time: a new token and one retry', async () => {
    let n = 0;
    const s = stubClient(
      () => (n++ === 1 ? json(401, { message: 'Unauthorized' }) : json(200, { results: [] })),
      {
        token: (_r, i) => tokenReply(3600, i),
      },
    );
    for (let i = 0; i < 3; i++)
      expect((await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })).ok).toBe(
        true,
      );
    expect(s.tokenRequests).toHaveLength(2);
  });

  accepts('A32', 'Retry-After absent or present on either 429', async () => {
    let n = 0;
    const s = stubClient(() =>
      n++ === 0 ? json(429, { message: 'Too Many Requests' }) : json(200, { results: [] }),
    );
    expect((await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })).ok).toBe(
      true,
    );
    const quota = one(json(429, { message: 'Limit Exceeded' }, { 'retry-after': '120' }));
    const error = failure(
      await quota.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(error).toMatchObject({ kind: 'quota', retryAt: '2026-03-01T12:02:00.000Z' });
    expect(quota.requests).toHaveLength(1);
  });

  accepts('A33', 'an HTTP-date in Retry-After', async () => {
    let n = 0;
    const s = stubClient(() =>
      n++ === 0
        ? json(503, { message: 'Service Unavailable' }, { 'retry-after': 'Sun, 01 Mar 2026 12:00:07 GMT' })
        : json(200, { results: [] }),
    );
    expect((await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })).ok).toBe(
      true,
    );
    expect(s.time.slept[0]).toBeGreaterThanOrEqual(7000);
    expect(s.time.slept[0]).toBeLessThan(7500);
  });

  accepts('A34', 'no agronomic data answered 304 or 404', async () => {
    const query = { sharingKey: 'k-1234', resourceType: 'application/vnd.oada.pp.as-applied' as const };
    expect(value(await one({ status: 304 }).client.getAgronomicDataUrlsV2(query))).toEqual({ urls: [] });
    const nf = await one(json(404, { message: 'Not Found' })).client.getAgronomicDataResultsV3(query);
    expect(value(nf)).toEqual({ results: [] });
    expect(notices(nf).join()).toContain('answered 404');
  });

  accepts('A35', '415 for a media type', async () => {
    const s = one(json(415, { message: 'Unsupported Media Type' }));
    const error = failure(
      await s.client.createExperiment({
        body: { experimentEnrollmentId: IDS.experimentEnrollment, name: 'x', temporalEntity: TEMPORAL },
      }),
    );
    expect(error).toMatchObject({ kind: 'rejected', status: 415, outcomeUnknown: false });
  });

  accepts('A36', '403 before 401 (a token the gateway takes as expired answered 403)', async () => {
    const s = stubClient(
      (_r, i) => (i < 2 ? json(403, { message: 'Forbidden' }) : json(200, { results: [] })),
      {
        token: (_r, i) => tokenReply(3600, i),
      },
    );
    // A fresh token answered 403 is a real refusal: not renewed.
    const first = failure(
      await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(first.kind).toBe('forbidden');
    expect(s.tokenRequests).toHaveLength(1);
    // Past half its lifetime, a 403 gets one new token and one more try.
    s.time.advance(1900_000);
    expect((await s.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment })).ok).toBe(
      true,
    );
    expect(s.tokenRequests).toHaveLength(2);
  });
});

describe('answers of unknown shape', () => {
  it('become a clear failure quoting status and request id, never a crash', async () => {
    const shapes: StubReply[] = [
      json(200, 'just a string'),
      json(200, { results: 'nope' }),
      json(200, { results: [1, 2] }),
      { status: 200, body: '{"results": [', headers: { 'x-http-request-id': 'trunc-1' } },
      json(200, null),
    ];
    for (const reply of shapes) {
      const error = failure(
        await one(reply).client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
      );
      expect(error.kind).toBe('unexpected-response');
      expect(error.message).toMatch(/status 200, request id (req-200|trunc-1)/);
    }
    const created = failure(
      await one(json(201, ['x'])).client.createEnrollment({ type: 'program', body: programBody }),
    );
    expect(created).toMatchObject({ kind: 'unexpected-response', outcomeUnknown: true });
    const token = stubClient(() => json(200, {}), { token: () => json(200, { token: 'x' }) });
    const noToken = failure(
      await token.client.findExperiments({ experimentEnrollmentId: IDS.experimentEnrollment }),
    );
    expect(noToken.message).toContain('access_token');
  });
});

describe('a JSON answer under another media type', () => {
  it('is read as JSON and said in a notice, once per answer; a JSON media type with parameters is not', async () => {
    const as = (type: string | undefined) =>
      one(json(201, record, type === undefined ? {} : { 'content-type': type })).client.createEnrollment({
        type: 'program',
        body: programBody,
      });
    const html = await as('text/html; charset=utf-8');
    expect(value(html).id).toBe(IDS.enrollment);
    expect(notices(html)).toEqual([
      'the JSON answer came as "text/html; charset=utf-8", not application/json; read as JSON',
    ]);
    for (const type of ['application/json; charset=utf-8', 'application/problem+json', 'Application/JSON'])
      expect(notices(await as(type)), type).toEqual([]);
    // A string body, which fetch's Response labels text/plain.
    const plain = await one({
      status: 200,
      body: JSON.stringify({ 'entities-created': 1, message: 'ok' }),
      headers: { 'x-http-request-id': 'r-1' },
    }).client.uploadFieldsV2({ userName: 'u', body: { fields: [{} as never] } });
    expect(notices(plain)).toEqual([
      'the JSON answer came as "text/plain;charset=UTF-8", not application/json; read as JSON',
    ]);
  });
});

describe('a list whose paging does not end', () => {
  const list = { type: 'program' as const, experimentProtocolId: IDS.program };
  it('ends at an X-Next-Token seen before, and says so', async () => {
    const s = stubClient((r) =>
      json(
        206,
        { results: [{ ...record, id: r.headers['x-next-token'] ?? 'first' }] },
        {
          'x-next-token': r.headers['x-next-token'] === 'b' ? 'a' : r.headers['x-next-token'] ? 'b' : 'a',
        },
      ),
    );
    const all = await s.client.listAllEnrollments(list);
    expect(value(all).results.map((e) => e.id)).toEqual(['first', 'a', 'b']);
    expect(notices(all)).toEqual([
      'page 3 of the list gave an X-Next-Token an earlier page gave; taken as its end',
    ]);
  });

  it('fails after three pages in a row that bring nothing new, each with a fresh token', async () => {
    const s = stubClient((_r, i) => json(206, { results: [record] }, { 'x-next-token': `t${i}` }));
    const error = failure(await s.client.listAllEnrollments(list));
    expect(error.kind).toBe('unexpected-response');
    expect(error.message).toMatch(
      /^listEnrollments: the list does not end: 3 pages in a row brought no record not listed before, each with another X-Next-Token \[status 206, request id req-206, at /,
    );
    expect(error.url).toBe('https://api.example.test/partner/v5/enrollments');
    expect(s.requests).toHaveLength(4);
  });

  it('fails past maxPages pages', async () => {
    const s = stubClient((_r, i) =>
      json(206, { results: [{ ...record, id: `e${i}` }] }, { 'x-next-token': `t${i}` }),
    );
    const error = failure(await s.client.listAllEnrollments({ ...list, maxPages: 50 }));
    expect(error.message).toContain('the list does not end: it went on past 50 pages');
    expect(s.requests).toHaveLength(50);
  });
});
