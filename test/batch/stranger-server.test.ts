/**
 * A stranger's server: `fieldgate submit`, `resume` and `agronomic-data` against a generic mock built from
 * openapi/partner-service.yaml alone (test/support/openapi-mock.ts), not against our sandbox. Its answers are
 * sampled from the document's schemas with a seed: schema-valid, and so mostly impossible for the requests
 * they answer (a created enrollment of another program, the record of another id); twists make others (an
 * unknown enum value, extra fields, another status or media type, no request id, a list that omits what
 * exists, a dropped connection).
 *
 * Each command runs through the command line's own entry (`main`), in this process. Whatever the runner
 * finds impossible (StepOutcome.anomalies) and whatever the client's tolerant reader accepted (notices)
 * reaches the results CSV, `status --json` and the journal; a batch with an impossible answer never finishes
 * clean (exit 5), and one whose every answer is consistent does (exit 0).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import Papa from 'papaparse';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { replayJournal, type StepOutcome } from '../../core/index.ts';
import { startOpenApiMock, type MockAnswer, type OpenApiMock, type Twist } from '../support/openapi-mock.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { captureIo, homeEnv, serviceEnv } from '../support/cli-io.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const root = join(import.meta.dirname, '..', '..');
const documentPath = join(root, 'openapi/partner-service.yaml');
const SERVER_PATHS = { auth_url: '', base_url: '/stranger/v5-base', legacy_base_url: '/stranger/legacy' };

const PROGRAMS = ['0b7e2c4a-1d3f-4e5a-8b6c-7d8e9f0a1b2c', '1c8f3d5b-2e4a-4f6b-9c7d-8e9f0a1b2c3d'];
const SEASON = '2d9a4e6c-3f5b-4a7c-8d8e-9f0a1b2c3d4e';
const EXPERIMENT_ENROLLMENT = '3eab5f7d-4a6c-4b8d-9e9f-0a1b2c3d4e5f';
const READ_ID = '4fbc6a8e-5b7d-4c9e-8f0a-1b2c3d4e5f6a';
const UPDATE_ID = '5acd7b9f-6c8e-4d0f-9a1b-2c3d4e5f6a7b';
const REMOVE_ID = '6bde8cae-7d9f-4e1a-8b2c-3d4e5f6a7b8c';
const USER = 'grower@example.com';
const LOCATION = '7c0e9dbf-8eaf-4f2b-9c3d-4e5f6a7b8c9d';
/** The id a request names for the experiment found or created earlier in the batch. */
const BATCH_EXPERIMENT_ID = '00000000-0000-4000-8000-000000000000';

const season = { dimensionality: 'INDIVIDUAL', id: SEASON, temporalPeriodTypeName: 'GrowingSeason' };
const createBody = (program: string) => ({ experimentProtocolId: program, temporalEntity: season });

/**
 * One request of each kind the batch runner sends (rows 1-8; the experiment's find and create are one step, before the enrollment by location that needs it),
 * then a field upload and a prescription.
 */
const REQUESTS = [
  ...PROGRAMS.map((program) => ({
    method: 'POST',
    path: '/v5/enrollments',
    headers: { 'x-enrollment-type': 'program' },
    body: createBody(program),
  })),
  { method: 'GET', path: `/v5/experiments?experimentEnrollmentId=${EXPERIMENT_ENROLLMENT}` },
  {
    method: 'POST',
    path: '/v5/experiments',
    body: { experimentEnrollmentId: EXPERIMENT_ENROLLMENT, name: 'Strip trial', temporalEntity: season },
  },
  {
    method: 'POST',
    path: '/v5/enrollments',
    headers: { 'x-enrollment-type': 'location' },
    // The experiment the batch finds or creates.
    body: {
      experimentId: BATCH_EXPERIMENT_ID,
      experimentLocationStatus: 'NOMINATED',
      locationId: LOCATION,
      temporalEntity: season,
    },
  },
  { method: 'GET', path: `/v5/enrollments/${READ_ID}`, headers: { 'x-enrollment-type': 'program' } },
  {
    method: 'PUT',
    path: `/v5/enrollments/${UPDATE_ID}`,
    headers: { 'x-enrollment-type': 'program' },
    body: { experimentProtocolId: PROGRAMS[1] },
  },
  { method: 'DELETE', path: `/v5/enrollments/${REMOVE_ID}`, headers: { 'x-enrollment-type': 'program' } },
];
const FIELDS = join(root, 'examples/fields/clean-fields.json');
const RX = join(root, 'examples/rx/two-zone-rx.zip');
const RX_BYTES = statSync(RX).size;

