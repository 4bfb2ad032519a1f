/**
 * `npm run bench -- submit`: program enrollments (10,000 by default; SUBMIT_BENCH_ROWS=N for fewer) sent by
 * the batch runner to a sandbox limited to 50 requests/s with a burst of 100, the client pacing itself with
 * the same steady rate (its bucket ten smaller, as headroom for jitter). Reports throughput as a share of the limit (target >= 95%), the 429s received (target
 * under 1% of requests) and the duplicates on the server, listed through the service (must be 0).
 */
import { BatchRunner, planBatch, RateLimiter, systemIo, type ClientEvent } from '../../core/index.ts';
import { sleepWithTimers } from '../../core/client/system-io.ts';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalFile } from '../../node/journal-file.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { enrollmentRows, sandboxClient, serverCounts } from './batch-support.ts';

const RATE = 50;
const BURST = 100;
const rows = Number(process.env.SUBMIT_BENCH_ROWS ?? 10_000);
if (!Number.isInteger(rows) || rows < 1) throw new Error('SUBMIT_BENCH_ROWS must be a whole number above 0');

const sandbox = await startSandbox({ faults: { rate: RATE, burst: BURST }, duplicateEnrollments: 'allow' });
let requests = 0;
let tooMany = 0;
const events: ClientEvent[] = [];
const cleanup: Array<() => Promise<void>> = [];
try {
  const before = await serverCounts(sandbox, []);
  sandbox.setFaults({ rate: RATE, burst: BURST });
  // Let the sandbox's bucket fill again after the listing above.
  await new Promise((r) => setTimeout(r, (BURST / RATE) * 1000 + 100));
  const batch = enrollmentRows(sandbox, rows, 0);
  const planned = planBatch(batch, { source: { name: 'bench', kind: 'bench' } });
  if (!planned.ok) throw new Error(planned.message);
  const io = systemIo();
  const client = sandboxClient(sandbox, {
    // A bucket a little smaller than the server's leaves it headroom for network jitter: at the same steady
    // rate, a request that arrives early finds a token instead of a 429.
    limiter: new RateLimiter({ ratePerSecond: RATE, burst: BURST - 10, ...io }),
    onEvent: (e) => {
      if (e.type === 'response') {
        requests++;
        if (e.status === 429) tooMany++;
      } else if (e.type === 'rate') events.push(e);
    },
  });
  // The real journal: every state change written and fsync'ed (group commit) before the runner goes on.
  const journalDir = mkdtempSync(join(tmpdir(), 'fieldgate-bench-'));
  const journalPath = join(journalDir, 'bench.jsonl');
  const journal = await JournalFile.open(journalPath);
  cleanup.push(async () => {
    await journal.close();
    rmSync(journalDir, { recursive: true, force: true });
  });
  const runner = new BatchRunner({
    plan: planned.plan,
    client,
    append: (line) => journal.append(line),
    now: () => new Date(),
    sleep: sleepWithTimers,
    concurrency: 16,
  });
  const started = performance.now();
  const result = await runner.run();
  const seconds = (performance.now() - started) / 1000;
  const after = await serverCounts(sandbox, batch);
  const duplicates = after.perRow.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const missing = after.perRow.filter((n) => n === 0).length;
  const rowRate = result.counts.done / seconds;
  const requestRate = requests / seconds;
  // The bucket's first BURST requests are free: the steady limit allows RATE * t + BURST in t seconds.
  const allowed = RATE * seconds + BURST;
  const share = requests / allowed;
  console.log(
    [
      `rows                ${rows} (${result.counts.done} done, ${result.counts.failed} failed, ${result.counts.pending} unfinished)`,
      `time                ${seconds.toFixed(1)} s`,
      `requests            ${requests} (${requestRate.toFixed(1)}/s; rows ${rowRate.toFixed(1)}/s)`,
      `throughput          ${(share * 100).toFixed(1)}% of the limit (${RATE}/s, burst ${BURST}) — target >= 95%`,
      `429s                ${tooMany} (${((tooMany / Math.max(1, requests)) * 100).toFixed(2)}% of requests) — target < 1%`,
      `slow-downs          ${events.length}`,
      `duplicates          ${duplicates} on the server, ${missing} rows missing — must be 0`,
      `server total        ${after.total - before.total} new enrollments`,
      `journal             ${(statSync(journalPath).size / 1024 / 1024).toFixed(1)} MiB, fsync'ed at each state change`,
    ].join('\n'),
  );
  if (duplicates > 0 || missing > 0 || result.counts.done !== rows) process.exitCode = 1;
} finally {
  for (const step of cleanup) await step();
  await sandbox.close();
}
