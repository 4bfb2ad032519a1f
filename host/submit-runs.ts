/**
 * Submit runs of the app: the batch as the workbench holds it (core/batch/batch-state.ts) is prepared by
 * core's one prepare and sent by the same submit session as `fieldgate submit` (node/submit-session.ts):
 * lock, the uploads' bytes kept beside the journal, the journal, the client, pacing and results. The host
 * only keeps the runs of this launch, lists the journals of earlier ones (a run interrupted by closing or
 * killing the app is listed as `interrupted` and resumed from its journal), and passes progress on as
 * deltas: each event holds the rows whose outcome changed, never the whole batch again.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeDamage,
  JournalFormatError,
  countOutcomes,
  describePlanSummary,
  planSummary,
  prepareBatch,
  rowResultAtEnd,
  runEndOf,
  replayJournal,
  resultsCsvFile,
  rowResultsOf,
  type BatchClient,
  type BatchPlan,
  type BatchState,
  type ReplayedJournal,
  type RowResult,
  type RunEnd,
} from '../core/index.ts';
import type { Connection, PacingOptions } from '../node/service-connection.ts';
import { SubmitSession, type SessionProgress } from '../node/submit-session.ts';
import type {
  AppEvent,
  JournalSummary,
  SubmitCounts,
  SubmitRowResult,
  SubmitState,
  SubmitStatus,
  SubmitPreview,
} from './bridge-api.ts';

export interface SubmitOptions {
  profileId: string;
  dryRun: boolean;
  /** Only these rows (numbers of the batch as prepared): "retry the failed rows". */
  onlyRows?: number[];
}

/** Beside each journal: what the app needs to list a run (the journal itself is core's format). */
interface RunMeta {
  runId: string;
  profileId: string;
  startedAt: string;
  dryRun: boolean;
  /** Set when the user cancelled: a journal without "finished" is otherwise an interrupted run. */
  cancelled?: boolean;
  /** The user dismissed it from the banner. */
  dismissed?: boolean;
  /** The user archived it: out of the list of runs. */
  archived?: boolean;
}

export interface SubmitRunsDeps {
  journalDir: string;
  now: () => Date;
  emit: (event: AppEvent) => void;
  /** The connection of a profile, and how fast to send on it (the app's settings). */
  connectionFor: (profileId: string) => { connection: Connection; pacing: PacingOptions };
  /** A client other than the connection's (tests). */
  clientFor?: (profileId: string) => BatchClient;
}

/** A run's rows as the screens show them; a dry run's and a cancelled run's unsent rows are "not sent". */
function rowForScreen(result: RowResult, plan: BatchPlan, end: RunEnd): SubmitRowResult {
  const r = rowResultAtEnd(result, end);
  const planned = plan.rows[r.row - 1]?.row === r.row ? plan.rows[r.row - 1] : undefined;
  const operation = planned?.step ? stepOperation(plan, planned.step) : undefined;
  const row: SubmitRowResult = {
    row: r.row,
    file: r.source?.file ?? r.columns.file ?? '',
    fileRow: r.source?.row ?? r.row,
    label: r.source?.label ?? '',
    operation: operation?.call ?? '',
    outcome: r.outcome,
  };
  if (operation && 'userName' in operation) row.userName = operation.userName;
  if (r.httpStatus !== undefined) row.status = r.httpStatus;
  if (r.errorCode) row.errorCode = r.errorCode;
  if (r.requestId) row.requestId = r.requestId;
  if (r.id) row.id = r.id;
  if (r.message) row.message = r.message;
  if (r.anomalies?.length) row.anomalies = r.anomalies;
  if (r.notices?.length) row.notices = r.notices;
  return row;
}

const stepIndexes = new WeakMap<BatchPlan, Map<string, number>>();

function stepOperation(plan: BatchPlan, stepId: string) {
  let index = stepIndexes.get(plan);
  if (!index) stepIndexes.set(plan, (index = new Map(plan.steps.map((s, i) => [s.id, i]))));
  const at = index.get(stepId);
  return at === undefined ? undefined : plan.steps[at]?.operation;
}

/** Progress goes to the screens at most this often (the page draws twice a second). */
const PROGRESS_EVERY_MS = 250;

/** How long requests in flight may take to answer once a run is cancelled. */
const CANCEL_GRACE_MS = 2000;

