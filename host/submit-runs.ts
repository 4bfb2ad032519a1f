/**
 * Submit runs of the app on core's batch runner (core/batch): the batch's files become rows (a field
 * upload's fields, a request file's requests, a CSV batch's data rows, a prescription ZIP or a Modus soil
 * test each one row), the
 * rows are planned and sent exactly once with the typed client, every state change journaled (and fsync'ed)
 * to the data directory before the runner goes on. A run interrupted by closing or killing the app is
 * listed as `interrupted` on the next launch and resumed from its journal: what was in flight is
 * reconciled first (enrollments listed and matched, experiments found; an upload's unknown outcome is
 * reported, never sent twice).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BatchRunner,
  csvReadAsFromSummary,
  decodeText,
  describeDamage,
  JournalFormatError,
  planBatch,
  replayJournal,
  resultsCsv,
  rowResultsOf,
  rowsFromCsvBatch,
  rowsFromFieldUpload,
  rowsFromRequestDocument,
  sleepWithTimers,
  validate,
  type BatchClient,
  type BatchOperation,
  type BatchPlan,
  type BatchRow,
  type BatchRunResult,
  type ReplayedJournal,
  type RowResult,
} from '../core/index.ts';
import { JournalFile } from '../node/journal-file.ts';
import type {
  AppEvent,
  JournalSummary,
  SubmitRowResult,
  SubmitState,
  SubmitStatus,
  SubmitUsers,
} from './bridge-api.ts';

export interface SubmitFile {
  name: string;
  bytes: Uint8Array;
}

export interface SubmitOptions {
  profileId: string;
  dryRun: boolean;
  /**
   * The receiving user (X-User-Name) of rows that name none: field uploads and CSV rows without a userName,
   * Rx ZIPs and soil tests given as files. A row's own user always wins. Absent: every row must name one.
   */
  userName?: string;
  sampleDate?: string;
  /** Only these rows (numbers of the batch as planned): "retry the failed rows". */
  onlyRows?: number[];
  concurrency?: number;
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
  clientFor: (profileId: string) => BatchClient;
}

function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/**
 * Stands for "the user given for rows that name none" while the rows are read: a row that ends up with it
 * names no user of its own. Not a valid user name (it has a NUL), so no row can name it.
 */
const NO_USER = '\u0000no-user';

/** Who receives a row's operation (undefined for calls that have no receiving user). */
function userOf(operation: BatchOperation | undefined): string | undefined {
  return operation && 'userName' in operation ? operation.userName : undefined;
}

/** A row the app leaves out (it shows it as invalid): it goes to no user. */
function hasError(row: BatchRow): boolean {
  return row.diagnostics.some((d) => d.severity === 'error');
}

/** Rows that would be sent with no receiving user of their own. */
function rowsNamingNoUser(rows: readonly BatchRow[]): number[] {
  return rows.filter((r) => userOf(r.operation) === NO_USER && !hasError(r)).map((r) => r.row);
}

