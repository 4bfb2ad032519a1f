/**
 * `npm run bench -- sandbox`: the sandbox as it fills. At 0, 30,000 and 100,000 stored enrollments (put in
 * through the state's own API, not over HTTP), measured over real HTTP on keep-alive connections:
 *
 * - create, get and list latency (p50, p95) of SANDBOX_BENCH_SAMPLES sequential requests each (300 by
 *   default); list both a program with rows (a full first page of 100) and a program with none;
 * - create throughput with 16 connections;
 * - a burst of 200 connections listing at once (5 lists each, 10 s time-out), with its time-outs;
 * - each p50 as a ratio of the empty store's (target: within 1.5×).
 *
 * Two sandboxes are measured: one in memory, and one keeping a durable state file, as `--profile sandbox`
 * and the app's embedded sandbox do (every change on disk before its answer). SANDBOX_BENCH_LEVELS=0,5000
 * picks other store sizes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from './index.ts';
import { changesFileOf } from './persistence.ts';
import type { StoredEnrollment } from './state.ts';
import { v5Timestamp } from './seed.ts';

const LEVELS = (process.env.SANDBOX_BENCH_LEVELS ?? '0,30000,100000').split(',').map(Number);
const SAMPLES = Number(process.env.SANDBOX_BENCH_SAMPLES ?? 300);
const THROUGHPUT_CREATES = 2000;
const THROUGHPUT_CONNECTIONS = 16;
const BURST_CONNECTIONS = 200;
const BURST_ROUNDS = 5;
const TIMEOUT_MS = 10_000;
const TARGET_RATIO = 1.5;
if (LEVELS.some((n) => !Number.isInteger(n) || n < 0) || LEVELS[0] !== 0)
  throw new Error('SANDBOX_BENCH_LEVELS must be whole numbers, the first 0 (the empty store)');
if (!Number.isInteger(SAMPLES) || SAMPLES < 10) throw new Error('SANDBOX_BENCH_SAMPLES must be 10 or more');

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

class TimedOut extends Error {}

function call(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const all =
      body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = request(url, { method, headers: all, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
          ms: performance.now() - started,
        }),
      );
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new TimedOut(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface LevelResult {
  stored: number;
  seedSeconds: number;
  create: number[];
  get: number[];
  list: number[];
  listEmpty: number[];
  createsPerSecond: number;
  burst: { requests: number; timeouts: number; errors: number; latencies: number[]; seconds: number };
}

class Bench {
  readonly sequentialAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  private readonly parallel = new Agent({ keepAlive: true, maxSockets: THROUGHPUT_CONNECTIONS });
  private headers: Record<string, string> = {};
  private readonly created: string[] = [];
  private failures = 0;

  constructor(private readonly sandbox: RunningSandbox) {}

  private get protocols(): string[] {
    return this.sandbox.demo.experimentProtocolIds;
  }

  async signIn(): Promise<void> {
    const { clientId, clientSecret, apiKey } = this.sandbox.demo;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const token = await call(
      this.sequentialAgent,
      this.sandbox.urls.tokenUrl,
      'POST',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (token.status !== 200) throw new Error(`token request answered ${token.status}: ${token.body}`);
    const accessToken = (JSON.parse(token.body) as { access_token: string }).access_token;
    this.headers = { authorization: `Bearer ${accessToken}`, 'x-api-key': apiKey };
  }

  /**
   * Fill the store up to `count` enrollments: two in three by program (the first program; the second keeps
   * none, for the empty list), one in three by location in the seeded experiment.
   */
  seed(count: number): number {
    const started = performance.now();
    const state = this.sandbox.service.state;
    const [experiment] = state.experiments.values();
    const locations = this.sandbox.demo.locationIds;
    if (!experiment) throw new Error('the sandbox has no seeded experiment');
    const at = v5Timestamp(new Date());
    const common = {
      createdAt: at,
      updatedAt: at,
      dataLegitimacy: 'LEGITIMATE',
      enrollmentStatus: 'APPROVED',
      itemStatus: 'ACTIVE',
    };
    for (let i = state.enrollments.size; i < count; i++) {
      const temporalEntity = {
        dimensionality: 'INDIVIDUAL' as const,
        id: randomUUID(),
        temporalPeriodTypeName: 'GrowingSeason',
      };
      const enrollment: StoredEnrollment =
        i % 3 === 2
          ? {
              type: 'location',
              record: {
                id: state.newId(),
                ...common,
                experimentId: experiment.id,
                experimentLocationStatus: 'NOMINATED',
                locationId: locations[i % locations.length] ?? randomUUID(),
                temporalEntity,
              },
            }
          : {
              type: 'program',
              record: {
                id: state.newId(),
                ...common,
                experimentProtocolId: this.protocols[0]!,
                temporalEntity,
              },
            };
      state.putEnrollment(enrollment);
    }
    state.changed('enrollments');
    return (performance.now() - started) / 1000;
  }

  private check(answer: Answer, expected: number[], what: string): Answer {
    if (!expected.includes(answer.status)) {
      this.failures++;
      if (this.failures <= 5)
        process.stderr.write(`${what} answered ${answer.status}: ${answer.body.slice(0, 200)}\n`);
    }
    return answer;
  }

  create(agent: Agent): Promise<Answer> {
    const body = JSON.stringify({
      experimentProtocolId: this.protocols[0],
      temporalEntity: {
        dimensionality: 'INDIVIDUAL',
        id: randomUUID(),
        temporalPeriodTypeName: 'GrowingSeason',
      },
    });
    return call(
      agent,
      `${this.sandbox.urls.baseUrl}/v5/enrollments`,
      'POST',
      { ...this.headers, 'x-enrollment-type': 'program', 'content-type': 'application/json' },
      body,
    ).then((a) => {
      this.check(a, [201], 'create');
      if (a.status === 201) this.created.push((JSON.parse(a.body) as { id: string }).id);
      return a;
    });
  }

  get(agent: Agent, id: string, type: string): Promise<Answer> {
    return call(agent, `${this.sandbox.urls.baseUrl}/v5/enrollments/${id}`, 'GET', {
      ...this.headers,
      'x-enrollment-type': type,
    }).then((a) => this.check(a, [200], 'get'));
  }

  list(agent: Agent, protocol: string): Promise<Answer> {
    return call(
      agent,
      `${this.sandbox.urls.baseUrl}/v5/enrollments?experimentProtocolId=${protocol}`,
      'GET',
      {
        ...this.headers,
        'x-enrollment-type': 'program',
      },
    ).then((a) => this.check(a, [200, 206], 'list'));
  }

  async sequentialMs(times: number, one: (i: number) => Promise<Answer>): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < times; i++) out.push((await one(i)).ms);
    return out;
  }

  async measure(stored: number, seedSeconds: number): Promise<LevelResult> {
    const step = (what: string): void => {
      process.stderr.write(`  ${stored.toLocaleString('en-US')} stored: ${what}\n`);
    };
    step('sequential create, get, list');
    // Warm up the code paths at every level alike (JIT, connection).
    await this.sequentialMs(50, () => this.create(this.sequentialAgent));
    await this.sequentialMs(50, () => this.list(this.sequentialAgent, this.protocols[0]!));
    const create = await this.sequentialMs(SAMPLES, () => this.create(this.sequentialAgent));
    // Ids spread over the whole store, of both types.
    const all = [...this.sandbox.service.state.enrollments.values()];
    const picks = Array.from(
      { length: SAMPLES },
      (_, i) => all[Math.floor(((i + 0.5) / SAMPLES) * all.length)]!,
    );
    const get = await this.sequentialMs(SAMPLES, (i) =>
      this.get(this.sequentialAgent, picks[i]!.record.id, picks[i]!.type),
    );
    const list = await this.sequentialMs(SAMPLES, () => this.list(this.sequentialAgent, this.protocols[0]!));
    const listEmpty = await this.sequentialMs(SAMPLES, () =>
      this.list(this.sequentialAgent, this.protocols[1]!),
    );

    step(`${THROUGHPUT_CREATES} creates on ${THROUGHPUT_CONNECTIONS} connections`);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: THROUGHPUT_CONNECTIONS }, async () => {
        while (next++ < THROUGHPUT_CREATES) await this.create(this.parallel);
      }),
    );
    const createsPerSecond = THROUGHPUT_CREATES / ((performance.now() - started) / 1000);

    step(`${BURST_CONNECTIONS} connections listing`);
    const burstAgent = new Agent({ keepAlive: true, maxSockets: BURST_CONNECTIONS });
    const burst = { requests: 0, timeouts: 0, errors: 0, latencies: [] as number[], seconds: 0 };
    const burstStarted = performance.now();
    await Promise.all(
      Array.from({ length: BURST_CONNECTIONS }, async () => {
        for (let round = 0; round < BURST_ROUNDS; round++) {
          burst.requests++;
          try {
            const a = await this.list(burstAgent, this.protocols[0]!);
            burst.latencies.push(a.ms);
          } catch (error) {
            if (error instanceof TimedOut) burst.timeouts++;
            else burst.errors++;
          }
        }
      }),
    );
    burst.seconds = (performance.now() - burstStarted) / 1000;
    burstAgent.destroy();
    return { stored, seedSeconds, create, get, list, listEmpty, createsPerSecond, burst };
  }

  get failed(): number {
    return this.failures;
  }

  close(): void {
    this.sequentialAgent.destroy();
    this.parallel.destroy();
  }
}