let dir: string;
let mock: OpenApiMock | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-stranger-'));
  writeFileSync(join(dir, 'requests.json'), JSON.stringify(REQUESTS));
});
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function io(server: OpenApiMock) {
  return captureIo({
    cwd: dir,
    env: {
      ...homeEnv(dir),
      ...serviceEnv(
        {
          authUrl: server.urlOf('auth_url'),
          baseUrl: server.urlOf('base_url'),
          legacyBaseUrl: server.urlOf('legacy_base_url'),
        },
        {
          clientId: 'stranger-client',
          clientSecret: 'stranger-secret-0123456789',
          apiKey: 'stranger-api-key-0123456789',
        },
      ),
    },
  });
}

/** The answers a server that did what it was asked would give the uploads (the mock cannot know them). */
const CONSISTENT_UPLOADS: Record<string, Twist> = {
  uploadFieldsV2: (a, r) => ({
    ...a,
    body: { ...(a.body as object), 'entities-created': (r.json as { fields: unknown[] }).fields.length },
  }),
  uploadRxV2: (a) => ({ ...a, body: { ...(a.body as object), fileSize: RX_BYTES } }),
};

async function submit(server: OpenApiMock, ...extra: string[]): Promise<{ code: number; text: string }> {
  const run = io(server);
  const code = await main(
    [
      'submit',
      'requests.json',
      FIELDS,
      RX,
      '--user-name',
      USER,
      '--profile',
      'env',
      '--journal',
      join(dir, 'batch.jsonl'),
      ...extra,
    ],
    run,
  );
  return { code, text: run.text() };
}

interface ResultRow {
  file: string;
  row: string;
  id: string;
  outcome: string;
  anomalies: string;
  notices: string;
}

/** The results CSV as rows by column name. */
function resultsRows(): ResultRow[] {
  const text = readFileSync(join(dir, 'batch.results.csv'), 'utf8').replace(/^\uFEFF/, '');
  return Papa.parse<ResultRow>(text, { header: true, skipEmptyLines: true }).data;
}

/** Each step's last outcome in the journal, with the anomalies later `anomaly` lines gave it. */
function journalOutcomes(): StepOutcome[] {
  const replayed = replayJournal(readFileSync(join(dir, 'batch.jsonl'), 'utf8'));
  return [...replayed.steps.values()].flatMap((s) => (s.outcome ? [s.outcome] : []));
}

interface StatusRow {
  row: number;
  status: string;
  inDoubt?: boolean;
  anomalies?: string[];
  notices?: string[];
}

async function statusJson(server: OpenApiMock): Promise<{ code: number; rows: StatusRow[] }> {
  const run = io(server);
  const code = await main(['status', join(dir, 'batch.jsonl'), '--json'], run);
  return { code, rows: (JSON.parse(run.text()) as { rows: StatusRow[] }).rows };
}

/**
 * Every anomaly and every notice the journal holds is in the results CSV (in the anomalies or notices cell
 * of a row of its step) and in `status --json`; a row with an anomaly is anomalous in all three.
 */