/** Each file's rows, numbered through the whole batch, with the file's name as the first column. */
async function batchRows(
  files: readonly SubmitFile[],
  stored: readonly string[],
  options: Omit<SubmitOptions, 'userName'> & { userName: string },
): Promise<BatchRow[]> {
  const perFile: Array<Array<Omit<BatchRow, 'row'>>> = [];
  // Files a CSV row sends (its prescriptions, soil tests) are not sent again as files of their own.
  const namedByCsv = new Set<number>();
  const csvKinds = new Set<number>();
  // A CSV row names a prescription or soil test by its file name: one of the batch's own files.
  const byName = new Map(files.map((f, i) => [baseName(f.name), i] as const));
  const resolveFile = async (name: string): Promise<Uint8Array | undefined> => {
    const at = byName.get(baseName(name));
    return at === undefined ? undefined : files[at]!.bytes;
  };
  for (const [index, file] of files.entries()) {
    const report = await validate([file], { features: false, resolveFile });
    const result = report.files[0];
    const diagnostics = (result?.diagnostics ?? []).map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
    }));
    // Each file's fields go in uploads of their own: one refused file does not take a clean one down.
    const fileRows: Array<Omit<BatchRow, 'row'>> = [];
    perFile.push(fileRows);
    const add = (row: Omit<BatchRow, 'row'>): void => {
      // A CSV's own "file" column (the ZIP a row sends) is kept beside the batch file's name.
      const { file: named, ...columns } = row.columns;
      fileRows.push({
        ...row,
        columns: { file: file.name, ...(named === undefined ? {} : { 'file named': named }), ...columns },
        uploadGroup: String(index),
      });
    };
    const text = (): string => decodeText(file.bytes).text;
    const csv = result ? csvReadAsFromSummary(result.kind, result.summary) : undefined;
    if (csv) csvKinds.add(index);
    const read =
      result?.kind === 'field-upload'
        ? rowsFromFieldUpload(text(), result.diagnostics, options.userName)
        : result?.kind === 'service-requests'
          ? rowsFromRequestDocument(text(), result.diagnostics)
          : result && csv
            ? await rowsFromCsvBatch(file.bytes, csv, result.diagnostics, {
                userName: options.userName,
                // The runner reads the stored copy of the named file (a name no file has stays unreadable).
                resolvePath: (name) => {
                  const at = byName.get(baseName(name));
                  if (at === undefined) return `${name} is not a file of this batch`;
                  namedByCsv.add(at);
                  return stored[at]!;
                },
              })
            : undefined;
    if (read) {
      // Problems of the document as a whole go with its first row, so they stop (or mark) the batch.
      read.rows.forEach((row, i) =>
        add({ ...row, diagnostics: i === 0 ? [...read.unplaced, ...row.diagnostics] : row.diagnostics }),
      );
      continue;
    }
    const path = stored[index]!;
    if (result?.kind === 'rx-zip') {
      add({
        columns: {},
        diagnostics,
        operation: { call: 'uploadRx', userName: options.userName, file: path },
      });
    } else if (result?.kind === 'modus-result' && options.sampleDate) {
      add({
        columns: {},
        diagnostics,
        operation: {
          call: 'uploadSoil',
          userName: options.userName,
          sampleDate: options.sampleDate,
          file: path,
        },
      });
    } else {
      add({
        columns: {},
        diagnostics,
        unsendable:
          result?.kind === 'modus-result'
            ? 'a soil test needs a sampleDate'
            : `${result?.kind ?? report.unreadable[0]?.reason ?? 'unreadable'}: not a kind of file submit sends`,
      });
    }
  }
  const rows: BatchRow[] = [];
  for (const [index, fileRows] of perFile.entries()) {
    if (namedByCsv.has(index) && !csvKinds.has(index)) continue;
    for (const row of fileRows) rows.push({ ...row, row: rows.length + 1 });
  }
  return options.onlyRows ? rows.filter((r) => options.onlyRows!.includes(r.row)) : rows;
}

function rowOutcome(result: RowResult): SubmitRowResult['outcome'] {
  if (result.status === 'done') return 'sent';
  if (result.status === 'invalid') return 'invalid';
  return result.status;
}

function stepOf(plan: BatchPlan, row: number) {
  return plan.steps.find((s) => s.rows.includes(row));
}

export class SubmitRun {
  state: SubmitState;
  private runner: BatchRunner | undefined;
  private readonly abort = new AbortController();
  private rateNow = 0;
  /** Requests in flight at most (the settings' concurrency). */
  concurrency: number | undefined;
  private eta: number | undefined;
  /** The journal's damage notice, when it was read back with damaged lines (shown with the run's status). */
  readonly journalDamage: string | undefined;

  constructor(
    readonly meta: RunMeta,
    readonly plan: BatchPlan,
    private replayed: ReplayedJournal | undefined,
    private readonly deps: SubmitRunsDeps,
    state: SubmitState,
  ) {
    this.state = state;
    this.journalDamage = replayed && describeDamage(replayed);
  }

  private rowResults(): RowResult[] {
    return this.runner
      ? this.runner.rowResults()
      : rowResultsOf(this.plan, (id) => this.replayed?.steps.get(id));
  }

  /** The results CSV the CLI's submit writes: each row's own columns, then id, status, request id, message. */
  resultsCsv(): string {
    return resultsCsv(this.plan.columns, this.rowResults());
  }

  private rows(): SubmitRowResult[] {
    return this.rowResults().map((r) => {
      const step = stepOf(this.plan, r.row);
      const row: SubmitRowResult = {
        row: r.row,
        file: r.columns.file ?? '',
        operation: step?.operation.call ?? 'not sent',
        outcome: this.meta.dryRun && r.status === 'pending' ? 'dry-run' : rowOutcome(r),
      };
      const userName = userOf(step?.operation);
      if (userName) row.userName = userName;
      if (r.requestId) row.requestId = r.requestId;
      if (r.id) row.id = r.id;
      if (r.message) row.message = r.message;
      return row;
    });
  }