export class SubmitRun {
  state: SubmitState;
  private session: SubmitSession | undefined;
  private progress: SessionProgress | undefined;
  /** Each row as the screens last saw it (updated from the session's deltas). */
  private readonly rows = new Map<number, SubmitRowResult>();
  private readonly counts: SubmitCounts = countOutcomes([]);
  /** Each row's result, as the session last gave it (to show it again when the run's end changes it). */
  private readonly results = new Map<number, RowResult>();
  /** A cancel under way (the session winding down). */
  private stopping: Promise<void> | undefined;
  /** The journal's damage notice, when it was read back with damaged lines (shown with the run's status). */
  readonly journalDamage: string | undefined;

  constructor(
    readonly meta: RunMeta,
    readonly plan: BatchPlan,
    private readonly replayed: ReplayedJournal | undefined,
    private readonly deps: SubmitRunsDeps,
    state: SubmitState,
  ) {
    this.state = state;
    this.journalDamage = replayed && describeDamage(replayed);
    for (const r of rowResultsOf(plan, (id) => replayed?.steps.get(id))) this.update(r);
  }

  /** How the run ended, for its rows not sent. */
  private end(): RunEnd {
    return { dryRun: this.meta.dryRun, cancelled: this.state === 'cancelled' };
  }

  private update(r: RowResult): SubmitRowResult {
    this.results.set(r.row, r);
    const row = rowForScreen(r, this.plan, this.end());
    const before = this.rows.get(row.row);
    if (before) this.counts[before.outcome]--;
    this.counts[row.outcome]++;
    this.rows.set(row.row, row);
    return row;
  }

  /** The results CSV the CLI's submit writes (in the encoding and delimiter of the batch's CSV input). */
  resultsCsvFile(): { bytes: Uint8Array; encoding: string } {
    if (this.session) return this.session.resultsCsvFile();
    const file = resultsCsvFile(
      this.plan,
      rowResultsOf(this.plan, (id) => this.replayed?.steps.get(id), this.end()),
    );
    return { bytes: file.bytes, encoding: file.format.encoding };
  }

  status(withRows = true): SubmitStatus {
    const c = this.counts;
    const total = this.rows.size;
    const status: SubmitStatus = {
      runId: this.meta.runId,
      profileId: this.meta.profileId,
      state: this.state,
      dryRun: this.meta.dryRun,
      total,
      done: total - c.pending - c['not-sent'],
      failed: c.failed + c.unknown + c.skipped + c.anomalous,
      counts: { ...c },
      startedAt: this.meta.startedAt,
      ratePerSecond: Math.round((this.progress?.ratePerSecond ?? 0) * 100) / 100,
      rows: withRows ? [...this.rows.values()] : [],
    };
    const eta = this.progress?.etaSeconds;
    if (eta !== undefined && this.state === 'running') status.etaSeconds = Math.ceil(eta);
    if (this.journalDamage !== undefined) status.journalDamage = this.journalDamage;
    return status;
  }

  /** Rows changed since the screens were last told, and the timer that tells them. */
  private unsent = new Map<number, SubmitRowResult>();
  private sendTimer: ReturnType<typeof setTimeout> | undefined;

  /** Every event carries the rows changed since the last one (progress waits, then goes with them). */
  private emit(type: 'submit-progress' | 'submit-finished', rows: SubmitRowResult[] = []): void {
    if (this.sendTimer !== undefined) clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    for (const row of rows) this.unsent.set(row.row, row);
    const changed = [...this.unsent.values()];
    this.unsent = new Map();
    const { rows: _all, ...status } = this.status(false);
    this.deps.emit({ type, status, rows: changed });
  }

  pause(): void {
    if (this.state !== 'running') return;
    this.state = 'paused';
    this.session?.pause();
    this.emit('submit-progress');
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'running';
    this.session?.resume();
    this.emit('submit-progress');
  }

  /**
   * Send nothing more: requests in flight get a moment to answer (an answer is better than a doubt), rows
   * sent without one are looked up (core's runner), then the run is `cancelled` and its rows not sent read
   * "not sent". Until then it is `cancelling`.
   */
  cancel(): void {
    if (this.state !== 'running' && this.state !== 'paused') return;
    this.meta.cancelled = true;
    writeMeta(this.deps.journalDir, this.meta);
    if (!this.session) {
      this.state = 'cancelled';
      this.emit('submit-finished', this.reread());
      return;
    }
    this.state = 'cancelling';
    this.session.resume();
    this.stopping = this.session.stopAndWait('cancelled', 'cancelled by the user', CANCEL_GRACE_MS);
    this.emit('submit-progress');
  }

  /** The app is closing: stop, journal the stop, let go of the journal; resumable on the next launch. */
  async close(graceMs: number): Promise<void> {
    if (this.state === 'cancelling') await this.stopping;
    if (!this.session || (this.state !== 'running' && this.state !== 'paused')) return;
    this.session.resume();
    await this.session.stopAndWait('paused', 'the app was closed; resume the run to go on', graceMs);
    this.state = 'interrupted';
  }

