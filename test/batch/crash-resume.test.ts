/**
 * Crash safety: a real child process runs `fieldgate submit` against a sandbox in this process (its state
 * survives the child), and is killed with SIGKILL at a random point: before it wrote anything, or right
 * after a random line of its journal reached the disk (so requests are in flight, sent without an answer,
 * or answered without their outcome journaled). `fieldgate resume` then finishes the batch. Over every run,
 * the server holds each row's enrollment exactly once (listed through the service): no duplicate, none lost.
 * The sandbox lets duplicate enrollments through, so only reconciliation can keep them out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBatch, replayJournal, type BatchRow } from '../../core/index.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { resumeCommand } from '../../cli/commands/resume.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { ContractRecorder } from '../sandbox/contract.ts';
import { serverCounts } from './batch-support.ts';
import { captureIo } from '../support/cli-io.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = 24;

/** A small seeded generator: a failing run can be repeated. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function batchText(sandbox: RunningSandbox, run: number): string {
  const d = sandbox.demo;
  const season = (id: string) => ({
    dimensionality: 'INDIVIDUAL',
    id,
    temporalPeriodTypeName: 'GrowingSeason',
  });
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

function lineCount(path: string): number {
  if (!existsSync(path)) return 0;
  const text = readFileSync(path, 'utf8');
  return text.split('\n').length - 1;
}

/** Run `fieldgate submit` in a child and SIGKILL it once the journal has `killAt` lines (or after `ms`). */
function submitAndKill(
  args: string[],
  env: NodeJS.ProcessEnv,
  journal: string,
  kill: { lines: number } | { ms: number },
): Promise<'killed' | 'exited'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'cli/bin/fieldgate.js'), 'submit', ...args], {
      env,
      stdio: 'ignore',
    });
    let done = false;
    const finish = (how: 'killed' | 'exited'): void => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      resolve(how);
    };
    const killNow = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const poll = setInterval(() => {
      if ('lines' in kill && lineCount(journal) >= kill.lines) killNow();
    }, 1);
    const timer = setTimeout(killNow, 'ms' in kill ? kill.ms : 30_000);
    child.on('exit', (code, signal) =>
      finish(signal === 'SIGKILL' ? 'killed' : code === null ? 'killed' : 'exited'),
    );
  });
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
    const random = prng(20261124);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      FIELDGATE_AUTH_URL: sandbox.urls.authUrl,
      FIELDGATE_BASE_URL: sandbox.urls.baseUrl,
      FIELDGATE_LEGACY_BASE_URL: sandbox.urls.legacyBaseUrl,
      FIELDGATE_CLIENT_ID: sandbox.demo.clientId,
      FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
      FIELDGATE_API_KEY: sandbox.demo.apiKey,
    };
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
      // Some kills land before the journal exists; the rest right after a random journal line.
      const kill =
        random() < 0.15 ? { ms: Math.floor(random() * 300) } : { lines: 1 + Math.floor(random() * 40) };
      const how = await submitAndKill(
        [batch, '--profile', 'env', '--journal', journal, '--concurrency', '4', '--rate', '1000'],
        env,
        journal,
        kill,
      );
      outcomes.push(`${how}@${'ms' in kill ? `${kill.ms}ms` : `line ${kill.lines}`}`);
      let planned = false;
      try {
        planned = existsSync(journal) && replayJournal(readFileSync(journal, 'utf8')) !== undefined;
      } catch {
        planned = false;
      }
      const io = captureIo({ env, cwd: dir });
      // A journal without its plan means nothing was sent: submit again; otherwise resume.
      if (!planned) rmSync(journal, { force: true });
      const code = planned
        ? await resumeCommand.run([journal, '--concurrency', '4', '--rate', '1000'], io)
        : await submitCommand.run([batch, '--profile', 'env', '--journal', journal, '--rate', '1000'], io);
      logs.push(io.text(), existsSync(journal) ? readFileSync(journal, 'utf8') : '');
      expect(code, `run ${run} (${outcomes[run]}): ${io.text()}`).toBe(0);
      const results = readFileSync(journal.replace(/\.jsonl$/, '.results.csv'), 'utf8');
      expect(
        results.split('\r\n').filter((l) => /,(created|updated|removed|already there|uploaded|read),/.test(l))
          .length,
      ).toBe(19);
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