const ms = (values: readonly number[]): string =>
  `${percentile(values, 50).toFixed(2)} / ${percentile(values, 95).toFixed(2)}`;

function report(title: string, results: LevelResult[]): boolean {
  const pad = (text: string, width: number): string => text.padEnd(width);
  console.log(`\n${title}`);
  console.log(
    `${pad('stored', 9)}${pad('seeded', 8)}${pad('create p50/p95 ms', 19)}${pad('get p50/p95', 14)}${pad('list p50/p95', 15)}${pad('list, no rows', 15)}${pad('creates/s', 11)}200-connection list burst`,
  );
  for (const r of results) {
    const b = r.burst;
    console.log(
      `${pad(r.stored.toLocaleString('en-US'), 9)}${pad(`${r.seedSeconds.toFixed(1)} s`, 8)}${pad(ms(r.create), 19)}${pad(ms(r.get), 14)}${pad(ms(r.list), 15)}${pad(ms(r.listEmpty), 15)}${pad(r.createsPerSecond.toFixed(0), 11)}${b.requests} in ${b.seconds.toFixed(1)} s, p50/p95 ${ms(b.latencies)} ms, ${b.timeouts} time-outs, ${b.errors} errors`,
    );
  }
  const [empty] = results;
  let met = true;
  for (const r of results.slice(1)) {
    const ratio = (key: 'create' | 'get' | 'list' | 'listEmpty'): string => {
      const value = percentile(r[key], 50) / percentile(empty![key], 50);
      if (value > TARGET_RATIO) met = false;
      return `×${value.toFixed(2)}`;
    };
    console.log(
      `p50 at ${r.stored.toLocaleString('en-US')} against the empty store: create ${ratio('create')}, get ${ratio('get')}, list ${ratio('list')}, list (no rows) ${ratio('listEmpty')}; creates/s ×${(r.createsPerSecond / empty!.createsPerSecond).toFixed(2)}`,
    );
  }
  const timeouts = results.reduce((n, r) => n + r.burst.timeouts + r.burst.errors, 0);
  console.log(
    `target: p50 within ${TARGET_RATIO}× of the empty store's — ${met ? 'met' : 'MISSED'}; time-outs and errors at ${BURST_CONNECTIONS} connections: ${timeouts} — must be 0`,
  );
  return timeouts === 0;
}