  /** Send (or go on sending) through the submit session (node/submit-session.ts). */
  async execute(session: SubmitSession): Promise<void> {
    this.session = session;
    if (this.state === 'paused') session.pause();
    const result = await session.run();
    if (this.state === 'cancelling') {
      this.state = 'cancelled';
      // Its rows not sent now read "not sent", not pending.
      this.emit('submit-finished', this.reread());
      return;
    }
    if (this.state === 'interrupted') return;
    this.state = result.outcome === 'finished' ? 'finished' : 'interrupted';
    this.emit('submit-finished', []);
  }

  /**
   * A session's progress event (ten a second): the changed rows go to the screens a few times a second,
   * together. Each event costs the page work, and on two cores the page's work slows the host that sends.
   */
  progressed(progress: SessionProgress, rows: readonly RowResult[]): void {
    this.progress = progress;
    for (const r of rows) {
      const row = this.update(r);
      this.unsent.set(row.row, row);
    }
    this.sendTimer ??= setTimeout(() => this.emit('submit-progress'), PROGRESS_EVERY_MS);
  }

  /** A dry run is done as soon as it is prepared. */
  finishDry(): void {
    this.state = 'finished';
    this.emit('submit-finished');
  }

  /** Every row shown again from its last result (the run's end changes how unsent rows read). */
  private reread(): SubmitRowResult[] {
    return [...this.results.values()].map((r) => this.update(r));
  }
}

function metaPath(journalDir: string, runId: string): string {
  return join(journalDir, `${runId}.app.json`);
}

function writeMeta(journalDir: string, meta: RunMeta): void {
  writeFileSync(metaPath(journalDir, meta.runId), JSON.stringify(meta) + '\n', { mode: 0o600 });
}

/** An action a running run cannot take. */
export class RunBusyError extends Error {}

function summaryOf(run: SubmitRun): JournalSummary {
  const status = run.status(false);
  return {
    journalId: run.meta.runId,
    profileId: status.profileId,
    startedAt: status.startedAt,
    state: status.state,
    // Something is left to send or reconcile (a run stopped after its last row has nothing to go on with).
    resumable: (status.state === 'interrupted' || status.state === 'paused') && status.counts.pending > 0,
    dismissed: run.meta.dismissed === true,
    archived: run.meta.archived === true,
    total: status.total,
    done: status.done,
    failed: status.failed,
    counts: status.counts,
    ...(status.journalDamage !== undefined ? { journalDamage: status.journalDamage } : {}),
  };
}

export class SubmitRuns {
  private readonly runs = new Map<string, SubmitRun>();

  constructor(private readonly deps: SubmitRunsDeps) {
    mkdirSync(deps.journalDir, { recursive: true });
  }

  get(runId: string): SubmitRun | undefined {
    return this.runs.get(runId);
  }

  private journalOf(runId: string): string {
    return join(this.deps.journalDir, `${runId}.jsonl`);
  }

  /** Send a batch: prepared by core's prepare, sent by the submit session; answers once it has started. */
  async start(batch: BatchState, options: SubmitOptions): Promise<SubmitStatus> {
    const runId = randomUUID();
    const startedAt = this.deps.now().toISOString();
    const prepared = await prepareBatch(batch, {
      now: this.deps.now(),
      ...(options.onlyRows ? { onlyRows: options.onlyRows } : {}),
    });
    const meta: RunMeta = { runId, profileId: options.profileId, startedAt, dryRun: options.dryRun };
    const run = new SubmitRun(meta, prepared.plan, undefined, this.deps, 'running');
    this.runs.set(runId, run);
    if (options.dryRun) {
      run.finishDry();
      return run.status();
    }
    writeMeta(this.deps.journalDir, meta);
    const session = await this.open(run, (s) => SubmitSession.start(prepared, s));
    void run.execute(session).catch((error: unknown) => this.failed(run, error));
    return run.status();
  }

  private async open(
    run: SubmitRun,
    open: (options: Parameters<typeof SubmitSession.start>[1]) => Promise<SubmitSession>,
  ): Promise<SubmitSession> {
    const { connection, pacing } = this.deps.connectionFor(run.meta.profileId);
    const client = this.deps.clientFor?.(run.meta.profileId);
    return open({
      journalPath: this.journalOf(run.meta.runId),
      connection,
      pacing,
      now: this.deps.now,
      ...(client ? { client } : {}),
      onEvent: (event) => {
        if (event.type === 'progress') run.progressed(event.progress, event.rows);
        else if (event.type === 'notice') this.deps.emit({ type: 'warning', message: event.message });
      },
    });
  }

