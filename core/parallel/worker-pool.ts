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
}

/** Starts one worker (the host's). */
export type WorkerFactory = () => PoolWorker;

interface Slot {
  worker: PoolWorker;
  /** Batches posted and not answered yet, oldest first. */
  waiting: { resolve: (reply: unknown) => void; reject: (error: Error) => void }[];
  failed?: Error;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private closed = false;

  /** Starts `size` workers at once, so their start-up overlaps with the caller's first reading. */
  constructor(start: WorkerFactory, size: number) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: start(), waiting: [] };
      slot.worker.listen(
        (reply) => slot.waiting.shift()?.resolve(reply),
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

  /** Batches posted and not answered yet, over all workers. */
  get inFlight(): number {
    let n = 0;
    for (const slot of this.slots) n += slot.waiting.length;
    return n;
  }

  /** Post a batch to the worker with the fewest waiting (rejects when none is working). */
  run(message: unknown, transfer?: readonly ArrayBuffer[]): Promise<unknown> {
    let slot: Slot | undefined;
    for (const s of this.slots)
      if (!s.failed && (slot === undefined || s.waiting.length < slot.waiting.length)) slot = s;
    if (this.closed || !slot) return Promise.reject(new Error('no worker of the pool is running'));
    const target = slot;
    return new Promise((resolve, reject) => {
      target.waiting.push({ resolve, reject });
      target.worker.post(message, transfer);
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
