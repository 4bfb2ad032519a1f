/**
 * Fault injection: the documented mix is observed within tolerance, each fault behaves as documented, and
 * a seed makes the run repeatable.
 */
import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FaultInjector, FaultSpecError, parseFaultFlag } from '../../sandbox/faults.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';
import { ContractRecorder } from './contract.ts';
import { http, individual, session, type HttpResponse, type Session } from './http.ts';

const running: RunningSandbox[] = [];
const contract = new ContractRecorder();

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ ...options, onExchange: contract.onExchange });
  running.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  expect(contract.violations()).toEqual([]);
});

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-05-01T12:00:00.000Z')): {
  now: () => Date;
  advance: (ms: number) => void;
} {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

function find(sandbox: RunningSandbox, s: Session, agent?: Agent): Promise<HttpResponse> {
  const url = `${sandbox.urls.baseUrl}/v5/experiments?experimentEnrollmentId=${sandbox.demo.experimentEnrollmentIds[0]}`;
  return agent ? http(url, { headers: s.v5 }, agent) : http(url, { headers: s.v5 });
}

describe('fault settings', () => {
  it('parses --faults key=value lists', () => {
    const { settings, seed } = parseFaultFlag(
      'error-rate=0.1, reset-before-rate=0.02,reset-after-rate=0.03,latency-ms=20-80,rate=50,burst=100,quota=1000,token-ttl=60,slow-body-rate=0.5,slow-body-ms=250,retry-after=2,storm-after=30,storm-length=7,seed=9',
    );
    expect(settings).toEqual({
      errorRate: 0.1,
      resetBeforeRate: 0.02,
      resetAfterRate: 0.03,
      latencyMs: [20, 80],
      rate: 50,
      burst: 100,
      quota: 1000,
      tokenTtl: 60,
      slowBodyRate: 0.5,
      slowBodyMs: 250,
      retryAfter: 2,
      stormAfter: 30,
      stormLength: 7,
    });
    expect(seed).toBe(9);
    expect(parseFaultFlag('latency-ms=15').settings.latencyMs).toEqual([15, 15]);
    expect(parseFaultFlag('rate=none').settings.rate).toBeUndefined();
  });

  it('refuses unknown keys, bad values and rates that add up to more than 1', () => {
    for (const bad of [
      'errors=0.1',
      'error-rate=2',
      'error-rate=',
      'latency-ms=80-20',
      'burst=0',
      'token-ttl=1.5',
      'storm-after=-1',
      'storm-length=0',
      'rate',
      'error-rate=0.6,reset-after-rate=0.6',
    ]) {
      expect(() => parseFaultFlag(bad), bad).toThrow(FaultSpecError);
    }
  });

  it('draws the documented shares and latency range, the same way for the same seed', () => {
    const { settings } = parseFaultFlag(
      'error-rate=0.2,reset-before-rate=0.05,reset-after-rate=0.1,latency-ms=10-30,slow-body-rate=0.25',
    );
    const a = new FaultInjector(settings, 7);
    const b = new FaultInjector(settings, 7);
    const n = 20_000;
    const counts = { resetBefore: 0, error: 0, resetAfter: 0, slow: 0, e500: 0, e502: 0, e503: 0 };
    for (let i = 0; i < n; i++) {
      const d = a.decide();
      expect(b.decide()).toEqual(d);
      expect(d.latencyMs).toBeGreaterThanOrEqual(10);
      expect(d.latencyMs).toBeLessThanOrEqual(30);
      if (d.resetBefore) counts.resetBefore++;
      if (d.errorStatus !== undefined) counts.error++;
      if (d.errorStatus === 500) counts.e500++;
      if (d.errorStatus === 502) counts.e502++;
      if (d.errorStatus === 503) counts.e503++;
      if (d.resetAfter) counts.resetAfter++;
      if (d.slowBody) counts.slow++;
    }
    expect(counts.resetBefore / n).toBeCloseTo(0.05, 1);
    expect(Math.abs(counts.error / n - 0.2)).toBeLessThan(0.01);
    expect(Math.abs(counts.resetAfter / n - 0.1)).toBeLessThan(0.01);
    expect(Math.abs(counts.slow / n - 0.25)).toBeLessThan(0.015);
    for (const c of [counts.e500, counts.e502, counts.e503])
      expect(Math.abs(c / counts.error - 1 / 3)).toBeLessThan(0.03);
  });
});

describe('fault mix over HTTP', () => {
  it('shows the configured shares of 5xx answers and resets within tolerance', async () => {
    const sandbox = await start({ seed: 11 });
    const s = await session(sandbox);
    sandbox.setFaults('error-rate=0.2,reset-before-rate=0.05,reset-after-rate=0.05,retry-after=2');
    const firstReport = contract.reports.length;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const n = 2000;
    const outcomes = new Map<string, number>();
    const add = (k: string): void => void outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < n) {
        next++;
        try {
          const res = await find(sandbox, s, agent);
          add(String(res.status));
          if (res.status === 503) expect(res.headers['retry-after']).toBe('2');
          if (res.status === 500) expect(res.json()['error-code']).toBe('internal-error');
          if (res.status === 502) expect(res.json()).toEqual({ message: 'Bad Gateway' });
        } catch (error) {
          add(String((error as NodeJS.ErrnoException).code ?? error));
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    agent.destroy();
    const share = (k: string): number => (outcomes.get(k) ?? 0) / n;
    // Binomial standard deviation at n = 2000 is at most 1.1 points; allow three.
    expect(Math.abs(share('200') - 0.7)).toBeLessThan(0.035);
    expect(Math.abs(share('500') + share('502') + share('503') - 0.2)).toBeLessThan(0.03);
    for (const status of ['500', '502', '503']) expect(Math.abs(share(status) - 0.2 / 3)).toBeLessThan(0.02);
    expect(Math.abs(share('ECONNRESET') - 0.1)).toBeLessThan(0.02);
    expect([...outcomes.keys()].sort()).toEqual(['200', '500', '502', '503', 'ECONNRESET']);
    // The server's record agrees with what the client saw, request for request.
    const seen = contract.reports.slice(firstReport);
    expect(seen).toHaveLength(n);
    expect(seen.filter((r) => r.fault === 'reset-before' || r.fault === 'reset-after')).toHaveLength(
      outcomes.get('ECONNRESET') ?? 0,
    );
    expect(seen.filter((r) => r.fault === 'error')).toHaveLength(
      n - (outcomes.get('200') ?? 0) - (outcomes.get('ECONNRESET') ?? 0),
    );
  });

  it('repeats the same faults in the same order for the same seed', async () => {
    const run = async (): Promise<string[]> => {
      const sandbox = await start({ seed: 5 });
      const s = await session(sandbox);
      sandbox.setFaults({ 'error-rate': 0.3, 'reset-before-rate': 0.1, seed: 99 });
      const seen: string[] = [];
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i < 60; i++) {
        seen.push(
          await find(sandbox, s, agent).then(
            (r) => String(r.status),
            () => 'reset',
          ),
        );
      }
      agent.destroy();
      return seen;
    };
    const first = await run();
    expect(new Set(first).size).toBeGreaterThan(2);
    expect(await run()).toEqual(first);
  });
});

describe('each fault', () => {
  it('reset-after: the create succeeds while the client sees the connection reset', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    sandbox.setFaults('reset-after-rate=1');
    const body = {
      experimentProtocolId: sandbox.demo.experimentProtocolIds[1],
      temporalEntity: individual(sandbox.demo.temporalIds[2] ?? ''),
    };
    const headers = { ...s.v5, 'content-type': 'application/json', 'x-enrollment-type': 'program' };
    await expect(
      http(
        `${sandbox.urls.baseUrl}/v5/enrollments`,
        { method: 'POST', headers, body: JSON.stringify(body) },
        new Agent(),
      ),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    sandbox.setFaults('');
    const list = await http(
      `${sandbox.urls.baseUrl}/v5/enrollments?experimentProtocolId=${body.experimentProtocolId}`,
      {
        headers: { ...headers },
      },
    );
    expect(list.json<{ results: unknown[] }>().results).toHaveLength(1);
    const entry = sandbox.service.log.find((e) => e.operationId === 'createEnrollment');
    expect(entry).toMatchObject({ fault: 'reset-after', processed: true });
    expect(entry?.status).toBeUndefined();
    // A retry of the same create now meets the enrollment it made: 409 names it.
    const retry = await http(`${sandbox.urls.baseUrl}/v5/enrollments`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    expect(retry.status).toBe(409);
  });

  it('reset-before: nothing is processed', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    sandbox.setFaults('reset-before-rate=1');
    await expect(find(sandbox, s, new Agent())).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(sandbox.service.log.at(-1)).toMatchObject({ fault: 'reset-before', processed: false });
  });

  it('rate and burst: a token bucket answers 429 Too Many Requests with Retry-After', async () => {
    const clock = manualClock();
    const sandbox = await start({ now: clock.now });
    const s = await session(sandbox);
    sandbox.setFaults('rate=5,burst=10');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await find(sandbox, s)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const limited = await find(sandbox, s);
    expect(limited.json()).toEqual({ message: 'Too Many Requests' });
    expect(limited.headers['retry-after']).toBe('1');
    clock.advance(1000);
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push((await find(sandbox, s)).status);
    expect(after).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('storm: the requests after the first storm-after are answered 429 with Retry-After, at any pace', async () => {
    // The clock never moves: a storm is counted in requests, so it comes the same however fast they are.
    const sandbox = await start({ now: manualClock().now });
    const s = await session(sandbox);
    sandbox.setFaults('storm-after=3,storm-length=4,retry-after=2');
    const answers: HttpResponse[] = [];
    for (let i = 0; i < 9; i++) answers.push(await find(sandbox, s));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 429, 429, 200, 200]);
    expect(answers[3]?.json()).toEqual({ message: 'Too Many Requests' });
    expect(answers.slice(3, 7).map((a) => a.headers['retry-after'])).toEqual(['2', '2', '2', '2']);
    expect(sandbox.service.log.filter((e) => e.fault === 'rate-limit')).toHaveLength(4);
    // Setting the faults again starts the count afresh.
    sandbox.setFaults('storm-after=0,storm-length=1');
    expect([(await find(sandbox, s)).status, (await find(sandbox, s)).status]).toEqual([429, 200]);
  });

  it('quota: 429 Limit Exceeded without Retry-After until the next UTC day', async () => {
    const clock = manualClock();
    const sandbox = await start({ now: clock.now });
    const s = await session(sandbox);
    sandbox.setFaults('quota=3');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await find(sandbox, s)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const over = await find(sandbox, s);
    expect(over.json()).toEqual({ message: 'Limit Exceeded' });
    expect(over.headers['retry-after']).toBeUndefined();
    clock.advance(24 * 3600 * 1000);
    sandbox.setFaults('quota=3,token-ttl=200000');
    const fresh = await session(sandbox);
    expect((await find(sandbox, fresh)).status).toBe(200);
  });

  it('token-ttl: tokens expire after the set number of seconds', async () => {
    const clock = manualClock();
    const sandbox = await start({ now: clock.now, faults: 'token-ttl=60' });
    const s = await session(sandbox);
    expect((await find(sandbox, s)).status).toBe(200);
    clock.advance(59_000);
    expect((await find(sandbox, s)).status).toBe(200);
    clock.advance(1_000);
    const expired = await find(sandbox, s);
    expect(expired.status).toBe(401);
    expect(expired.headers['www-authenticate']).toContain('expired');
  });

  it('latency: answers wait at least the minimum', async () => {
    const sandbox = await start({ faults: 'latency-ms=40-60' });
    const s = await session(sandbox);
    const t0 = performance.now();
    expect((await find(sandbox, s)).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(35);
  });

  it('leaves the sandbox API alone: its requests draw no fault, so no latency either', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    // Faults are drawn from one seeded sequence, a decision per request: a sandbox API request that drew
    // one (and so could wait out a latency) would shift what the service requests after it get.
    const statuses = async (sandboxCallsBetween: boolean): Promise<number[]> => {
      sandbox.setFaults({ 'error-rate': 0.5, 'latency-ms': '0', seed: 11 });
      const seen: number[] = [];
      for (let i = 0; i < 16; i++) {
        if (sandboxCallsBetween) expect((await http(`${sandbox.urls.sandboxUrl}/seed`)).status).toBe(200);
        seen.push((await find(sandbox, s)).status);
      }
      return seen;
    };
    const alone = await statuses(false);
    expect(new Set(alone).size).toBeGreaterThan(1);
    expect(await statuses(true)).toEqual(alone);
  });

  it('slow bodies arrive whole, in pieces', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    sandbox.setFaults('slow-body-rate=1,slow-body-ms=100');
    const res = await find(sandbox, s);
    expect(res.status).toBe(200);
    expect(res.json<{ results: unknown[] }>().results).toHaveLength(1);
    expect(res.chunks).toBeGreaterThan(1);
    expect(sandbox.service.log.at(-1)?.fault).toBe('slow-body');
  });
});

