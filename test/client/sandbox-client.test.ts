/**
 * The client against the sandbox over real HTTP: a happy path through every operation of the OpenAPI
 * document, a token that expires (and a sandbox that forgets its tokens) mid-run, 429 storms with
 * Retry-After, the quota, the sandbox's 304 for an empty list, and every request the client sends validated
 * against openapi/partner-service.yaml with ajv (test/sandbox/contract.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceOperations } from '../../openapi/generated/operations.ts';
import {
  RateLimiter,
  ServiceClient,
  systemIo,
  type ClientEvent,
  type ClientOptions,
  type ClientResult,
} from '../../core/client/index.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';
import { ContractRecorder } from '../sandbox/contract.ts';

const examples = new URL('../../examples/', import.meta.url);

function value<T>(result: ClientResult<T>): T {
  if (!result.ok) throw new Error(`expected success: ${result.error.message}`);
  return result.value;
}

/** Apply the safe text edits of diagnostics (as a refusal's details.diagnostics carry them). */
function applySafeFixes(text: string, diagnostics: unknown[]): string {
  const edits = diagnostics.flatMap((d) => {
    const fix = (d as { fix?: { safety?: string; edits?: { start: number; end: number; text: string }[] } })
      .fix;
    return fix?.safety === 'safe' ? (fix.edits ?? []) : [];
  });
  let out = text;
  let last = Infinity;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    if (edit.end > last) continue; // overlapping: the next pass would take it
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    last = edit.start;
  }
  return out;
}

interface Harness {
  sandbox: RunningSandbox;
  contract: ContractRecorder;
  events: ClientEvent[];
  client(options?: Partial<ClientOptions>): ServiceClient;
}

async function harness(options: SandboxOptions = {}): Promise<Harness> {
  const contract = new ContractRecorder();
  const sandbox = await startSandbox({ onExchange: contract.onExchange, ...options });
  const events: ClientEvent[] = [];
  return {
    sandbox,
    contract,
    events,
    client: (extra = {}) =>
      new ServiceClient({
        authUrl: sandbox.urls.authUrl,
        baseUrl: sandbox.urls.baseUrl,
        legacyBaseUrl: sandbox.urls.legacyBaseUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        apiKey: sandbox.demo.apiKey,
        ...systemIo(),
        backoff: { baseMs: 20, capMs: 500 },
        onEvent: (e) => events.push(e),
        ...extra,
      }),
  };
}

/** Every request the client sent conforms to the document; every answer too. */
function expectConforming(h: Harness): void {
  const requestProblems = h.contract.reports.flatMap((r) =>
    r.requestProblems.map((p) => `${r.method} ${r.url}: ${p}`),
  );
  expect(requestProblems).toEqual([]);
  expect(h.contract.violations()).toEqual([]);
}

