/**
 * One worker pool for a process that checks many files (the browser host, the app's validation worker, the
 * sandbox's heavy uploads; the command line too, for one run): started when a big file first needs it and
 * kept warm between runs, since a fresh worker loads its module and compiles and warms up the checks again,
 * about 0.3 s of CPU before it pays (default-jobs.ts), on every file otherwise. It closes after `idleMs` without a run, or when the host closes it; its workers
 * never keep a process from ending meanwhile (PoolWorker.hold, and the idle timer let go where the host can).
 */
import { WorkerPool, type WorkerFactory } from './worker-pool.ts';

/** Workers left running this long after the last run, by default: the time between two files one drops. */
export const POOL_IDLE_MS = 60_000;

export interface LongLivedPoolOptions {
  /** Close the workers after this many milliseconds without a run (default POOL_IDLE_MS). */
  idleMs?: number;
}

export class LongLivedPool {
  private pool: WorkerPool | undefined;
  /** Runs using the pool now. */
  private users = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Workers started in all (a host's tests count them). */
  started = 0;

  constructor(
    private readonly start: WorkerFactory,
    private readonly options: LongLivedPoolOptions = {},
  ) {}

  /**
   * The pool of `size` workers for one run: the warm one when it has that size, or whatever its size when
   * another run uses it (the report is the same for any); a new one (the old one closed) when none of
   * those, or when a worker of it failed (a run still using it checks the rest on its own thread). Give it
   * back with `release` when the run ends.
   */
  take(size: number): WorkerPool {
    const pool = this.ready(size);
    this.users++;
    return pool;
  }

  /** A run is done with the pool: with none left, it closes after the idle time. */
  release(): void {
    this.users = Math.max(0, this.users - 1);
    if (this.users === 0) this.idle();
  }

  /** Stop the workers now (a run using them gets its checks back on its own thread). */
  close(): void {
    this.stopIdleTimer();
    this.pool?.close();
    this.pool = undefined;
  }

  private ready(size: number): WorkerPool {
    this.stopIdleTimer();
    const pool = this.pool;
    if (pool && !pool.broken && (this.users > 0 || pool.size === size)) return pool;
    pool?.close();
    const fresh = new WorkerPool(() => {
      this.started++;
      return this.start();
    }, size);
    this.pool = fresh;
    return fresh;
  }

  private idle(): void {
    this.stopIdleTimer();
    if (!this.pool) return;
    const timer = setTimeout(() => this.close(), this.options.idleMs ?? POOL_IDLE_MS);
    // Node's timers keep a process running: this one must not (a command line ends when its work does).
    (timer as { unref?: () => void }).unref?.();
    this.idleTimer = timer;
  }

  private stopIdleTimer(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}