  /**
   * What the batch will do, before it is sent: the plan's summary (with the user the screen asks for, when
   * given), the users rows name themselves, and the rows that name none. Prepares it as `start` does;
   * sends nothing.
   */
  async preview(batch: BatchState): Promise<SubmitPreview> {
    // Who rows name is read before the batch's user fills in, so one prepare answers both.
    const prepared = await prepareBatch(batch, { now: this.deps.now() });
    const plan = planSummary(prepared.plan);
    return {
      plan,
      summary: describePlanSummary(plan),
      rows: prepared.rows.length,
      sendable: plan.toSend,
      users: prepared.receivers.users,
      rowsWithoutUser: prepared.receivers.rowsWithoutUser,
    };
  }

  private failed(run: SubmitRun, error: unknown): void {
    run.state = 'interrupted';
    const { rows: _rows, ...status } = run.status(false);
    this.deps.emit({ type: 'submit-finished', status, rows: [] });
    this.deps.emit({
      type: 'warning',
      message: `submit ${run.meta.runId} stopped: ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  private load(runId: string): SubmitRun | undefined {
    if (!/^[A-Za-z0-9-]+$/.test(runId)) return undefined;
    const path = this.journalOf(runId);
    if (!existsSync(path) || !existsSync(metaPath(this.deps.journalDir, runId))) return undefined;
    let replayed: ReplayedJournal;
    try {
      replayed = replayJournal(readFileSync(path, 'utf8'));
    } catch (error) {
      if (error instanceof JournalFormatError) return undefined;
      throw error;
    }
    const meta = JSON.parse(readFileSync(metaPath(this.deps.journalDir, runId), 'utf8')) as RunMeta;
    const cancelled = meta.cancelled === true || runEndOf(replayed).cancelled === true;
    const state: SubmitState = replayed.finished ? 'finished' : cancelled ? 'cancelled' : 'interrupted';
    return new SubmitRun(meta, replayed.plan, replayed, this.deps, state);
  }

  /** Every run on disk, newest first; one that never ended and no process is running is `interrupted`. */
  list(): JournalSummary[] {
    const out: JournalSummary[] = [];
    for (const name of readdirSync(this.deps.journalDir)) {
      if (!name.endsWith('.app.json')) continue;
      const run = this.find(name.slice(0, -'.app.json'.length));
      if (run && !run.meta.dryRun) out.push(summaryOf(run));
    }
    return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  private find(runId: string): SubmitRun | undefined {
    return this.runs.get(runId) ?? this.load(runId);
  }

  /** Stop naming a resumable run in the banner; it stays in the list, resumable. */
  dismiss(runId: string): JournalSummary | undefined {
    const run = this.find(runId);
    if (!run || run.meta.dryRun) return undefined;
    run.meta.dismissed = true;
    writeMeta(this.deps.journalDir, run.meta);
    return summaryOf(run);
  }

  /** Move a run out of the list of runs (or back); a running run cannot be archived. */
  archive(runId: string, archived: boolean): JournalSummary | undefined {
    const run = this.find(runId);
    if (!run || run.meta.dryRun) return undefined;
    if (archived && (run.state === 'running' || run.state === 'cancelling'))
      throw new RunBusyError(`run ${runId} is running: pause or cancel it before archiving it`);
    run.meta.archived = archived;
    if (archived) run.meta.dismissed = true;
    writeMeta(this.deps.journalDir, run.meta);
    return summaryOf(run);
  }

  /** Go on with an interrupted run from its journal (what was in flight is reconciled, not re-sent). */
  async resume(runId: string): Promise<SubmitStatus | undefined> {
    const live = this.runs.get(runId);
    if (live && live.state !== 'interrupted') {
      // A run of this session paused from the list of runs: go on with it.
      live.resume();
      return live.status();
    }
    const run = this.load(runId);
    if (!run) return undefined;
    if (run.state !== 'interrupted') return run.status();
    run.state = 'running';
    this.runs.set(runId, run);
    const session = await this.open(run, (s) => SubmitSession.resume(s));
    void run.execute(session).catch((error: unknown) => this.failed(run, error));
    return run.status();
  }

  /**
   * The app is closing (its window, Ctrl+C, SIGTERM): every running run stops taking new requests, those in
   * flight get `graceMs`, the stop is journaled; each is resumable on the next launch.
   */
  async closeAll(graceMs = 2000): Promise<void> {
    await Promise.all([...this.runs.values()].map((run) => run.close(graceMs)));
  }
}
