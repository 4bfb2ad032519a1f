/**
 * A pool of worker threads for checks that run on their own (one boundary, one row's geometry): the
 * caller posts batches of plain data and gets each batch's reply back as a promise. The pool knows nothing
 * of threads: a host injects how a worker starts (Node's `worker_threads` in node/worker-threads.ts, a Web
 * Worker in a browser), so core stays free of host imports.
 */

/** One started worker, as the pool drives it. Replies come back in the order the messages were posted. */
export interface PoolWorker {
  post(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  /** Called with each reply, and once with an error when the worker fails or exits. */
  listen(onReply: (reply: unknown) => void, onFailure: (error: Error) => void): void;
  terminate(): void;
  /**
   * Whether the worker keeps its host running (Node's ref and unref), where the host can say: held while it
   * has batches to answer, let go while idle, so a pool kept between runs never keeps a process from ending.
   */
  hold?(held: boolean): void;
}

/** Starts one worker (the host's). */
export type WorkerFactory = () => PoolWorker;

interface Slot {
  worker: PoolWorker;
  /** Batches posted and not answered yet, oldest first. */
  waiting: { resolve: (reply: unknown) => void; reject: (error: Error) => void }[];
  /** Batches posted in all. */
  posted: number;
  /**
   * Batches the worker finished, counted by the worker in shared memory (where there is any), so the
   * poster knows how busy it is while its own thread is too busy to take the answers.
   */
  finished?: Int32Array;
  failed?: Error;
}

/** What the pool posts to a worker: the caller's message, and where the worker counts finished ones. */
export interface PoolEnvelope {
  message: unknown;
  finished?: Int32Array;
}

/** A worker's side of the pool: answer each envelope with `answer(message)`, counting it as finished. */
export function servePool(answer: (message: unknown) => unknown): (envelope: PoolEnvelope) => unknown {
  return (envelope) => {
    const reply = answer(envelope.message);
    if (envelope.finished) Atomics.add(envelope.finished, 0, 1);
    return reply;
  };
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private closed = false;

  /** Starts `size` workers at once, so their start-up overlaps with the caller's first reading. */
  constructor(start: WorkerFactory, size: number) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: start(), waiting: [], posted: 0 };
      slot.worker.hold?.(false);
      if (typeof SharedArrayBuffer === 'function')
        slot.finished = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
      slot.worker.listen(
        (reply) => {
          slot.waiting.shift()?.resolve(reply);
          if (slot.waiting.length === 0) slot.worker.hold?.(false);
        },
        (error) => {
          slot.failed = error;
          for (const w of slot.waiting.splice(0)) w.reject(error);
        },
      );
      this.slots.push(slot);
    }
  }

  get size(): number {
    return this.slots.length;
  }

  /** Closed, or a worker failed (its batches go back to the caller's thread): a kept pool starts afresh. */
  get broken(): boolean {
    return this.closed || this.slots.some((slot) => slot.failed);
  }

  /** Batches a worker has not finished yet (not answered, where it cannot say). */
  private static unfinished(slot: Slot): number {
    return slot.finished ? slot.posted - Atomics.load(slot.finished, 0) : slot.waiting.length;
  }

  /** The fewest batches any working worker has still to do (Infinity when none works). */
  get leastBusy(): number {
    let least = Infinity;
    for (const slot of this.slots) if (!slot.failed) least = Math.min(least, WorkerPool.unfinished(slot));
    return least;
  }

  /** Post a batch to the least busy worker (rejects when none is working). */
  run(message: unknown, transfer?: readonly ArrayBuffer[]): Promise<unknown> {
    let slot: Slot | undefined;
    for (const s of this.slots)
      if (!s.failed && (slot === undefined || WorkerPool.unfinished(s) < WorkerPool.unfinished(slot)))
        slot = s;
    if (this.closed || !slot) return Promise.reject(new Error('no worker of the pool is running'));
    const target = slot;
    const envelope: PoolEnvelope = { message };
    if (target.finished) envelope.finished = target.finished;
    return new Promise((resolve, reject) => {
      if (target.waiting.length === 0) target.worker.hold?.(true);
      target.waiting.push({ resolve, reject });
      target.posted++;
      target.worker.post(envelope, transfer);
    });
  }

  /** Stop every worker; batches still waiting are rejected. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const stopped = new Error('the worker pool was closed');
    for (const slot of this.slots) {
      for (const w of slot.waiting.splice(0)) w.reject(stopped);
      slot.worker.terminate();
    }
  }
}
