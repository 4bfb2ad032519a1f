/**
 * Retries and rate: the shared token bucket, Retry-After (seconds or HTTP-date), 429 slowing the bucket, the
 * quota as a pause-worthy failure, capped exponential backoff with full jitter under a retry budget, no retry
 * of other 4xx, and creates whose outcome is unknown never sent twice.
 */
import { describe, expect, it } from 'vitest';
import { RateLimiter, RetryBudget, type ClientFailure, type ClientResult } from '../../core/client/index.ts';
import { parseRetryAfter } from '../../core/client/retry-policy.ts';
import { IDS, json, stubClient, TEMPORAL, virtualTime, type StubReply } from './stub-service.ts';

function failure<T>(result: ClientResult<T>): ClientFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

const programBody = { experimentProtocolId: IDS.program, temporalEntity: TEMPORAL };
const find = { experimentEnrollmentId: IDS.experimentEnrollment };
const ok = (): StubReply => json(200, { results: [] });

/** Answers the scripted replies in order, then 200. */
function script(...replies: StubReply[]): () => StubReply {
  let i = 0;
  return () => replies[i++] ?? ok();
}

describe('the token bucket', () => {
  it('lets a burst through at once, then paces at the steady rate', async () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ ratePerSecond: 10, burst: 3, now: time.now, sleep: time.sleep });
    const start = time.now().getTime();
    const at: number[] = [];
    for (let i = 0; i < 6; i++) {
      await limiter.take();
      at.push(time.now().getTime() - start);
    }
    expect(at.slice(0, 3)).toEqual([0, 0, 0]);
    expect(at[5]).toBeGreaterThanOrEqual(300);
    expect(at[5]).toBeLessThan(320);
  });

  it('halves its rate on slowDown (not below a tenth) and grows back without 429s', () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ ratePerSecond: 40, now: time.now, sleep: time.sleep });
    expect(limiter.slowDown()).toBe(20);
    expect(limiter.slowDown()).toBe(10);
    for (let i = 0; i < 5; i++) limiter.slowDown();
    expect(limiter.ratePerSecond).toBe(4);
    time.advance(5000);
    expect(limiter.ratePerSecond).toBeGreaterThan(4);
    time.advance(60_000);
    expect(limiter.ratePerSecond).toBe(40);
  });

  it('holds every worker until a Retry-After has passed', async () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ ratePerSecond: 100, now: time.now, sleep: time.sleep });
    limiter.holdUntil(new Date(time.now().getTime() + 2000));
    const start = time.now().getTime();
    await Promise.all([limiter.take(), limiter.take()]);
    expect(time.now().getTime() - start).toBeGreaterThanOrEqual(2000);
  });
});

describe('Retry-After', () => {
  it('is read as seconds or as an HTTP-date', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('on a 429 holds the shared bucket, slows it, and the request is repeated after the wait', async () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ ratePerSecond: 50, now: time.now, sleep: time.sleep });
    const s = stubClient(script(json(429, { message: 'Too Many Requests' }, { 'retry-after': '4' })), {
      limiter,
      now: time.now,
      sleep: time.sleep,
    });
    const result = await s.client.findExperiments(find);
    expect(result.ok && result.meta.attempts).toBe(2);
    expect(s.events.some((e) => e.type === 'rate' && e.ratePerSecond === 25)).toBe(true);
    expect(time.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4000);
    expect(limiter.ratePerSecond).toBeLessThan(50);
  });
});

describe('the quota', () => {
  it('"Limit Exceeded" is not retried and says when it can go on (next UTC midnight without Retry-After)', async () => {
    const s = stubClient(() => json(429, { message: 'Limit Exceeded' }));
    const error = failure(await s.client.createEnrollment({ type: 'program', body: programBody }));
    expect(error).toMatchObject({
      kind: 'quota',
      retryAt: '2026-03-02T00:00:00.000Z',
      outcomeUnknown: false,
    });
    expect(error.message).toContain('go on after 2026-03-02T00:00:00.000Z');
    expect(s.requests).toHaveLength(1);
  });

  it('narrows: a failure of kind quota has its retryAt, typed as always there', async () => {
    const s = stubClient(() => json(429, { message: 'Limit Exceeded' }));
    const error = failure(await s.client.createEnrollment({ type: 'program', body: programBody }));
    if (error.kind !== 'quota') throw new Error(`expected the quota, got ${error.kind}`);
    // No `?? …`: the type says a quota failure says when to go on (strict mode would refuse it otherwise).
    const goOnAt: string = error.retryAt;
    expect(new Date(goOnAt).toISOString()).toBe(goOnAt);
  });
});