describe('a happy path through every operation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.sandbox.close());

  it('succeeds, and every request matches the document', async () => {
    const client = h.client();
    const d = h.sandbox.demo;
    // Fresh temporal ids: the seed already enrolls its first program in its first season.
    const temporalEntity = {
      dimensionality: 'INDIVIDUAL' as const,
      id: crypto.randomUUID(),
      temporalPeriodTypeName: 'GrowingSeason',
    };
    const experimentProtocolId = d.experimentProtocolIds[0] ?? '';

    const program = value(
      await client.createEnrollment({ type: 'program', body: { experimentProtocolId, temporalEntity } }),
    );
    const enrollmentId = program.id ?? '';
    expect(program.enrollment?.enrollmentStatus).toBe('APPROVED');
    expect(value(await client.getEnrollment({ type: 'program', enrollmentId })).recordType).toBe('program');
    const list = value(await client.listEnrollments({ type: 'program', experimentProtocolId }));
    expect(list.results.map((e) => e.id)).toContain(enrollmentId);
    const slash = value(
      await client.listEnrollments({ type: 'program', experimentProtocolId, trailingSlash: true }),
    );
    expect(slash.results).toHaveLength(list.results.length);
    const later = { ...temporalEntity, id: crypto.randomUUID() };
    const updated = value(
      await client.updateEnrollment({ type: 'program', enrollmentId, body: { temporalEntity: later } }),
    );
    expect(updated.enrollment?.temporalEntity).toMatchObject({ id: later.id });

    const existing = value(
      await client.findExperiments({ experimentEnrollmentId: d.experimentEnrollmentIds[0] ?? '' }),
    );
    expect(existing.results).toHaveLength(1);
    const none = value(
      await client.findExperiments({ experimentEnrollmentId: d.experimentEnrollmentIds[1] ?? '' }),
    );
    expect(none.results).toEqual([]);
    const experiment = value(
      await client.createExperiment({
        body: {
          experimentEnrollmentId: d.experimentEnrollmentIds[1] ?? '',
          name: 'North trial',
          temporalEntity,
        },
      }),
    );
    const experimentId = experiment.id ?? '';
    const byLocation = value(
      await client.createEnrollment({
        type: 'location',
        body: {
          experimentId,
          experimentLocationStatus: 'NOMINATED',
          locationId: d.locationIds[0] ?? '',
          temporalEntity,
        },
      }),
    );
    expect(
      value(await client.listAllEnrollments({ type: 'location', experimentId })).results.map((e) => e.id),
    ).toEqual([byLocation.id]);
    expect(value(await client.removeEnrollment({ type: 'program', enrollmentId }))).toEqual({});
    const gone = await client.getEnrollment({ type: 'program', enrollmentId });
    expect(gone.ok ? 'found' : gone.error.kind).toBe('not-found');

    const sharingKey = d.sharingKeys[0] ?? '';
    const urls = value(
      await client.getAgronomicDataUrlsV2({ sharingKey, resourceType: 'application/vnd.oada.pp.as-planted' }),
    );
    expect(urls.urls.length).toBeGreaterThan(0);
    const files = value(
      await client.getAgronomicDataResultsV3({
        sharingKey,
        resourceType: 'application/vnd.oada.pp.as-planted',
      }),
    );
    expect(files.results[0]).toMatchObject({ url: expect.any(String), modifiedTime: expect.any(String) });

    const userName = d.userNames[0] ?? 'grower@example.test';
    const fields = JSON.parse(readFileSync(new URL('fields/clean-fields.json', examples), 'utf8')) as {
      fields: { clientName: string; farmName: string; name: string; boundary: string }[];
    };
    const uploaded = await client.uploadFieldsV2({ userName, body: fields });
    expect(value(uploaded).entitiesCreated).toBe(fields.fields.length);
    const zip = new Uint8Array(readFileSync(new URL('rx/two-zone-rx.zip', examples)));
    expect(value(await client.uploadRxV2({ userName, file: zip })).fileSize).toBe(zip.byteLength);
    // The lab's file spells units the service's way only after the safe fixes the refusal carries.
    let xml = readFileSync(new URL('soil/a-and-l-lab-result.xml', examples), 'utf8');
    const sampleDate = '2021-09-24T15:00:00.000Z';
    const refused = await client.uploadModusResultV2({
      userName,
      sampleDate,
      file: new TextEncoder().encode(xml),
    });
    expect(refused.ok ? undefined : refused.error).toMatchObject({
      kind: 'rejected',
      errorCode: 'validation-failed',
    });
    xml = applySafeFixes(xml, refused.ok ? [] : (refused.error.diagnostics ?? []));
    const file = new TextEncoder().encode(xml);
    const soil = await client.uploadModusResultV2({ userName, sampleDate, file });
    expect(value(soil).fileSize).toBe(file.byteLength);

    const exercised = new Set(h.contract.reports.map((r) => r.operationId));
    expect(Object.keys(serviceOperations).filter((id) => !exercised.has(id))).toEqual([]);
    expectConforming(h);
  });
});

describe('tokens over real HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ faults: 'token-ttl=1' });
  });
  afterAll(() => h.sandbox.close());

  it('a token expiring mid-run is renewed ahead of time; a sandbox that forgot its tokens gets one retry', async () => {
    const client = h.client();
    const find = { experimentEnrollmentId: h.sandbox.demo.experimentEnrollmentIds[0] ?? '' };
    for (let i = 0; i < 6; i++) {
      expect((await client.findExperiments(find)).ok).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const tokens = h.contract.reports.filter((r) => r.operationId === 'requestToken').length;
    expect(tokens).toBeGreaterThanOrEqual(2);
    h.sandbox.setFaults('token-ttl=3600');
    expect((await client.findExperiments(find)).ok).toBe(true);
    h.sandbox.reset(); // A31: old tokens answer 401
    const after = await client.findExperiments(find);
    expect(after.ok).toBe(true);
    expect(h.contract.reports.some((r) => r.status === 401)).toBe(true);
    expectConforming(h);
  });

  it('wrong credentials give a clear credentials error without the secret', async () => {
    const client = h.client({ clientSecret: 'not-the-secret-value' });
    const result = await client.findExperiments({
      experimentEnrollmentId: h.sandbox.demo.experimentEnrollmentIds[0] ?? '',
    });
    expect(result.ok ? 'ok' : result.error.kind).toBe('credentials');
    expect(JSON.stringify(result)).not.toContain('not-the-secret-value');
  });

  it('a token without a scope the operation needs is reported naming the scope', async () => {
    const client = h.client({ scope: 'enrollments partnerapis' });
    const result = await client.findExperiments({
      experimentEnrollmentId: h.sandbox.demo.experimentEnrollmentIds[0] ?? '',
    });
    expect(result.ok ? undefined : result.error).toMatchObject({
      kind: 'scope',
      scope: 'experiments',
      status: 403,
    });
  });
});