describe('the admin endpoint', () => {
  it('sets and reads faults at runtime; the sandbox API itself is never faulted', async () => {
    const sandbox = await start();
    const s = await session(sandbox);
    const put = await http(`${sandbox.urls.sandboxUrl}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'error-rate': 1, 'latency-ms': '0', seed: 3 }),
    });
    expect(put.status).toBe(200);
    expect(put.json()).toMatchObject({
      'error-rate': 1,
      'reset-before-rate': 0,
      rate: null,
      'token-ttl': 3600,
    });
    expect([500, 502, 503]).toContain((await find(sandbox, s)).status);
    expect((await http(`${sandbox.urls.sandboxUrl}/seed`)).status).toBe(200);
    expect((await http(`${sandbox.urls.sandboxUrl}/faults`)).json()['error-rate']).toBe(1);
    const bad = await http(`${sandbox.urls.sandboxUrl}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'error-rates': 1 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json()['error-code']).toBe('invalid-faults');
  });

  it('reads a body that looks like an answer ({"status": …}) as faults, not as the answer', async () => {
    const sandbox = await start();
    const put = await http(`${sandbox.urls.sandboxUrl}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 99 }),
    });
    expect(put.status).toBe(400);
    expect(put.json()['error-code']).toBe('invalid-faults');
  });
});
