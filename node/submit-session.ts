/**
 * One submit session, the same for the command line and the app: the journal's lock (a dead, zombie or
 * reused-pid holder is no holder), the bytes every upload sends kept beside the journal before anything is
 * sent (a resumed run sends exactly what was checked, never a file read again), the journal itself (each
 * state change fsync'ed before the runner goes on), a client from the connection paced by one set of
 * defaults, and progress as deltas: each event carries the rows whose outcome changed since the last, and
 * the counts, never the whole batch again. Pausing (closing the window, Ctrl+C, SIGTERM) stops taking new
 * requests, gives those in flight a moment, cancels the rest (their outcome reconciled on resume) and
 * journals the stop.
 *
 * The adapters only render it: `fieldgate submit`/`resume` print the events, the hosts pass them to the
 * screens.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import {
  BatchRunner,
  describeDamage,
  emptyRowCounts,
  replayJournal,
  resultsCsvFile,
  rowResultOf,
  rowResultsOf,
  runEndOf,
  type BatchClient,
  type BatchPlan,
  type BatchProgress,
  type BatchRunResult,
  type ClientEvent,
  type FetchLike,
  type PlannedRow,
  type PlanStep,
  type ReplayedJournal,
  type RowResult,
  type RowResultStatus,
  type StepOutcome,
} from '../core/index.ts';
import { sleepWithTimers } from '../core/client/system-io.ts';
import { writeAtomically } from './atomic-write.ts';
import { dropCutShortLine, JournalFile, lockJournal, readJournal, type JournalLock } from './journal-file.ts';
import {
  clientFor,
  pacingFor,
  type Connection,
  type Pacing,
  type PacingOptions,
} from './service-connection.ts';

/** The folder beside a journal that keeps the bytes its uploads send. */
function inputsDirOf(journalPath: string): string {
  return `${journalPath.replace(/\.jsonl$/, '')}.inputs`;
}

/** Where a batch that was prepared goes: the plan, and the bytes each of its uploads sends. */
export interface PreparedForSending {
  plan: BatchPlan;
  uploads: ReadonlyMap<string, Uint8Array>;
}

export interface SessionProgress extends BatchProgress {
  /** Rows by status, every row of the plan (rows left out as invalid too). */
  counts: Record<RowResultStatus, number>;
}

export type SessionEvent =
  /** Rows whose result changed since the last event, and where the run stands. */
  | { type: 'progress'; progress: SessionProgress; rows: RowResult[] }
  | { type: 'client'; event: ClientEvent }
  /** Something a person should know once (a lock taken over, a damaged journal line, a deprecation). */
  | { type: 'notice'; message: string };

export interface SessionOptions {
  journalPath: string;
  connection: Connection;
  pacing?: PacingOptions;
  /** Send again, once, each upload whose outcome was unknown when the run started. */
  resendUnknown?: boolean;
  now?: () => Date;
  /** A client other than the connection's (tests). */
  client?: BatchClient;
  fetch?: FetchLike;
  onEvent?: (event: SessionEvent) => void;
  /** The journal's lock, when the caller took it first (before opening the connection). */
  lock?: JournalLock;
}

/** The journal holds a batch already: it is resumed, not started again. */
export class JournalInUseError extends Error {
  constructor(readonly journalPath: string) {
    super(
      `${journalPath} holds a batch already: resume it (resumeBatch, or fieldgate resume) to go on with it`,
    );
  }
}