describe('429 storms and the quota over real HTTP', () => {
  let h: Harness;
  afterEach(() => h.sandbox.close());

  it('a 429 storm with Retry-After: every request ends well, the bucket slows down', async () => {
    h = await harness({ faults: 'rate=8,burst=2' });
    const limiter = new RateLimiter({ ratePerSecond: 50, burst: 20, ...systemIo() });
    const client = h.client({ limiter, backoff: { baseMs: 20, capMs: 2000, maxAttempts: 10 } });
    const find = { experimentEnrollmentId: h.sandbox.demo.experimentEnrollmentIds[0] ?? '' };
    // Eight at once against a bucket of two: a storm, each of its rounds a second (Retry-After: 1).
    const results = await Promise.all(Array.from({ length: 8 }, () => client.findExperiments(find)));
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.message))).toEqual([]);
    expect(h.contract.reports.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(h.events.some((e) => e.type === 'rate')).toBe(true);
    expect(limiter.ratePerSecond).toBeLessThan(50);
    expectConforming(h);
  }, 30_000);

  it('a client paced under the limit is rarely refused', async () => {
    h = await harness({ faults: 'rate=20,burst=5' });
    const limiter = new RateLimiter({ ratePerSecond: 15, burst: 4, ...systemIo() });
    const client = h.client({ limiter });
    const find = { experimentEnrollmentId: h.sandbox.demo.experimentEnrollmentIds[0] ?? '' };
    const results = await Promise.all(Array.from({ length: 30 }, () => client.findExperiments(find)));
    expect(results.every((r) => r.ok)).toBe(true);
    // Arrival jitter may still let one through the server's bucket at its edge (under 5% here).
    expect(h.contract.reports.filter((r) => r.status === 429).length).toBeLessThanOrEqual(1);
  }, 30_000);

  it('the quota: "Limit Exceeded" is a pause with the time it can go on', async () => {
    h = await harness({ faults: 'quota=2' });
    const client = h.client();
    const find = { experimentEnrollmentId: h.sandbox.demo.experimentEnrollmentIds[0] ?? '' };
    expect((await client.findExperiments(find)).ok).toBe(true); // token + find
    const result = await client.findExperiments(find);
    expect(result.ok ? undefined : result.error).toMatchObject({ kind: 'quota', status: 429 });
    expect(result.ok ? '' : (result.error.retryAt ?? '')).toMatch(/T00:00:00.000Z$/);
  });

  it('an empty list answered 304 (sandbox emptyListStatus, A16) is an empty list', async () => {
    h = await harness({ emptyListStatus: 304 });
    const client = h.client();
    const list = await client.listEnrollments({
      type: 'program',
      experimentProtocolId: h.sandbox.demo.experimentProtocolIds[1] ?? '',
    });
    expect(value(list).results).toEqual([]);
    expect(list.ok && list.meta.status).toBe(304);
    expectConforming(h);
  });

  it('injected 5xx and resets: reads are retried, creates report an unknown outcome', async () => {
    h = await harness({ faults: 'error-rate=0.3,reset-after-rate=0.2,seed=7' });
    const client = h.client({ backoff: { baseMs: 5, capMs: 50, maxAttempts: 12 } });
    const d = h.sandbox.demo;
    const find = { experimentEnrollmentId: d.experimentEnrollmentIds[0] ?? '' };
    for (let i = 0; i < 10; i++) expect((await client.findExperiments(find)).ok).toBe(true);
    const kinds = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const created = await client.createEnrollment({
        type: 'program',
        body: {
          experimentProtocolId: d.experimentProtocolIds[0] ?? '',
          temporalEntity: {
            dimensionality: 'INDIVIDUAL',
            id: crypto.randomUUID(),
            temporalPeriodTypeName: 'GrowingSeason',
          },
        },
      });
      kinds.add(created.ok ? 'created' : created.error.kind);
    }
    expect([...kinds].every((k) => k === 'created' || k === 'outcome-unknown' || k === 'unavailable')).toBe(
      true,
    );
    expect(kinds.has('outcome-unknown')).toBe(true);
    expectConforming(h);
  }, 30_000);
});
