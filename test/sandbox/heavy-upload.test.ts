/**
 * A heavy field upload (1,200 self-crossing polygons, 12 MB) and a heavy Modus soil test (10,000 samples,
 * about 30 MB) are checked off the request loop: while one is being validated the sandbox answers a token
 * request, and the upload itself gets the answer it would get checked in place (400 with its diagnostics).
 * The client runs in a worker thread of its own, so its timing does not depend on the sandbox's event loop.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { benchBoundaries, benchFieldUpload } from '../../core/geometry/field-upload-bench-data.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { buildMultipart } from '../../sandbox/multipart.ts';
import { checkUploadedFile } from '../../sandbox/validation.ts';
import { checksOffThread, OFF_THREAD_BYTES } from '../../sandbox/validation-worker.ts';
import { writeModusResult } from '../support/modus-result-file.ts';
import { session, type Session } from './http.ts';

let sandbox: RunningSandbox;
let s: Session;

beforeAll(async () => {
  sandbox = await startSandbox({ maxBodyBytes: 64 * 1024 * 1024 });
  s = await session(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

/** Sends the upload, 200 ms after its body is sent a token request; reports the answers and their times. */
const client = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
function post(url, headers, body, onSent) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (onSent) req.on('finish', onSent);
    req.end(body);
  });
}
(async () => {
  const order = [];
  let sent;
  const bodySent = new Promise((r) => (sent = r));
  const upload = post(workerData.uploadUrl, workerData.uploadHeaders, workerData.body, () => sent()).then((r) => { order.push('upload'); return r; });
  await bodySent;
  const sentAt = Date.now();
  await new Promise((r) => setTimeout(r, 200));
  const token = await post(workerData.tokenUrl, { 'content-type': 'application/x-www-form-urlencoded' }, workerData.tokenBody);
  order.push('token');
  const tokenMs = Date.now() - sentAt;
  const answer = await upload;
  const uploadMs = Date.now() - sentAt;
  parentPort.postMessage({ order, tokenMs, uploadMs, tokenStatus: token.status, uploadStatus: answer.status, uploadText: answer.text });
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

interface ClientResult {
  order: string[];
  /** From the end of the upload's body to the token's answer, and to the upload's answer. */
  tokenMs: number;
  uploadMs: number;
  tokenStatus: number;
  uploadStatus: number;
  uploadText: string;
  error?: string;
}

/** Uploads `body` to `path` from the client thread, with a token request sent while it is checked. */
async function uploadBesideToken(
  path: string,
  contentType: string,
  body: string | Uint8Array,
): Promise<ClientResult> {
  const d = sandbox.demo;
  const worker = new Worker(client, {
    eval: true,
    workerData: {
      body,
      uploadUrl: `${sandbox.urls.legacyBaseUrl}${path}`,
      uploadHeaders: { ...s.legacy, 'content-type': contentType, 'x-user-name': d.userNames[0] ?? '' },
      tokenUrl: sandbox.urls.tokenUrl,
      tokenBody: `grant_type=client_credentials&client_id=${d.clientId}&client_secret=${d.clientSecret}`,
    },
  });
  const result = await new Promise<ClientResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return result;
}

it('answers a token request while a heavy upload is being validated', async () => {
  const body = benchFieldUpload(benchBoundaries('ragged', 1200, 11));
  expect(body.length).toBeGreaterThan(OFF_THREAD_BYTES);
  const result = await uploadBesideToken('/v2/fields', 'application/json', body);
  expect(result.error).toBeUndefined();
  expect(result.tokenStatus).toBe(200);
  expect(result.order).toEqual(['token', 'upload']);
  // Blocked, the token would wait for the whole validation (seconds) and come just before the upload's
  // answer; off the loop it comes while most of the validation is still to do.
  expect(result.tokenMs).toBeLessThan(result.uploadMs / 2);
  expect(result.uploadStatus).toBe(400);
  const json = JSON.parse(result.uploadText) as { details: { diagnostics: { code: string }[] } };
  expect(json.details.diagnostics.some((x) => x.code === 'GEO004')).toBe(true);
}, 120_000);

it('answers a token request while a heavy Modus soil test is being validated, with the answer checked in place', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-heavy-modus-'));
  try {
    const path = join(dir, 'big-modus.xml');
    const template = readFileSync(
      new URL('../../examples/soil/a-and-l-lab-result.xml', import.meta.url),
      'utf8',
    );
    // Every hundredth sample repeats the number before it: errors to answer, spread through the file.
    writeModusResult(path, template, 10_000, (sample, i) =>
      i % 100 === 99 ? sample.replace(/<SampleNumber>\d+</, `<SampleNumber>${i}<`) : sample,
    );
    const xml = new Uint8Array(readFileSync(path));
    expect(xml.byteLength).toBeGreaterThan(OFF_THREAD_BYTES);
    const form = buildMultipart([
      { name: 'file', filename: 'big-modus.xml', contentType: 'application/xml', data: xml },
    ]);
    const sampleDate = '2021-09-24T15:00:00.000Z';
    const before = checksOffThread;
    const result = await uploadBesideToken(
      `/v2/soil/modus/result?sampleDate=${sampleDate}`,
      form.contentType,
      form.body,
    );
    expect(result.error).toBeUndefined();
    expect(result.tokenStatus).toBe(200);
    expect(result.order).toEqual(['token', 'upload']);
    expect(result.tokenMs).toBeLessThan(result.uploadMs / 2);
    // Checked on the validation worker (the engine yields while it reads a file, so the token came first in
    // place too; there the checks took the request loop's thread and the sandbox's memory).
    expect(checksOffThread - before).toBe(1);
    // The answer is the one the same file gets checked in place.
    const inPlace = await checkUploadedFile(
      'modus-result',
      { name: 'big-modus.xml', bytes: xml },
      { now: new Date(), sampleDate },
    );
    const codes = (list: readonly { code: string; severity: string }[]) =>
      list.filter((x) => x.severity === 'error').map((x) => x.code);
    expect(codes(inPlace).length).toBeGreaterThan(0);
    expect(result.uploadStatus).toBe(400);
    const json = JSON.parse(result.uploadText) as {
      details: { diagnostics: { code: string; severity: string }[] };
    };
    expect(codes(json.details.diagnostics).sort()).toEqual(codes(inPlace).sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