async function hasContent(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

/** Keys the plan names its uploads' files by: a name in the inputs folder, nothing else. */
const SNAPSHOT_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class SubmitSession {
  private runner: BatchRunner | undefined;
  private readonly abort = new AbortController();
  private running: Promise<BatchRunResult> | undefined;
  private result: BatchRunResult | undefined;
  private readonly plannedRow = new Map<number, PlannedRow>();
  private readonly statusOfRow = new Map<number, RowResultStatus>();
  private readonly counts = emptyRowCounts();
  private changed = new Map<number, RowResult>();
  private lastProgress: BatchProgress | undefined;
  private pausedNow = false;
  readonly pacing: Pacing;

  private constructor(
    readonly plan: BatchPlan,
    readonly journalPath: string,
    private readonly lock: JournalLock,
    private readonly options: SessionOptions,
    readonly replayed: ReplayedJournal | undefined,
  ) {
    this.pacing = pacingFor(options.connection, options.pacing);
    for (const row of plan.rows) this.plannedRow.set(row.row, row);
    for (const r of rowResultsOf(plan, (id) => replayed?.steps.get(id))) {
      this.statusOfRow.set(r.row, r.status);
      this.counts[r.status]++;
    }
  }

  /**
   * A new batch: lock the journal (it must be empty), keep the uploads' bytes beside it, then the session
   * is ready to `run`.
   */
  static async start(prepared: PreparedForSending, options: SessionOptions): Promise<SubmitSession> {
    const lock = options.lock ?? (await lockJournal(options.journalPath));
    try {
      if (await hasContent(options.journalPath)) throw new JournalInUseError(options.journalPath);
      const inputs = inputsDirOf(options.journalPath);
      if (prepared.uploads.size > 0) await mkdir(inputs, { recursive: true, mode: 0o700 });
      for (const [key, bytes] of prepared.uploads) {
        if (!SNAPSHOT_KEY.test(key)) throw new Error(`not a name for a kept input: ${key}`);
        // On disk before the plan is journaled: a resume never finds a plan whose files are missing.
        await writeAtomically(join(inputs, key), bytes, { durable: true });
      }
      return new SubmitSession(prepared.plan, options.journalPath, lock, options, undefined);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** A batch that stopped: lock its journal first (another process appending would make it stale), read it. */
  static async resume(options: SessionOptions): Promise<SubmitSession> {
    const lock = options.lock ?? (await lockJournal(options.journalPath));
    try {
      const replayed = replayJournal(await readJournal(options.journalPath));
      const damage = describeDamage(replayed);
      if (damage) options.onEvent?.({ type: 'notice', message: `${options.journalPath}: ${damage}` });
      if (replayed.cutShort !== undefined) {
        options.onEvent?.({
          type: 'notice',
          message: `${options.journalPath}: line ${replayed.cutShort} was cut short (a crash while it was written); removed, going on from line ${replayed.cutShort - 1}`,
        });
        await dropCutShortLine(options.journalPath, replayed.cutShort);
      }
      return new SubmitSession(replayed.plan, options.journalPath, lock, options, replayed);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** The process whose lock this session replaced, when it took over a stale one. */
  get tookOverFrom(): number | undefined {
    return this.lock.tookOverFrom;
  }

  /** Reads the bytes an upload sends: kept beside the journal (journals of earlier versions named paths). */
  private readonly readInput = async (file: string): Promise<Uint8Array | undefined> => {
    let path: string;
    if (SNAPSHOT_KEY.test(file)) path = join(inputsDirOf(this.journalPath), file);
    else if (isAbsolute(file)) path = file;
    else {
      // The app's earlier journals named "<run>/<file>" in the journal's folder, and only there.
      const folder = resolve(this.journalPath, '..');
      path = resolve(folder, file);
      if (!path.startsWith(folder + sep)) return undefined;
    }
    try {
      return new Uint8Array(await readFile(path));
    } catch {
      return undefined;
    }
  };

  /** Send (or go on sending) until every row has its outcome or the run stops; the lock is let go after. */
  run(): Promise<BatchRunResult> {
    this.running ??= this.execute();
    return this.running;
  }

  private async execute(): Promise<BatchRunResult> {
    const { options } = this;
    const journal = await JournalFile.open(this.journalPath);
    try {
      const client =
        options.client ??
        clientFor(options.connection.profile, this.pacing, {
          onEvent: (event) => options.onEvent?.({ type: 'client', event }),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
      this.runner = new BatchRunner({
        plan: this.plan,
        client,
        append: (line) => journal.append(line),
        now: options.now ?? (() => new Date()),
        sleep: sleepWithTimers,
        batchId: randomUUID(),
        profile: options.connection.name,
        resendUnknown: options.resendUnknown === true,
        signal: this.abort.signal,
        readFile: this.readInput,
        concurrency: this.pacing.concurrency,
        onOutcome: (step, outcome) => this.outcome(step, outcome),
        onProgress: (progress) => this.flush(progress),
        ...(this.replayed ? { replayed: this.replayed } : {}),
      });
      if (this.pausedNow) this.runner.pause();
      this.result = await this.runner.run();
      this.flush(this.runner.snapshot());
      return this.result;
    } finally {
      await journal.close();
      await this.lock.release();
    }
  }

  /** A step's outcome: its rows' new results wait for the next progress event. */
  private outcome(step: PlanStep, _outcome: StepOutcome): void {
    const state = this.runner?.stateOf(step.id);
    for (const n of step.rows) {
      const planned = this.plannedRow.get(n);
      if (!planned) continue;
      const result = rowResultOf(planned, state);
      const before = this.statusOfRow.get(n);
      if (before !== result.status) {
        if (before !== undefined) this.counts[before]--;
        this.counts[result.status]++;
        this.statusOfRow.set(n, result.status);
      }
      this.changed.set(n, result);
    }
  }

  private flush(progress: BatchProgress): void {
    this.lastProgress = progress;
    const rows = [...this.changed.values()];
    this.changed = new Map();
    this.options.onEvent?.({ type: 'progress', progress: { ...progress, counts: { ...this.counts } }, rows });
  }

  /** Where the run stands now. */
  progress(): SessionProgress {
    const base = this.runner?.snapshot() ??
      this.lastProgress ?? {
        total: 0,
        done: 0,
        anomalous: 0,
        failed: 0,
        unknown: 0,
        retrying: 0,
        inFlight: 0,
        ratePerSecond: 0,
      };
    return { ...base, counts: { ...this.counts } };
  }

  /** Every row with its result now. */
  rowResults(): RowResult[] {
    // A run of this session ended as its result says; a journal only read, as its last stop says.
    if (this.runner)
      return this.runner.rowResults(this.result?.stopReason === 'cancelled' ? { cancelled: true } : {});
    const end = this.replayed ? runEndOf(this.replayed) : {};
    return rowResultsOf(this.plan, (id) => this.replayed?.steps.get(id), end);
  }

  /**
   * The results CSV: each row's file and row, its own columns, then id, status, request id, message and
   * anomalies; in the encoding and delimiter of the batch's CSV input, for its spreadsheet to open.
   */
  resultsCsvFile(): { bytes: Uint8Array; encoding: string } {
    const file = resultsCsvFile(this.plan, this.rowResults());
    return { bytes: file.bytes, encoding: file.format.encoding };
  }

  pause(): void {
    this.pausedNow = true;
    this.runner?.pause();
  }

  resume(): void {
    this.pausedNow = false;
    this.runner?.resume();
  }

  /** Stop taking new steps; those in flight finish. The run then ends `stopped` (resumable). */
  requestStop(reason: string, message: string): void {
    this.runner?.requestStop(reason, message);
  }

  /** Cancel what is in flight too (its outcome is journaled as in doubt, reconciled on resume). */
  cancelInFlight(): void {
    this.abort.abort();
  }

  /**
   * Stop for now and journal it: no new request; those in flight get `graceMs` to answer, then are
   * cancelled. Resolves once the stop is on disk and the lock is let go.
   */
  async stopAndWait(reason: string, message: string, graceMs = 2000): Promise<void> {
    this.requestStop(reason, message);
    if (!this.running) {
      await this.lock.release();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), graceMs)));
    try {
      if ((await Promise.race([this.running.then(() => 'done' as const), graceOver])) === 'late')
        this.cancelInFlight();
    } finally {
      clearTimeout(timer);
    }
    await this.running.catch(() => undefined);
  }

  get finished(): BatchRunResult | undefined {
    return this.result;
  }
}
