import { afterEach, describe, expect, it, vi } from 'vitest';
import { LongLivedPool, POOL_IDLE_MS } from './long-lived-pool.ts';
import type { PoolEnvelope, PoolWorker, WorkerFactory } from './worker-pool.ts';

/** Workers in this thread that answer each message with itself, and what happened to them. */
function echoWorkers(): {
  start: WorkerFactory;
  started: number;
  terminated: number;
  holds: boolean[];
  fail(): void;
} {
  const failures: Array<(error: Error) => void> = [];
  const log = {
    started: 0,
    terminated: 0,
    holds: [] as boolean[],
    start: (): PoolWorker => {
      log.started++;
      let answer: (reply: unknown) => void = () => undefined;
      return {
        post: (envelope) => queueMicrotask(() => answer((envelope as PoolEnvelope).message)),
        listen(onReply, onFailure) {
          answer = onReply;
          failures.push(onFailure);
        },
        terminate: () => void log.terminated++,
        hold: (held) => void log.holds.push(held),
      };
    },
    fail: () => failures.at(-1)?.(new Error('a worker stopped')),
  };
  return log;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LongLivedPool', () => {
  it('gives every run the same workers, started once', async () => {
    const workers = echoWorkers();
    const kept = new LongLivedPool(workers.start);
    for (let run = 0; run < 3; run++) {
      const pool = kept.take(2);
      expect(await pool.run(`file ${run}`)).toBe(`file ${run}`);
      kept.release();
    }
    expect(workers.started).toBe(2);
    expect(kept.started).toBe(2);
    expect(workers.terminated).toBe(0);
    kept.close();
    expect(workers.terminated).toBe(2);
  });

  it('closes its workers after the idle time without a run, and starts new ones for the next run', async () => {
    vi.useFakeTimers();
    const workers = echoWorkers();
    const kept = new LongLivedPool(workers.start, { idleMs: 1000 });
    kept.take(1);
    kept.release();
    vi.advanceTimersByTime(999);
    expect(workers.terminated).toBe(0);
    // A run within the idle time keeps them, and the time starts again when it ends.
    kept.take(1);
    vi.advanceTimersByTime(5000);
    expect(workers.terminated).toBe(0);
    kept.release();
    vi.advanceTimersByTime(1000);
    expect(workers.terminated).toBe(1);
    kept.take(1);
    expect(workers.started).toBe(2);
    kept.close();
  });

  it('waits a minute by default', () => {
    vi.useFakeTimers();
    const workers = echoWorkers();
    const kept = new LongLivedPool(workers.start);
    kept.take(1);
    kept.release();
    vi.advanceTimersByTime(POOL_IDLE_MS - 1);
    expect(workers.terminated).toBe(0);
    vi.advanceTimersByTime(1);
    expect(workers.terminated).toBe(1);
  });

  it('starts afresh for a run of another size or after a worker failed, not while another run uses it', () => {
    const workers = echoWorkers();
    const kept = new LongLivedPool(workers.start);
    const first = kept.take(1);
    // A second run at the same time shares the first one's pool, whatever it asks.
    expect(kept.take(3)).toBe(first);
    kept.release();
    kept.release();
    const bigger = kept.take(3);
    expect(bigger).not.toBe(first);
    expect(bigger.size).toBe(3);
    expect(workers.terminated).toBe(1);
    kept.release();
    workers.fail();
    const again = kept.take(3);
    expect(again).not.toBe(bigger);
    expect(workers.started).toBe(7);
    kept.close();
  });

  it('replaces a pool whose worker failed even while a run still holds it', async () => {
    const workers = echoWorkers();
    const kept = new LongLivedPool(workers.start);
    const first = kept.take(1);
    workers.fail();
    const second = kept.take(1);
    expect(second).not.toBe(first);
    expect(await second.run('after')).toBe('after');
    await expect(first.run('lost')).rejects.toThrow();
    kept.close();
  });

  it('holds a worker (keeps the host running) only while it has batches to answer', async () => {
    const workers = echoWorkers();
    const kept = new LongLivedPool(workers.start);
    const pool = kept.take(1);
    expect(workers.holds).toEqual([false]);
    const replies = Promise.all([pool.run('a'), pool.run('b')]);
    expect(workers.holds).toEqual([false, true]);
    await replies;
    expect(workers.holds).toEqual([false, true, false]);
    kept.close();
  });
});
