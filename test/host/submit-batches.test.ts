/**
 * Batches submitted from the app against the embedded sandbox: a CSV batch is read row by row as the CLI's
 * submit reads it (each data row one result, with its id, outcome, request id and message), a prescription
 * CSV sends the ZIPs it names (dropped beside it) once each, and the fields of each file go in uploads of
 * their own, so the service refusing one file's upload leaves the clean file's rows sent. Rows that name
 * their receiving user go to that user; only rows that name none need the user the submit screen asks for.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitPreview, SubmitStatus } from '../../host/bridge-api.ts';
import { startEmbeddedSandbox, type StartedSandbox } from '../../host/embedded-sandbox.ts';
import { createHandlers, handleCall, SANDBOX_PROFILE_ID, type Handlers } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';

const root = join(import.meta.dirname, '..', '..');
const example = (path: string) => join(root, 'examples', path);
const base64Of = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
let dir: string;
let sandbox: StartedSandbox;
let handlers: Handlers;

async function callOn(
  on: Handlers,
  method: 'startSubmit' | 'getSubmit',
  request: unknown,
): Promise<SubmitStatus> {
  const answer = await handleCall(on, method, request);
  if (answer.status !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body)}`);
  return answer.body as SubmitStatus;
}

async function submitted(
  files: unknown[],
  options: { on?: Handlers; profileId?: string; userName?: string } = {},
): Promise<SubmitStatus> {
  const on = options.on ?? handlers;
  const started = await callOn(on, 'startSubmit', {
    profileId: options.profileId ?? SANDBOX_PROFILE_ID,
    batch: {
      files: files.map((file) => ({ file })),
      ...(options.userName ? { userName: options.userName } : {}),
    },
    dryRun: false,
  });
  for (let i = 0; i < 400; i++) {
    const status = await callOn(on, 'getSubmit', { runId: started.runId });
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the run did not finish');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-submit-batches-'));
  sandbox = await startEmbeddedSandbox(join(dir, 'sandbox'));
  handlers = createHandlers({
    host: 'test',
    version: 'test',
    examplesDir: join(root, 'examples'),
    dataDir: join(dir, 'data'),
    secrets: memorySecretBox(),
    emit: () => undefined,
    openExternal: async () => true,
    sandbox: sandbox.demo,
  });
});

afterAll(async () => {
  await sandbox.sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CSV batches from the app', () => {
  it('gives every data row of a fields CSV its own result: clean rows sent with request ids, the rest invalid', async () => {
    const status = await submitted([{ path: example('csv/fields-with-problems.csv') }]);
    expect(status.state).toBe('finished');
    const dataRows =
      readFileSync(example('csv/fields-with-problems.csv'), 'utf8').trim().split('\n').length - 1;
    expect(status.rows).toHaveLength(dataRows);
    expect(status.rows.map((r) => r.row)).toEqual(Array.from({ length: dataRows }, (_, i) => i + 1));
    const sent = status.rows.filter((r) => r.outcome === 'uploaded');
    const invalid = status.rows.filter((r) => r.outcome === 'skipped');
    expect(sent.length).toBeGreaterThan(0);
    expect(invalid.length).toBeGreaterThan(0);
    expect(sent.length + invalid.length).toBe(dataRows);
    for (const r of sent) {
      expect(r).toMatchObject({ file: 'fields-with-problems.csv', operation: 'uploadFields' });
      expect(r.requestId).toEqual(expect.any(String));
      expect(r.message).toMatch(/created/);
    }
    // Row 1 is clean; row 2's polygon is not closed: it stays back, saying why.
    expect(status.rows[0]!.outcome).toBe('uploaded');
    expect(status.rows[1]).toMatchObject({ outcome: 'skipped', message: expect.stringMatching(/WKT\d{3}/) });
    // The clean rows of one user go in one upload: one request id for them all.
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(1);

    // The results CSV is the CLI's: each row's own cells, then id, status, request id and message.
    const exported = await handleCall(handlers, 'exportReport', {
      source: { runId: status.runId },
      format: 'csv',
    });
    const lines = (exported.body as { text: string }).text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'file,row,clientName,farmName,name,boundary,acres,source,userName,id,outcome,http status,error code,request id,message,anomalies,notices',
    );
    expect(lines).toHaveLength(dataRows + 1);
    expect(lines[1]).toMatch(/^fields-with-problems\.csv,1,Smith Farms,Home Farm,North 40,/);
    expect(lines[1]).toContain(`,uploaded,200,,${sent[0]!.requestId},`);
    expect(lines[2]).toMatch(/,skipped for errors,,,,.*WKT\d{3}/);
  });

  it('sends the prescriptions a CSV names from the files dropped with it, each once', async () => {
    const user = sandbox.demo.userNames[0]!;
    const csv = `file,userName\ntwo-zone-rx.zip,${user}\nnot-dropped.zip,${user}\n`;
    const status = await submitted([
      { name: 'prescriptions.csv', contentBase64: base64Of(csv) },
      { name: 'two-zone-rx.zip', contentBase64: base64Of(readFileSync(example('rx/two-zone-rx.zip'))) },
    ]);
    // Two CSV rows; the ZIP is sent by its row, not again as a file of its own.
    expect(status.rows).toHaveLength(2);
    expect(status.rows[0]).toMatchObject({
      file: 'prescriptions.csv',
      operation: 'uploadRx',
      outcome: 'uploaded',
      requestId: expect.any(String),
    });
    expect(status.rows[1]!.outcome).not.toBe('uploaded');
    expect(status.rows[1]!.message).toMatch(/not-dropped\.zip/);
  });
});

describe('field uploads of several files', () => {
  it('sends each file in an upload of its own: one refused does not fail the clean one', async () => {
    // Both files have the same fields: in one upload the service refuses them as duplicates.
    const clean = base64Of(readFileSync(example('fields/clean-fields.json')));
    const status = await submitted([
      { name: 'clean-fields.json', contentBase64: clean },
      { name: 'again.json', contentBase64: clean },
    ]);
    const byFile = (file: string) => status.rows.filter((r) => r.file === file);
    expect(byFile('clean-fields.json').length).toBeGreaterThan(0);
    expect(byFile('clean-fields.json').every((r) => r.outcome === 'uploaded')).toBe(true);
    const requestIds = new Set(status.rows.map((r) => r.requestId));
    expect(requestIds.size).toBe(2);
  });
});

describe('receiving users', () => {
  const ring = (x: number) =>
    `"POLYGON ((${x} 42.03, ${x + 0.01} 42.03, ${x + 0.01} 42.04, ${x} 42.04, ${x} 42.03))"`;
  // Rows 1 and 2 name their users; row 3 names none.
  const csv = [
    'clientName,farmName,name,boundary,acres,source,userName',
    `Smith Farms,Home Farm,North 40,${ring(-93.65)},,survey,grower.demo@example.com`,
    `Smith Farms,Home Farm,East 40,${ring(-93.62)},,survey,demo.grower`,
    `Smith Farms,Home Farm,West 40,${ring(-93.68)},,survey,`,
  ].join('\n');
  const withUsers = { name: 'fields.csv', contentBase64: base64Of(csv) };
  const allNamed = { name: 'named.csv', contentBase64: base64Of(csv.split('\n').slice(0, 3).join('\n')) };
  const upload = {
    name: 'clean-fields.json',
    contentBase64: base64Of(readFileSync(example('fields/clean-fields.json'))),
  };
  /** X-User-Name of every upload the service got, by the field names in it. */
  let sentTo: { userName: string; body: string }[];
  let production: Handlers;
  let profileId: string;

  beforeAll(async () => {
    sentTo = [];
    production = createHandlers({
      host: 'test',
      version: 'test',
      examplesDir: join(root, 'examples'),
      dataDir: join(dir, 'production'),
      secrets: memorySecretBox(),
      emit: () => undefined,
      openExternal: async () => true,
      fetch: async (url, init) => {
        const user = init.headers['X-User-Name'] ?? init.headers['x-user-name'];
        if (user !== undefined) sentTo.push({ userName: user, body: String(init.body ?? '') });
        return fetch(url, init);
      },
    });
    // A real service profile (no sandbox default user), pointed at the local sandbox.
    const d = sandbox.demo;
    const saved = await handleCall(production, 'saveProfile', {
      name: 'Production',
      authUrl: d.authUrl,
      baseUrl: d.baseUrl,
      legacyBaseUrl: d.legacyBaseUrl,
      clientId: d.clientId,
      clientSecret: d.clientSecret,
      apiKey: d.apiKey,
    });
    profileId = (saved.body as { profile: { id: string } }).profile.id;
  });

  it('lists the users rows name, and the rows that name none', async () => {
    const answer = await handleCall(production, 'previewSubmit', {
      batch: { files: [{ file: withUsers }, { file: upload }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body as SubmitPreview).toMatchObject({
      rows: 4,
      // Rows 3 and 4 wait for a user.
      sendable: 2,
      users: [
        { userName: 'grower.demo@example.com', rows: 1 },
        { userName: 'demo.grower', rows: 1 },
      ],
      // The CSV's row 3, and the field upload's field (row 4 of the batch).
      rowsWithoutUser: [3, 4],
    });
    // Given one, every row is sent, and the summary says so.
    const withUser = (
      await handleCall(production, 'previewSubmit', {
        batch: { files: [{ file: withUsers }, { file: upload }], userName: 'demo.grower' },
      })
    ).body as SubmitPreview;
    expect(withUser).toMatchObject({ sendable: 4, rowsWithoutUser: [3, 4] });
    expect(withUser.summary).toMatch(/^4 rows: 4 will be sent/);
    expect(
      (await handleCall(production, 'previewSubmit', { batch: { files: [{ file: allNamed }] } })).body,
    ).toMatchObject({
      rowsWithoutUser: [],
    });
  });

  it('sends each CSV row to its own user with no user asked, on a real service profile', async () => {
    sentTo.length = 0;
    const status = await submitted([allNamed], { on: production, profileId });
    expect(status.rows.map((r) => [r.outcome, r.userName])).toEqual([
      ['uploaded', 'grower.demo@example.com'],
      ['uploaded', 'demo.grower'],
    ]);
    expect(sentTo.map((s) => s.userName).sort()).toEqual(['demo.grower', 'grower.demo@example.com']);
    expect(sentTo.find((s) => s.userName === 'demo.grower')!.body).toContain('East 40');
  });

  it('refuses rows that name no user when none is given, sending nothing; the given user gets only those', async () => {
    sentTo.length = 0;
    // Without a user for them, the rows that name none are not sent (each says why); the others are.
    const without = await submitted([withUsers, upload], { on: production, profileId });
    expect(without.rows.map((r) => [r.row, r.outcome])).toEqual([
      [1, 'uploaded'],
      [2, 'uploaded'],
      [3, 'skipped'],
      [4, 'skipped'],
    ]);
    expect(without.rows[2]!.message).toMatch(/no receiving user/);
    expect(sentTo.map((s) => s.userName).sort()).toEqual(['demo.grower', 'grower.demo@example.com']);
    sentTo.length = 0;

    const status = await submitted([withUsers, upload], {
      on: production,
      profileId,
      userName: 'agronomist.demo@example.com',
    });
    expect(status.rows.map((r) => [r.row, r.outcome, r.userName])).toEqual([
      [1, 'uploaded', 'grower.demo@example.com'],
      [2, 'uploaded', 'demo.grower'],
      [3, 'uploaded', 'agronomist.demo@example.com'],
      [4, 'uploaded', 'agronomist.demo@example.com'],
    ]);
    const given = sentTo.filter((s) => s.userName === 'agronomist.demo@example.com');
    expect(given.map((s) => s.body).join(' ')).toMatch(/West 40/);
    expect(given.map((s) => s.body).join(' ')).not.toContain('East 40');
    expect(sentTo.find((s) => s.userName === 'grower.demo@example.com')!.body).toContain('North 40');
  });
});

describe('notices', () => {
  it('gives each row what was read tolerantly, on screen and in the HTML report', async () => {
    // A service that answers creates with JSON under text/plain: read all the same, and said per row.
    const plainJson: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (init?.method !== 'POST' || !String(input).includes('/v5/enrollments')) return answer;
      const headers = new Headers(answer.headers);
      headers.set('content-type', 'text/plain');
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers });
    };
    const on = createHandlers({
      host: 'test',
      version: 'test',
      examplesDir: join(root, 'examples'),
      dataDir: join(dir, 'data-notices'),
      secrets: memorySecretBox(),
      emit: () => undefined,
      openExternal: async () => true,
      sandbox: sandbox.demo,
      fetch: plainJson,
    });
    const status = await submitted(
      [
        {
          name: 'enroll.json',
          contentBase64: base64Of(readFileSync(example('requests/enroll-by-program.json'))),
        },
      ],
      { on },
    );
    expect(status.state).toBe('finished');
    const [row] = status.rows;
    expect(row?.outcome).toBe('created');
    expect(row?.notices).toEqual([
      'the JSON answer came as "text/plain", not application/json; read as JSON',
    ]);
    const report = await handleCall(on, 'exportReport', { format: 'html', source: { runId: status.runId } });
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body)).toContain('notice: the JSON answer came as');
  });
});
