/**
 * A 2,000-row batch over real HTTP against a sandbox that fails on purpose: 10% 5xx, connections reset after
 * the request was processed, a storm of 429s with Retry-After (counted in requests, so it comes whatever the
 * machine's pace: a rate limit below the client's pace is only reached on an idle machine), access tokens that
 * expire every few seconds and a sandbox that forgets every token mid-batch. The sandbox lets duplicate
 * enrollments through (duplicateEnrollments: 'allow'), so only the runner's reconciliation keeps them out.
 * In the end every row is done, the server holds each row's enrollment exactly once (listed through the
 * service), every request matched openapi/partner-service.yaml, and no secret is in the journal, the
 * results or any message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchRunner,
  planBatch,
  RateLimiter,
  replayJournal,
  resultsCsv,
  systemIo,
  type ClientEvent,
} from '../../core/index.ts';
import { sleepWithTimers } from '../../core/client/system-io.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { ContractRecorder } from '../sandbox/contract.ts';
import { enrollmentRows, sandboxClient, serverCounts } from './batch-support.ts';

describe('a 2,000-row batch through faults', () => {
  let sandbox: RunningSandbox;
  const contract = new ContractRecorder();
  beforeAll(async () => {
    sandbox = await startSandbox({
      onExchange: contract.onExchange,
      duplicateEnrollments: 'allow',
      seed: 11,
    });
  });
  afterAll(() => sandbox.close());

  it('ends with every row accounted for and no duplicate on the server', { timeout: 120_000 }, async () => {
    const before = await serverCounts(sandbox, []);
    sandbox.setFaults({
      'error-rate': 0.1,
      'reset-after-rate': 0.03,
      'storm-after': 300,
      'storm-length': 60,
      'retry-after': 1,
      'token-ttl': 4,
      seed: 5,
    });
    const rows = enrollmentRows(sandbox, 1800, 199);
    const planned = planBatch(rows, { source: { name: 'generated', kind: 'test' } });
    if (!planned.ok) throw new Error(planned.message);
    const lines: string[] = [];
    const events: ClientEvent[] = [];
    const io = systemIo();
    const client = sandboxClient(sandbox, {
      limiter: new RateLimiter({ ratePerSecond: 1500, burst: 100, ...io }),
      onEvent: (e) => events.push(e),
    });
    const runner = new BatchRunner({
      plan: planned.plan,
      client,
      append: async (line) => {
        lines.push(line);
      },
      now: () => new Date(),
      sleep: sleepWithTimers,
      concurrency: 24,
      batchId: 'fault-test',
    });
    const forget = setTimeout(() => sandbox.service.tokens.clear(), 1500);
    const result = await runner.run();
    clearTimeout(forget);

    expect(result.outcome).toBe('finished');
    expect(result.counts).toEqual({
      done: 2000,
      anomalous: 0,
      failed: 0,
      invalid: 0,
      unknown: 0,
      pending: 0,
    });
    // The faults did happen and were met: unknown outcomes reconciled, 429s and renewed tokens.
    const journal = lines.join('\n');
    expect(journal).toContain('"how":"reconciled"');
    // The whole storm was answered (60 429s with Retry-After), and the client slowed down and sent again.
    const storm = contract.reports.filter((r) => r.fault === 'rate-limit');
    expect(storm.map((r) => r.status)).toEqual(Array<number>(60).fill(429));
    expect(events.some((e) => e.type === 'retry' && e.status === 429)).toBe(true);
    expect(events.some((e) => e.type === 'rate' && e.reason === 'Too Many Requests')).toBe(true);
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThan(1);

    const after = await serverCounts(sandbox, rows);
    expect(after.perRow.filter((n) => n !== 1)).toEqual([]);
    expect(after.total - before.total).toBe(1999);

    // The journal replays to the same finished state.
    const replayed = replayJournal(journal);
    expect(replayed.finished).toBe(true);
    expect([...replayed.steps.values()].every((s) => s.status === 'done')).toBe(true);

    // Every request the runner sent matches the document.
    const requestProblems = contract.reports.flatMap((r) =>
      r.requestProblems.map((p) => `${r.method} ${r.url}: ${p}`),
    );
    expect(requestProblems).toEqual([]);

    // No secret anywhere the user can see.
    const tokens = [...sandbox.service.tokens.keys()];
    const visible = [
      journal,
      resultsCsv(planned.plan.columns, result.rows),
      JSON.stringify(events),
      JSON.stringify(result),
    ].join('\n');
    for (const secret of [sandbox.demo.clientSecret, sandbox.demo.apiKey, ...tokens])
      expect(visible.includes(secret)).toBe(false);
  });
});
