/**
 * Heavy field uploads (checked off the request loop, sandbox/validation-worker.ts) one after another use the
 * same validation worker, kept warm between them, and each gets its own answer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { benchBoundaries, benchFieldUpload } from '../../core/geometry/field-upload-bench-data.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { OFF_THREAD_BYTES, validationWorkers } from '../../sandbox/validation-worker.ts';
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

it('checks three heavy uploads on one validation worker', async () => {
  const d = sandbox.demo;
  const headers = { ...s.legacy, 'content-type': 'application/json', 'x-user-name': d.userNames[0] ?? '' };
  const started = validationWorkers.started;
  const statuses: number[] = [];
  for (const [kind, seed] of [
    ['ragged', 3],
    ['valid', 4],
    ['ragged', 5],
  ] as const) {
    const body = benchFieldUpload(benchBoundaries(kind, 60, seed));
    expect(body.length).toBeGreaterThan(OFF_THREAD_BYTES);
    const answer = await fetch(`${sandbox.urls.legacyBaseUrl}/v2/fields`, { method: 'POST', headers, body });
    statuses.push(answer.status);
    const text = await answer.text();
    if (kind === 'ragged') {
      const json = JSON.parse(text) as { details: { diagnostics: { code: string }[] } };
      expect(json.details.diagnostics.some((x) => x.code === 'GEO004')).toBe(true);
    }
  }
  expect(statuses[0]).toBe(400);
  expect(statuses[1]).toBeLessThan(300);
  expect(statuses[2]).toBe(400);
  expect(validationWorkers.started - started).toBe(1);
}, 120_000);
