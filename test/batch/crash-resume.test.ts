/**
 * Crash safety: a real child process runs `fieldgate submit` against a sandbox in this process (its state
 * survives the child), and is killed with SIGKILL at a random point: before it wrote anything, or right
 * after a random line of its journal reached the disk (so requests are in flight, sent without an answer,
 * or answered without their outcome journaled). `fieldgate resume` then finishes the batch. Over every run,
 * the server holds each row's enrollment exactly once (listed through the service): no duplicate, none lost.
 * The sandbox lets duplicate enrollments through, so only reconciliation can keep them out.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBatch, type BatchRow } from '../../core/index.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { ContractRecorder } from '../sandbox/contract.ts';
import { homeEnv, sandboxEnv } from '../support/cli-io.ts';
import {
  describeKill,
  finishAfterKill,
  randomKillPoint,
  rowsTaken,
  season,
  submitUntilKilled,
} from '../support/kill-and-resume.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { serverCounts } from './batch-support.ts';

const RUNS = 24;

function batchText(sandbox: RunningSandbox, run: number): string {
  const d = sandbox.demo;
  const requests: unknown[] = [];
  for (let i = 0; i < 12; i++)
    requests.push({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: {
        experimentProtocolId: d.experimentProtocolIds[i % d.experimentProtocolIds.length],
        temporalEntity: season(crypto.randomUUID()),
      },
    });
  const eeid = d.experimentEnrollmentIds[1 + (run % (d.experimentEnrollmentIds.length - 1))]!;
  requests.push({ method: 'GET', path: `/v5/experiments?experimentEnrollmentId=${eeid}` });
  requests.push({
    method: 'POST',
    path: '/v5/experiments',
    body: { experimentEnrollmentId: eeid, name: `Trial ${run}`, temporalEntity: season(d.temporalIds[0]!) },
  });
  for (let i = 0; i < 5; i++)
    requests.push({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'location' },
      body: {
        experimentId: '00000000-0000-4000-8000-000000000000',
        locationId: crypto.randomUUID(),
        experimentLocationStatus: 'NOMINATED',
        temporalEntity: season(d.temporalIds[0]!),
      },
    });
  return JSON.stringify(requests, null, 1);
}

describe('kill -9 at random points, then resume', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  const contract = new ContractRecorder();
  beforeAll(async () => {
    sandbox = await startSandbox({
      onExchange: contract.onExchange,
      duplicateEnrollments: 'allow',
      faults: 'latency-ms=2-25,error-rate=0.03,reset-after-rate=0.03',
      seed: 3,
    });
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-crash-'));
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`never duplicates or loses a row over ${RUNS} runs`, { timeout: 90_000 }, async () => {
    const random = seededRandom(20261124);
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...homeEnv(dir), ...sandboxEnv(sandbox) };
    const before = await serverCounts(sandbox, []);
    sandbox.setFaults('latency-ms=2-25,error-rate=0.03,reset-after-rate=0.03');
    const allRows: BatchRow[] = [];
    const outcomes: string[] = [];
    const logs: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const text = batchText(sandbox, run);
      const batch = join(dir, `batch-${run}.json`);
      writeFileSync(batch, text);
      allRows.push(
        ...(await prepareBatch({ files: [{ name: 'batch.json', bytes: new TextEncoder().encode(text) }] }))
          .rows,
      );
      const journal = join(dir, `batch-${run}.jsonl`);
      const kill = randomKillPoint(random, { ms: 300, lines: 40 });
      const how = await submitUntilKilled(
        [batch, '--profile', 'env', '--journal', journal, '--concurrency', '4', '--rate', '1000'],
        env,
        journal,
        kill,
      );
      outcomes.push(describeKill(how, kill));
      const { code, io } = await finishAfterKill({
        journal,
        env,
        cwd: dir,
        submitArgs: [batch, '--profile', 'env', '--rate', '1000'],
        resumeArgs: ['--concurrency', '4', '--rate', '1000'],
      });
      logs.push(io.text(), existsSync(journal) ? readFileSync(journal, 'utf8') : '');
      expect(code, `run ${run} (${outcomes[run]}): ${io.text()}`).toBe(0);
      expect(rowsTaken(journal)).toBe(19);
    }
    expect(outcomes.filter((o) => o.startsWith('killed')).length).toBeGreaterThanOrEqual(20);
    // Some kills left creates sent without an answer: resume settled them by listing, not by re-sending.
    const journals = logs.join('\n');
    expect(journals).toContain('"how":"reconciled"');
    expect(journals).toContain('"type":"resumed"');

    const after = await serverCounts(sandbox, allRows);
    const wrong = after.perRow.map((n, i) => ({ n, i })).filter((x) => x.n !== 1);
    expect(wrong).toEqual([]);
    expect(after.total - before.total).toBe(RUNS * 17);

    const requestProblems = contract.reports.flatMap((r) =>
      r.requestProblems.map((p) => `${r.method} ${r.url}: ${p}`),
    );
    expect(requestProblems).toEqual([]);
    const visible = logs.join('\n');
    for (const secret of [sandbox.demo.clientSecret, sandbox.demo.apiKey, ...sandbox.service.tokens.keys()])
      expect(visible.includes(secret)).toBe(false);
  });
});
