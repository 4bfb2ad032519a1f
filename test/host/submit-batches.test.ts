/**
 * Batches submitted from the app against the embedded sandbox: a CSV batch is read row by row as the CLI's
 * submit reads it (each data row one result, with its id, outcome, request id and message), a prescription
 * CSV sends the ZIPs it names (dropped beside it) once each, and the fields of each file go in uploads of
 * their own, so the service refusing one file's upload leaves the clean file's rows sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitStatus } from '../../host/bridge-api.ts';
import { startEmbeddedSandbox, type StartedSandbox } from '../../host/embedded-sandbox.ts';
import { createHandlers, handleCall, SANDBOX_PROFILE_ID, type Handlers } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';

const root = join(import.meta.dirname, '..', '..');
const example = (path: string) => join(root, 'examples', path);
const base64Of = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
let dir: string;
let sandbox: StartedSandbox;
let handlers: Handlers;

async function call(method: 'startSubmit' | 'getSubmit', request: unknown): Promise<SubmitStatus> {
  const answer = await handleCall(handlers, method, request);
  if (answer.status !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body)}`);
  return answer.body as SubmitStatus;
}

async function submitted(files: unknown[]): Promise<SubmitStatus> {
  const started = await call('startSubmit', { profileId: SANDBOX_PROFILE_ID, files, dryRun: false });
  for (let i = 0; i < 400; i++) {
    const status = await call('getSubmit', { runId: started.runId });
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
    const sent = status.rows.filter((r) => r.outcome === 'sent');
    const invalid = status.rows.filter((r) => r.outcome === 'invalid');
    expect(sent.length).toBeGreaterThan(0);
    expect(invalid.length).toBeGreaterThan(0);
    expect(sent.length + invalid.length).toBe(dataRows);
    for (const r of sent) {
      expect(r).toMatchObject({ file: 'fields-with-problems.csv', operation: 'uploadFields' });
      expect(r.requestId).toEqual(expect.any(String));
      expect(r.message).toMatch(/created/);
    }
    // Row 1 is clean; row 2's polygon is not closed: it stays back, saying why.
    expect(status.rows[0]!.outcome).toBe('sent');
    expect(status.rows[1]).toMatchObject({ outcome: 'invalid', message: expect.stringMatching(/WKT\d{3}/) });
    // The clean rows of one user go in one upload: one request id for them all.
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(1);

    // The results CSV is the CLI's: each row's own cells, then id, status, request id and message.
    const exported = await handleCall(handlers, 'exportReport', {
      source: { runId: status.runId },
      format: 'csv',
    });
    const lines = (exported.body as { text: string }).text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'file,clientName,farmName,name,boundary,acres,source,userName,id,status,request id,message',
    );
    expect(lines).toHaveLength(dataRows + 1);
    expect(lines[1]).toMatch(/^fields-with-problems\.csv,Smith Farms,Home Farm,North 40,/);
    expect(lines[1]).toContain(`,done,${sent[0]!.requestId},`);
    expect(lines[2]).toMatch(/,invalid,,.*WKT\d{3}/);
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
      outcome: 'sent',
      requestId: expect.any(String),
    });
    expect(status.rows[1]!.outcome).not.toBe('sent');
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
    expect(byFile('clean-fields.json').every((r) => r.outcome === 'sent')).toBe(true);
    const requestIds = new Set(status.rows.map((r) => r.requestId));
    expect(requestIds.size).toBe(2);
  });
});