async function run(title: string, durable: boolean): Promise<boolean> {
  const dir = durable ? mkdtempSync(join(tmpdir(), 'fieldgate-sandbox-bench-')) : undefined;
  const dataFile = dir ? join(dir, 'state.json') : undefined;
  const sandbox = await startSandbox(dataFile ? { dataFile, durable: true } : {});
  const bench = new Bench(sandbox);
  const results: LevelResult[] = [];
  try {
    await bench.signIn();
    for (const level of LEVELS) {
      const seedStarted = performance.now();
      bench.seed(level);
      // The seeded enrollments on disk before measuring (one write of the whole state).
      await sandbox.service.flush();
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      (globalThis as { gc?: () => void }).gc?.();
      results.push(await bench.measure(sandbox.service.state.enrollments.size, seedSeconds));
    }
  } finally {
    bench.close();
    await sandbox.close();
  }
  const ok = report(title, results) && bench.failed === 0;
  if (dataFile) {
    const size = (path: string): string => `${(statSync(path).size / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`state file ${size(dataFile)}, changes file ${size(changesFileOf(dataFile))} at the end`);
  }
  if (bench.failed > 0) console.log(`${bench.failed} requests were not answered as expected`);
  if (dir) rmSync(dir, { recursive: true, force: true });
  return ok;
}

/** Run every measured request path a while first, so the empty store is not measured with cold code. */
async function warmUp(): Promise<void> {
  const sandbox = await startSandbox();
  const bench = new Bench(sandbox);
  try {
    await bench.signIn();
    for (let i = 0; i < 1000; i++) {
      const created = await bench.create(bench.sequentialAgent);
      const id = (JSON.parse(created.body) as { id: string }).id;
      await bench.get(bench.sequentialAgent, id, 'program');
      await bench.list(bench.sequentialAgent, sandbox.demo.experimentProtocolIds[i % 2]!);
    }
  } finally {
    bench.close();
    await sandbox.close();
  }
}

console.log(
  `${SAMPLES} sequential requests per latency, ${THROUGHPUT_CREATES} creates on ${THROUGHPUT_CONNECTIONS} connections, ${BURST_CONNECTIONS} connections × ${BURST_ROUNDS} lists (time-out ${TIMEOUT_MS / 1000} s)`,
);
await warmUp();
const inMemory = await run('in memory (fieldgate sandbox)', false);
const durable = await run('durable state file (--profile sandbox, the app)', true);
if (!inMemory || !durable) process.exitCode = 1;