  status(withRows = true): SubmitStatus {
    const rows = this.rows();
    const status: SubmitStatus = {
      runId: this.meta.runId,
      profileId: this.meta.profileId,
      state: this.state,
      dryRun: this.meta.dryRun,
      total: rows.length,
      done: rows.filter((r) => r.outcome !== 'pending').length,
      failed: rows.filter((r) => r.outcome === 'failed' || r.outcome === 'unknown' || r.outcome === 'invalid')
        .length,
      startedAt: this.meta.startedAt,
      ratePerSecond: Math.round(this.rateNow * 100) / 100,
      rows: withRows ? rows : [],
    };
    if (this.eta !== undefined && this.state === 'running') status.etaSeconds = Math.ceil(this.eta);
    if (this.journalDamage !== undefined) status.journalDamage = this.journalDamage;
    return status;
  }

  private emit(type: 'submit-progress' | 'submit-finished'): void {
    const { rows: _rows, ...status } = this.status(false);
    this.deps.emit({ type, status });
  }

  pause(): void {
    if (this.state !== 'running') return;
    this.state = 'paused';
    this.runner?.pause();
    this.emit('submit-progress');
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'running';
    this.runner?.resume();
    this.emit('submit-progress');
  }

  cancel(): void {
    if (this.state !== 'running' && this.state !== 'paused') return;
    this.state = 'cancelled';
    this.meta.cancelled = true;
    writeMeta(this.deps.journalDir, this.meta);
    this.runner?.requestStop('cancelled', 'cancelled by the user');
    this.abort.abort();
    this.emit('submit-finished');
  }

  /** Send (or go on sending) with core's batch runner. THE BATCH RUNNER IS core/batch/runner.ts. */
  async execute(readStored: (path: string) => Promise<Uint8Array | undefined>): Promise<void> {
    if (this.meta.dryRun) {
      this.state = 'finished';
      this.emit('submit-finished');
      return;
    }
    const journal = await JournalFile.open(join(this.deps.journalDir, `${this.meta.runId}.jsonl`));
    const known = new Set<number>();
    this.runner = new BatchRunner({
      plan: this.plan,
      client: this.deps.clientFor(this.meta.profileId),
      append: (line) => journal.append(line),
      now: this.deps.now,
      sleep: sleepWithTimers,
      batchId: this.meta.runId,
      profile: this.meta.profileId,
      signal: this.abort.signal,
      readFile: readStored,
      onProgress: (progress) => {
        this.rateNow = progress.ratePerSecond;
        this.eta = progress.etaSeconds;
        for (const row of this.rows())
          if (row.outcome !== 'pending' && !known.has(row.row)) {
            known.add(row.row);
            this.deps.emit({ type: 'submit-row', runId: this.meta.runId, row });
          }
        this.emit('submit-progress');
      },
      ...(this.replayed ? { replayed: this.replayed } : {}),
      ...(this.concurrency !== undefined ? { concurrency: this.concurrency } : {}),
    });
    if (this.state === 'paused') this.runner.pause();
    let result: BatchRunResult | undefined;
    try {
      result = await this.runner.run();
    } finally {
      await journal.close();
    }
    if (this.state === 'cancelled') return;
    this.state = result.outcome === 'finished' ? 'finished' : 'interrupted';
    this.emit('submit-finished');
  }
}

function metaPath(journalDir: string, runId: string): string {
  return join(journalDir, `${runId}.app.json`);
}

function writeMeta(journalDir: string, meta: RunMeta): void {
  writeFileSync(metaPath(journalDir, meta.runId), JSON.stringify(meta) + '\n', { mode: 0o600 });
}

/** "row 3", "rows 1, 2 and 4", "rows 1, 2, 3 … (12 rows)". */
function rowList(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  if (rows.length <= 5) return `rows ${rows.slice(0, -1).join(', ')} and ${rows[rows.length - 1]}`;
  return `rows ${rows.slice(0, 3).join(', ')} … (${rows.length} rows)`;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100) || 'file';
}

export class PlanRefusedError extends Error {}

