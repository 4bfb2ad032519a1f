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
  prepareBatch,
  replayJournal,
  resultsCsvFile,
  rowResultsOf,
  type BatchClient,
  type BatchPlan,
  type BatchState,
  type ReplayedJournal,
  type RowResult,
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
  SubmitUsers,
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

/** A run's rows as the screens show them. */
function rowForScreen(r: RowResult, plan: BatchPlan, dryRun: boolean): SubmitRowResult {
  const planned = plan.rows[r.row - 1]?.row === r.row ? plan.rows[r.row - 1] : undefined;
  const operation = planned?.step ? stepOperation(plan, planned.step) : undefined;
  const row: SubmitRowResult = {
    row: r.row,
    file: r.source?.file ?? r.columns.file ?? '',
    fileRow: r.source?.row ?? r.row,
    label: r.source?.label ?? '',
    operation: operation?.call ?? 'not sent',
    outcome:
      r.status === 'done'
        ? 'sent'
        : r.status === 'pending' && dryRun
          ? 'dry-run'
          : r.status === 'anomalous' ||
              r.status === 'failed' ||
              r.status === 'unknown' ||
              r.status === 'invalid' ||
              r.status === 'pending'
            ? r.status
            : 'pending',
  };
  if (operation && 'userName' in operation) row.userName = operation.userName;
  if (r.requestId) row.requestId = r.requestId;
  if (r.id) row.id = r.id;
  if (r.message) row.message = r.message;
  if (r.anomalies?.length) row.anomalies = r.anomalies;
  return row;
}

const stepIndexes = new WeakMap<BatchPlan, Map<string, number>>();

function stepOperation(plan: BatchPlan, stepId: string) {
  let index = stepIndexes.get(plan);
  if (!index) stepIndexes.set(plan, (index = new Map(plan.steps.map((s, i) => [s.id, i]))));
  const at = index.get(stepId);
  return at === undefined ? undefined : plan.steps[at]?.operation;
}

function emptyCounts(): SubmitCounts {
  return { pending: 0, sent: 0, anomalous: 0, failed: 0, unknown: 0, invalid: 0, 'dry-run': 0 };
}

export class SubmitRun {
  state: SubmitState;
  private session: SubmitSession | undefined;
  private progress: SessionProgress | undefined;
  /** Each row as the screens last saw it (updated from the session's deltas). */
  private readonly rows = new Map<number, SubmitRowResult>();
  private readonly counts = emptyCounts();
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

  private update(r: RowResult): SubmitRowResult {
    const row = rowForScreen(r, this.plan, this.meta.dryRun);
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
      rowResultsOf(this.plan, (id) => this.replayed?.steps.get(id)),
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
      done: total - c.pending,
      failed: c.failed + c.unknown + c.invalid + c.anomalous,
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

  private emit(type: 'submit-progress' | 'submit-finished', rows: SubmitRowResult[] = []): void {
    const { rows: _all, ...status } = this.status(false);
    this.deps.emit({ type, status, rows });
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

  cancel(): void {
    if (this.state !== 'running' && this.state !== 'paused') return;
    this.state = 'cancelled';
    this.meta.cancelled = true;
    writeMeta(this.deps.journalDir, this.meta);
    this.session?.requestStop('cancelled', 'cancelled by the user');
    this.session?.cancelInFlight();
    this.emit('submit-finished');
  }

  /** The app is closing: stop, journal the stop, let go of the journal; resumable on the next launch. */
  async close(graceMs: number): Promise<void> {
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
    if (this.state === 'cancelled') return;
    if (this.state === 'interrupted') return;
    this.state = result.outcome === 'finished' ? 'finished' : 'interrupted';
    this.emit('submit-finished', []);
  }

  /** A session's progress event: the changed rows go to the screens as they are. */
  progressed(progress: SessionProgress, rows: readonly RowResult[]): void {
    this.progress = progress;
    const changed = rows.map((r) => this.update(r));
    this.emit('submit-progress', changed);
  }

  /** A dry run is done as soon as it is prepared. */
  finishDry(): void {
    this.state = 'finished';
    this.emit('submit-finished');
  }
}

function metaPath(journalDir: string, runId: string): string {
  return join(journalDir, `${runId}.app.json`);
}

function writeMeta(journalDir: string, meta: RunMeta): void {
  writeFileSync(metaPath(journalDir, meta.runId), JSON.stringify(meta) + '\n', { mode: 0o600 });
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
   * Who the batch's rows go to, before it is sent: the users rows name themselves, and the rows that name
   * none (they need the user the submit screen asks for). Prepares it as `start` does; sends nothing.
   */
  async users(batch: BatchState): Promise<SubmitUsers> {
    const { userName: _given, ...named } = batch;
    const prepared = await prepareBatch(named, { now: this.deps.now() });
    return {
      rows: prepared.rows.length,
      sendable:
        prepared.plan.rows.filter((r) => r.invalid === undefined).length +
        prepared.receivers.rowsWithoutUser.length,
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
    const state: SubmitState = replayed.finished ? 'finished' : meta.cancelled ? 'cancelled' : 'interrupted';
    return new SubmitRun(meta, replayed.plan, replayed, this.deps, state);
  }

  /** Every run on disk, newest first; one that never ended and no process is running is `interrupted`. */
  list(): JournalSummary[] {
    const out: JournalSummary[] = [];
    for (const name of readdirSync(this.deps.journalDir)) {
      if (!name.endsWith('.app.json')) continue;
      const runId = name.slice(0, -'.app.json'.length);
      const run = this.runs.get(runId) ?? this.load(runId);
      if (!run || run.meta.dryRun) continue;
      const status = run.status(false);
      out.push({
        journalId: runId,
        profileId: status.profileId,
        startedAt: status.startedAt,
        state: status.state,
        total: status.total,
        done: status.done,
        failed: status.failed,
        ...(status.journalDamage !== undefined ? { journalDamage: status.journalDamage } : {}),
      });
    }
    return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
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