describe('backoff', () => {
  it('retries 408, 429, 500, 502, 503 and 504 with capped exponential delays and full jitter', async () => {
    const s = stubClient(
      script(
        json(408, { message: 'Request Timeout' }),
        json(500, { 'error-code': 'internal-error', message: 'x' }),
        json(502, { message: 'Bad Gateway' }),
        json(503, { message: 'Service Unavailable' }),
        json(504, { message: 'Gateway Timeout' }),
        json(429, { message: 'Too Many Requests' }),
      ),
      { random: () => 1, backoff: { baseMs: 100, capMs: 1000, maxAttempts: 7 } },
    );
    const result = await s.client.findExperiments(find);
    expect(result.ok && result.meta.attempts).toBe(7);
    expect(s.time.slept).toEqual([100, 200, 400, 800, 1000, 1000]);
    const jitter = stubClient(script(json(500, {}), json(500, {})), { random: () => 0.25 });
    await jitter.client.findExperiments(find);
    expect(jitter.time.slept).toEqual([50, 100]);
  });

  it('gives up after maxAttempts with the last status', async () => {
    const s = stubClient(() => json(503, { message: 'Service Unavailable' }), {
      backoff: { maxAttempts: 3 },
    });
    const error = failure(await s.client.findExperiments(find));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, attempts: 3 });
    expect(s.requests).toHaveLength(3);
  });

  it('stays within a retry budget shared by all requests', async () => {
    const budget = new RetryBudget({ ratio: 0, reserve: 2 });
    const s = stubClient(() => json(500, {}), { retryBudget: budget, backoff: { maxAttempts: 10 } });
    await s.client.findExperiments(find);
    await s.client.findExperiments(find);
    expect(s.requests).toHaveLength(4); // 1 + 2 retries, then 1 with the budget spent
  });

  it('never retries other 4xx', async () => {
    for (const status of [400, 403, 404, 409, 413, 415, 422]) {
      const s = stubClient(() => json(status, { message: 'no' }));
      await s.client.getEnrollment({ type: 'program', enrollmentId: IDS.enrollment });
      expect(s.requests, String(status)).toHaveLength(1);
    }
  });
});

describe('creates and uploads whose outcome is unknown', () => {
  const create = (reply: StubReply | (() => StubReply)) => {
    const s = stubClient(typeof reply === 'function' ? reply : () => reply);
    return { s, result: s.client.createEnrollment({ type: 'program', body: programBody }) };
  };

  it('are reported "outcome-unknown" after a 5xx or a reset, not sent again', async () => {
    for (const reply of [
      json(500, {}),
      json(502, {}),
      json(503, {}),
      json(504, {}),
      { network: 'ECONNRESET' },
    ]) {
      const { s, result } = create(reply);
      const error = failure(await result);
      expect(error).toMatchObject({ kind: 'outcome-unknown', outcomeUnknown: true });
      expect(error.message).toContain('reconcile before sending it again');
      expect(s.requests).toHaveLength(1);
    }
    const upload = stubClient(() => ({ network: 'UND_ERR_SOCKET' }));
    expect(failure(await upload.client.uploadRxV2({ userName: 'u', file: new Uint8Array(4) })).kind).toBe(
      'outcome-unknown',
    );
  });

  it('are sent again when the service cannot have applied them: 429, 408, a refused connection', async () => {
    for (const first of [
      json(429, { message: 'Too Many Requests' }),
      json(408, {}),
      { network: 'ECONNREFUSED' },
    ]) {
      const { s, result } = create(script(first, json(201, { id: IDS.enrollment })));
      const created = await result;
      expect(created.ok && created.value.id).toBe(IDS.enrollment);
      expect(s.requests).toHaveLength(2);
    }
  });

  it('a repeated update or delete after an unknown outcome is flagged, so its answer can be reconciled', async () => {
    const s = stubClient(
      script(
        json(502, {}),
        json(400, { 'error-code': 'nothing-to-update', message: 'no change' }),
        json(500, {}),
        json(404, { 'error-code': 'enrollment-not-found', message: 'gone' }),
      ),
    );
    const update = failure(
      await s.client.updateEnrollment({ type: 'program', enrollmentId: IDS.enrollment, body: programBody }),
    );
    expect(update).toMatchObject({ errorCode: 'nothing-to-update', retriedAfterUnknownOutcome: true });
    const remove = failure(
      await s.client.removeEnrollment({ type: 'program', enrollmentId: IDS.enrollment }),
    );
    expect(remove).toMatchObject({ kind: 'not-found', retriedAfterUnknownOutcome: true });
  });
});