async function expectEverythingReported(
  server: OpenApiMock,
): Promise<{ anomalies: string[]; notices: string[] }> {
  const csv = resultsRows();
  const status = await statusJson(server);
  const anomalies = journalOutcomes().flatMap((o) => o.anomalies ?? []);
  const notices = journalOutcomes().flatMap((o) => o.notices ?? []);
  for (const anomaly of anomalies) {
    expect(
      csv.some((r) => r.anomalies.includes(anomaly) && r.outcome === 'anomalous'),
      anomaly,
    ).toBe(true);
    expect(
      status.rows.some((r) => r.status === 'anomalous' && r.anomalies?.includes(anomaly)),
      anomaly,
    ).toBe(true);
  }
  for (const notice of notices) {
    expect(
      csv.some((r) => r.notices.includes(notice)),
      notice,
    ).toBe(true);
    expect(
      status.rows.some((r) => r.notices?.includes(notice)),
      notice,
    ).toBe(true);
  }
  // And nothing in the results that the journal does not hold.
  for (const r of csv) {
    if (r.anomalies) expect(anomalies.some((a) => r.anomalies.includes(a))).toBe(true);
    if (r.outcome === 'anomalous') expect(r.anomalies).not.toBe('');
  }
  if (anomalies.length > 0) expect(status.code).toBe(5);
  return { anomalies, notices };
}

/** The daily quota used up: the batch stops, resumable. */
const QUOTA: MockAnswer = {
  status: 429,
  headers: { 'Content-Type': 'application/json', 'X-Http-Request-Id': 'q-1' },
  body: { message: 'Limit Exceeded' },
};

const startMock = async (options: { seed: number; keepRequest?: boolean; twists?: Record<string, Twist> }) =>
  (mock = await startOpenApiMock({ documentPath, serverPaths: SERVER_PATHS, ...options }));

describe('the generic mock', () => {
  it('answers every operation of the document with a body and headers its schemas accept, the same for a seed', async () => {
    const document = parseYaml(readFileSync(documentPath, 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: 'doc' });
    const check = (ref: string, value: unknown): string => {
      const validate = ajv.getSchema(`doc#${ref}`) ?? ajv.compile({ $ref: `doc#${ref}` });
      return validate(value) ? '' : `${ref}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value)}`;
    };
    const calls: [string, string, string][] = [
      ['POST', '/api/oauth/token', '/components/schemas/TokenResponse'],
      ['POST', '/stranger/v5-base/v5/enrollments', '/components/schemas/Enrollment'],
      ['GET', '/stranger/v5-base/v5/enrollments', '/components/schemas/EnrollmentList'],
      ['GET', `/stranger/v5-base/v5/enrollments/${READ_ID}`, '/components/schemas/Enrollment'],
      ['GET', '/stranger/v5-base/v5/experiments', '/components/schemas/ExperimentList'],
      ['POST', '/stranger/v5-base/v5/experiments', '/components/schemas/Experiment'],
      ['GET', '/stranger/legacy/v2/agronomic-data', '/components/schemas/AgronomicDataUrls'],
      ['GET', '/stranger/legacy/v3/agronomic-data', '/components/schemas/AgronomicDataResults'],
      ['POST', '/stranger/legacy/v2/fields', '/components/schemas/FieldUploadResult'],
    ];
    const answers = async (seed: number): Promise<string[]> => {
      const server = await startOpenApiMock({ documentPath, serverPaths: SERVER_PATHS, seed });
      const out: string[] = [];
      try {
        for (let round = 0; round < 8; round++)
          for (const [method, path, ref] of calls) {
            const res = await fetch(server.origin + path, { method });
            const text = await res.text();
            expect(res.headers.get('x-http-request-id'), path).toBeTruthy();
            expect(res.headers.get('content-type'), path).toBe('application/json');
            expect(check(ref, JSON.parse(text))).toBe('');
            out.push(`${res.status} ${text}`);
          }
        expect(server.seen.filter((s) => s === 'unrouted')).toEqual([]);
      } finally {
        await server.close();
      }
      return out;
    };
    const first = await answers(11);
    expect(await answers(11)).toEqual(first);
    expect(await answers(12)).not.toEqual(first);
  });
});

