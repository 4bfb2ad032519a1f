/**
 * A heavy field upload (1,200 self-crossing polygons, 12 MB) is checked off the request loop: while it is
 * being validated the sandbox answers a token request, and the upload itself gets its 400 with
 * diagnostics. The client runs in a worker thread of its own, so its timing does not depend on the
 * sandbox's event loop.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { benchBoundaries, benchFieldUpload } from '../../core/geometry/field-upload-bench-data.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { OFF_THREAD_BYTES } from '../../sandbox/validation-worker.ts';
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

it('answers a token request while a heavy upload is being validated', async () => {
  const body = benchFieldUpload(benchBoundaries('ragged', 1200, 11));
  expect(body.length).toBeGreaterThan(OFF_THREAD_BYTES);
  const d = sandbox.demo;
  const worker = new Worker(client, {
    eval: true,
    workerData: {
      body,
      uploadUrl: `${sandbox.urls.legacyBaseUrl}/v2/fields`,
      uploadHeaders: { ...s.legacy, 'content-type': 'application/json', 'x-user-name': d.userNames[0] ?? '' },
      tokenUrl: sandbox.urls.tokenUrl,
      tokenBody: `grant_type=client_credentials&client_id=${d.clientId}&client_secret=${d.clientSecret}`,
    },
  });
  const result = await new Promise<ClientResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
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