export class SubmitRuns {
  private readonly runs = new Map<string, SubmitRun>();

  constructor(private readonly deps: SubmitRunsDeps) {
    mkdirSync(deps.journalDir, { recursive: true });
  }

  get(runId: string): SubmitRun | undefined {
    return this.runs.get(runId);
  }

  /** Stored inputs are read by their path relative to the journal folder, only from inside it. */
  private readonly readStored = async (path: string): Promise<Uint8Array | undefined> => {
    if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(path)) return undefined;
    try {
      return new Uint8Array(await readFile(join(this.deps.journalDir, path)));
    } catch {
      return undefined;
    }
  };

  async start(files: SubmitFile[], options: SubmitOptions): Promise<SubmitStatus> {
    const runId = randomUUID();
    const startedAt = this.deps.now().toISOString();
    // The inputs are kept beside the journal: a resumed run sends exactly the bytes it was started with.
    mkdirSync(join(this.deps.journalDir, runId), { recursive: true });
    const stored = files.map((f, i) => {
      const name = `${runId}/${i}-${safeName(f.name)}`;
      writeFileSync(join(this.deps.journalDir, name), f.bytes, { mode: 0o600 });
      return name;
    });
    const rows = await batchRows(files, stored, { ...options, userName: options.userName ?? NO_USER });
    const unnamed = options.userName ? [] : rowsNamingNoUser(rows);
    if (unnamed.length > 0)
      throw new PlanRefusedError(
        `${rowList(unnamed)} name${unnamed.length === 1 ? 's' : ''} no receiving user: give the user (X-User-Name) to send ${unnamed.length === 1 ? 'it' : 'them'} to`,
      );
    const planned = planBatch(rows, {
      source: { name: files.map((f) => f.name).join(', '), kind: 'app-batch' },
      // The app sends the clean rows and shows the rest as invalid, each with its problems.
      skipInvalid: true,
    });
    if (!planned.ok) throw new PlanRefusedError(planned.message);
    const meta: RunMeta = { runId, profileId: options.profileId, startedAt, dryRun: options.dryRun };
    writeMeta(this.deps.journalDir, meta);
    const run = new SubmitRun(meta, planned.plan, undefined, this.deps, 'running');
    run.concurrency = options.concurrency;
    this.runs.set(runId, run);
    void run.execute(this.readStored).catch((error: unknown) => this.failed(run, error));
    return run.status();
  }

  /**
   * Who the batch's rows go to, before it is sent: the users rows name themselves, and the rows that name
   * none (they need the user the submit screen asks for). Reads the files as `start` does; sends nothing.
   */
  async users(files: SubmitFile[], options: { sampleDate?: string }): Promise<SubmitUsers> {
    const rows = await batchRows(
      files,
      files.map((f) => f.name),
      { profileId: '', dryRun: true, userName: NO_USER, ...options },
    );
    const counts = new Map<string, number>();
    for (const row of rows) {
      const user = userOf(row.operation);
      if (user && user !== NO_USER && !hasError(row)) counts.set(user, (counts.get(user) ?? 0) + 1);
    }
    return {
      rows: rows.length,
      users: [...counts].map(([userName, count]) => ({ userName, rows: count })),
      rowsWithoutUser: rowsNamingNoUser(rows),
    };
  }

  private failed(run: SubmitRun, error: unknown): void {
    run.state = 'interrupted';
    const { rows: _rows, ...status } = run.status(false);
    this.deps.emit({ type: 'submit-finished', status });
    this.deps.emit({
      type: 'warning',
      message: `submit ${run.meta.runId} stopped: ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  private load(runId: string): SubmitRun | undefined {
    if (!/^[A-Za-z0-9-]+$/.test(runId)) return undefined;
    const path = join(this.deps.journalDir, `${runId}.jsonl`);
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
  resume(runId: string, concurrency?: number): SubmitStatus | undefined {
    const live = this.runs.get(runId);
    if (live) {
      // A run of this session paused from the list of runs: go on with it.
      live.resume();
      return live.status();
    }
    const run = this.load(runId);
    if (!run) return undefined;
    if (run.state !== 'interrupted') return run.status();
    run.state = 'running';
    run.concurrency = concurrency;
    this.runs.set(runId, run);
    void run.execute(this.readStored).catch((error: unknown) => this.failed(run, error));
    return run.status();
  }
}