describe('fieldgate submit against a stranger', () => {
  it('reports answers sampled from the document alone as impossible, row by row, never clean (exit 5)', async () => {
    const server = await startMock({ seed: 24 });
    const { code, text } = await submit(server);
    expect(code, text).toBe(5);
    const csv = resultsRows();
    expect(csv).toHaveLength(REQUESTS.length + 2);
    const row = (file: string, n: number): ResultRow =>
      csv.find((r) => r.file === file && r.row === String(n))!;
    // Each create is answered with some record: not the program, season or type asked for.
    for (const n of [1, 2])
      expect(row('requests.json', n).anomalies).toMatch(
        /the service answered the create with (experimentProtocolId|temporalEntity)|answered a record of an enrollment by location/,
      );
    for (const n of [3, 4])
      expect(row('requests.json', n).anomalies).toMatch(
        /the service answered the create with experimentEnrollmentId/,
      );
    expect(row('requests.json', 5).anomalies).toMatch(
      /the service answered the create with (experimentId|locationId|temporalEntity)|answered a record of an enrollment by program/,
    );
    expect(row('requests.json', 6).anomalies).toContain(`not of ${READ_ID} as asked`);
    expect(row('requests.json', 7).anomalies).toContain(`not of ${UPDATE_ID} as asked`);
    // A 204 to a removal is what the document says; nothing there is impossible.
    expect(row('requests.json', 8).outcome).toBe('removed');
    expect(row('clean-fields.json', 1).anomalies).toMatch(/fields sent were created/);
    expect(row('two-zone-rx.zip', 1).anomalies).toMatch(new RegExp(`bytes; ${RX_BYTES} were sent`));
    expect(csv.filter((r) => r.outcome === 'anomalous')).toHaveLength(REQUESTS.length + 1);
    expect(text).toMatch(new RegExp(`^${REQUESTS.length + 2} rows: .*${REQUESTS.length + 1} anomalous`, 'm'));
    const { anomalies } = await expectEverythingReported(server);
    expect(anomalies.length).toBeGreaterThanOrEqual(REQUESTS.length + 1);
    expect(server.seen).not.toContain('unrouted');
  });

  it('finishes clean (exit 0) when every answer is consistent with its request: the anomalies are the answers', async () => {
    const server = await startMock({ seed: 24, keepRequest: true, twists: CONSISTENT_UPLOADS });
    const { code, text } = await submit(server);
    expect(code, text).toBe(0);
    const csv = resultsRows();
    expect(csv.map((r) => r.outcome)).toEqual([
      'created',
      'created',
      'created',
      'created',
      'created',
      'read',
      'updated',
      'removed',
      'uploaded',
      'uploaded',
    ]);
    expect(csv.every((r) => r.anomalies === '')).toBe(true);
    const { anomalies } = await expectEverythingReported(server);
    expect(anomalies).toEqual([]);
  });

  it('finds each deliberately impossible answer, and says what it read tolerantly, in the results, status and journal', async () => {
    const other = seededRandom(5);
    const twisted = (a: MockAnswer, body: Record<string, unknown>): MockAnswer => ({
      ...a,
      body: { ...(a.body as object), ...body },
    });
    const server = await startMock({
      seed: 7,
      keepRequest: true,
      twists: {
        // A token without a lifetime or scopes (RFC 6749 makes both optional).
        requestToken: (a) => ({ ...a, body: { access_token: 'stranger-token', token_type: 'Bearer' } }),
        createEnrollment: (a, r, tools) =>
          r.index === 0
            ? // Created, it says, for a program nobody asked for.
              twisted(a, { experimentProtocolId: tools.sample('Uuid') })
            : r.index === 1
              ? // A dimensionality outside the document's, and fields it does not declare.
                twisted(a, {
                  temporalEntity: { ...season, dimensionality: 'DIAGONAL' },
                  cropZone: 'north',
                  revision: 3,
                })
              : // The enrollment by location answered with a record of an enrollment by program.
                { ...a, body: tools.sample('EnrollmentByProgram') },
        // The find answers an experiment of another experimentEnrollmentId (read tolerantly: left out, A18).
        findExperiments: (a, _r, tools) => ({ ...a, body: { results: [tools.sample('Experiment')] } }),
        // A created experiment answered 200 with only its id, as text/html, and the id is not a UUID:
        // readable, but not as documented.
        createExperiment: (a) => ({
          ...a,
          status: 200,
          headers: { ...a.headers, 'Content-Type': 'text/html' },
          body: { id: 'EXP-42' },
        }),
        // 200 for an enrollment never created: the record of another.
        getEnrollment: (a, _r, tools) => twisted(a, { id: tools.sample('Uuid') }),
        // The update answered with the record as it was: the old program.
        updateEnrollment: (a) => twisted(a, { experimentProtocolId: PROGRAMS[0] }),
        // The removal answered 200 with the record of another enrollment.
        removeEnrollment: (a, _r, tools) => ({
          ...a,
          status: 200,
          headers: { ...a.headers, 'Content-Type': 'application/json' },
          body: tools.sample('EnrollmentByProgram', {
            id: `7cef9dbf-8eaf-4f2b-9c3d-${other().toString(16).slice(2, 14).padEnd(12, '0')}`,
          }),
        }),
        // Extra fields are fine; an answer without X-Http-Request-Id is not.
        uploadFieldsV2: (a, r) => {
          const { 'X-Http-Request-Id': _id, ...headers } = a.headers;
          return {
            ...a,
            headers,
            body: {
              'entities-created': (r.json as { fields: unknown[] }).fields.length,
              message: 'ok',
              batch: 'x',
            },
          };
        },
        // The size sent, without a media type.
        uploadRxV2: (a) => {
          const { 'Content-Type': _type, ...headers } = a.headers;
          return { ...a, headers, body: { fileSize: RX_BYTES } };
        },
      },
    });
    const { code, text } = await submit(server, '--concurrency', '1');
    expect(code, text).toBe(5);
    const csv = resultsRows();
    const row = (file: string, n: number): ResultRow =>
      csv.find((r) => r.file === file && r.row === String(n))!;
    expect(row('requests.json', 1).anomalies).toMatch(
      new RegExp(
        `the service answered the create with experimentProtocolId "[0-9a-f-]{36}", not "${PROGRAMS[0]}" as sent`,
      ),
    );
    expect(row('requests.json', 2).anomalies).toBe(
      'the service answered the create with temporalEntity.dimensionality "DIAGONAL", not "INDIVIDUAL" as sent',
    );
    // Readable, so done, but each difference from the document is said.
    expect(row('requests.json', 4).outcome).toBe('created');
    expect(row('requests.json', 4).notices).toContain('the create was answered 200, not 201');
    expect(row('requests.json', 4).notices).toContain(
      'the id of the created experiment, "EXP-42", is not a UUID',
    );
    expect(row('requests.json', 4).id).toBe('EXP-42');
    expect(row('requests.json', 3).notices).toContain(
      'the answer held experiments of other experimentEnrollmentIds; kept 0 of 1 (A18)',
    );
    expect(row('requests.json', 5).anomalies).toMatch(
      /^asked to create an enrollment by location, the service answered a record of an enrollment by program; /,
    );
    expect(row('requests.json', 4).notices).toContain(
      'the JSON answer came as "text/html", not application/json',
    );
    expect(row('requests.json', 6).anomalies).toMatch(
      new RegExp(
        `the service answered with the record of enrollment [0-9a-f-]{36}, not of ${READ_ID} as asked`,
      ),
    );
    expect(row('requests.json', 7).anomalies).toBe(
      `the service answered the update with experimentProtocolId "${PROGRAMS[0]}", not "${PROGRAMS[1]}" as sent`,
    );
    expect(row('requests.json', 8).anomalies).toMatch(/the record of enrollment 7cef9dbf-8eaf-4f2b-9c3d-/);
    expect(row('requests.json', 8).notices).toContain('the remove (A15) was answered with the record');
    expect(row('clean-fields.json', 1).anomalies).toBe(
      'the answer carries no X-Http-Request-Id (every answer of this interface does)',
    );
    expect(row('two-zone-rx.zip', 1).outcome).toBe('uploaded');
    expect(row('two-zone-rx.zip', 1).notices).toBe(
      'the JSON answer came without a Content-Type; read as JSON',
    );
    expect(text).toMatch(/rows? answered otherwise than the service's document says, read tolerantly/);
    // The token's notices belong to no row: said once each on the terminal.
    expect(text.match(/^notice: the token response was read tolerantly: .*$/gm)).toEqual([
      'notice: the token response was read tolerantly: the token response has no expires_in; the token is renewed after 5 minutes',
      'notice: the token response was read tolerantly: the token response names no scope (A03)',
    ]);
    const { notices } = await expectEverythingReported(server);
    expect(notices.length).toBeGreaterThanOrEqual(4);
    // status (which sends nothing) says the same from the journal.
    const said = io(server);
    expect(await main(['status', join(dir, 'batch.jsonl')], said)).toBe(5);
    expect(said.text()).toMatch(/^10 rows: .*7 anomalous/m);
    expect(said.text()).toMatch(
      /^4 rows answered otherwise than the service's document says, read tolerantly/m,
    );
    const status = await statusJson(server);
    expect(status.rows.map((r) => [r.row, r.status])).toEqual([
      [1, 'anomalous'],
      [2, 'anomalous'],
      [3, 'done'],
      [4, 'done'],
      [5, 'anomalous'],
      [6, 'anomalous'],
      [7, 'anomalous'],
      [8, 'anomalous'],
      [9, 'anomalous'],
      [10, 'done'],
    ]);
  });
});

describe('fieldgate resume against a stranger', () => {
  it('reconciles with a list that omits what exists, and says so when the service then answers 409', async () => {
    const server = await startMock({
      seed: 3,
      keepRequest: true,
      twists: {
        // The first create is answered by a dropped connection (applied or not: unknown), the next by the quota.
        createEnrollment: (_a, r) => (r.index === 0 ? 'drop' : QUOTA),
      },
    });
    writeFileSync(join(dir, 'requests.json'), JSON.stringify(REQUESTS.slice(0, 2)));
    const run = io(server);
    const journal = join(dir, 'batch.jsonl');
    const first = await main(
      ['submit', 'requests.json', '--profile', 'env', '--journal', journal, '--concurrency', '1'],
      run,
    );
    expect(first, run.text()).toBe(3);
    expect(run.text()).toContain('resume with: fieldgate resume');
    const existing = '8d0fae0c-9fb0-4a3c-8d4e-5f6a7b8c9d0e';
    server.setTwists({
      // A list of other enrollments: the one the dropped create made is not in it.
      // The create sent again: it exists (409), with its id; reading it gives the row's own record.
      createEnrollment: (a, r) =>
        (r.json as { experimentProtocolId: string }).experimentProtocolId === PROGRAMS[0]
          ? {
              status: 409,
              headers: { 'Content-Type': 'application/json', 'X-Http-Request-Id': 'c-409' },
              body: {
                'error-code': 'enrollment-exists',
                message: 'exists',
                details: { enrollmentId: existing },
              },
            }
          : a,
      getEnrollment: (a, r) => ({
        ...a,
        body: {
          ...(a.body as object),
          ...createBody(PROGRAMS[0]!),
          id: r.pathParams.enrollmentId,
          itemStatus: 'ACTIVE',
        },
      }),
    });
    const again = io(server);
    const code = await main(['resume', journal, '--concurrency', '1'], again);
    expect(code, again.text()).toBe(5);
    const csv = resultsRows();
    expect(csv.map((r) => r.outcome)).toEqual(['anomalous', 'created']);
    expect(csv[0]!.anomalies).toContain(
      `its list of the enrollments of program ${PROGRAMS[0]} did not hold it before it was sent again`,
    );
    expect(server.seen.filter((s) => s === 'listEnrollments')).toHaveLength(1);
    await expectEverythingReported(server);
  });
  it('stops with the row still in doubt when the list that would reconcile it does not end (no create sent twice)', async () => {
    const server = await startMock({
      seed: 4,
      keepRequest: true,
      // The create's connection dropped (applied or not: unknown); the list that would tell, over quota.
      twists: { createEnrollment: () => 'drop', listEnrollments: () => QUOTA },
    });
    writeFileSync(join(dir, 'requests.json'), JSON.stringify(REQUESTS.slice(0, 1)));
    const journal = join(dir, 'batch.jsonl');
    const run = io(server);
    expect(await main(['submit', 'requests.json', '--profile', 'env', '--journal', journal], run)).toBe(3);
    // Every page says more follow, with a token never seen before, and brings the same records.
    server.setTwists({
      listEnrollments: (a, r) => ({
        ...a,
        status: 206,
        headers: { ...a.headers, 'X-Next-Token': `page-${r.index + 2}` },
        body: { results: [] },
      }),
    });
    const again = io(server);
    const code = await main(['resume', journal], again);
    expect(code, again.text()).toBe(3);
    expect(again.text()).toMatch(
      /stopped: rows sent without an answer cannot be reconciled, the list of what exists cannot be read: listEnrollments: the list does not end: 3 pages in a row brought no record/,
    );
    expect(server.seen.filter((s) => s === 'createEnrollment')).toHaveLength(1);
    expect(server.seen.filter((s) => s === 'listEnrollments')).toHaveLength(1 + 3);
    const status = await statusJson(server);
    expect(status.rows).toMatchObject([{ row: 1, status: 'pending', inDoubt: true }]);
  });
});

describe('fieldgate agronomic-data against a stranger', () => {
  let storage: Server;
  let storageUrl: string;
  const FILE = Buffer.from('planted,data\n'.repeat(100));
  beforeEach(async () => {
    storage = createServer((req, res) => {
      if (req.url?.startsWith('/short')) {
        // States more than it sends, then closes.
        res.writeHead(200, { 'content-length': String(FILE.length + 10) });
        res.write(FILE, () => res.destroy());
        return;
      }
      res.writeHead(200, { 'content-length': String(FILE.length) });
      res.end(FILE);
    });
    await new Promise<void>((r) => storage.listen(0, '127.0.0.1', r));
    storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    storage.closeAllConnections();
    await new Promise((r) => storage.close(r));
  });

  it('lists what the document allows, says what it read tolerantly, and downloads only what it may', async () => {
    const server = await startMock({
      seed: 9,
      twists: {
        getAgronomicDataResultsV3: (a) => {
          const results = (a.body as { results: { url: string }[] }).results;
          // A bare array as text/plain; each file at object storage on this machine, one elsewhere over plain
          // HTTP (refused before any connection), one whose storage sends less than it says.
          const urls = [
            `${storageUrl}/files/first.csv?sig=1`,
            'http://files.example.com/second.csv?sig=2',
            `${storageUrl}/short/third.csv?sig=3`,
          ];
          return {
            ...a,
            headers: { ...a.headers, 'Content-Type': 'text/plain' },
            body: urls.map((url, i) => ({ ...(results[i] ?? { modifiedTime: 'x', source: 'y' }), url })),
          };
        },
      },
    });
    const run = io(server);
    const code = await main(
      [
        'agronomic-data',
        '--sharing-key',
        'KEY-1234',
        '--type',
        'planted',
        '--download',
        'out',
        '--profile',
        'env',
      ],
      run,
    );
    const text = run.text();
    expect(code, text).toBe(1);
    expect(text).toContain('notice: the list was read tolerantly: the list came as a bare array (A16)');
    expect(text).toContain('notice: the list was read tolerantly: the JSON answer came as "text/plain"');
    expect(text).toMatch(/first\.csv: 1300 bytes, size verified/);
    expect(text).toMatch(/second\.csv: not downloaded: .*http:\/\/files\.example\.com\/second\.csv/);
    expect(text).toMatch(
      /third\.csv: not downloaded: the download of http:\/\/127\.0\.0\.1:\d+\/short\/third\.csv\?… broke off/,
    );
    expect(readFileSync(join(dir, 'out', 'first.csv'))).toEqual(FILE);
    expect(() => statSync(join(dir, 'out', 'third.csv'))).toThrow();
    expect(text).not.toContain('KEY-1234');
    expect(text).not.toContain('sig=');
  });

  it('lists the sampled answer of the document as it is (nothing fetched without --download)', async () => {
    const server = await startMock({ seed: 9 });
    const run = io(server);
    expect(
      await main(['agronomic-data', '--sharing-key', 'K', '--type', 'harvested', '--profile', 'env'], run),
    ).toBe(0);
    expect(run.text()).toMatch(/^\d+ shared harvested files?$/m);
    expect(run.text()).not.toContain('notice: the list was read tolerantly');
    expect(server.seen).toEqual(['requestToken', 'getAgronomicDataResultsV3']);
  });
});
