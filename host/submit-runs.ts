/**
 * Submit runs: each file of a batch becomes rows (service operations) sent with the typed client, every
 * step written to a journal (JSON lines) before and after it is sent, so a run interrupted by closing or
 * killing the app resumes on the next launch without sending anything twice.
 *
 * INTERIM — THE BATCH RUNNER PLUGS IN HERE. core's batch runner (core/batch: planning CSV rows into
 * operations, concurrency, retries by failure kind, reconciling unknown outcomes) is not built yet. Until
 * then `planRows` makes one row per file (field uploads, prescription ZIPs, Modus soil tests), rows are
 * sent one at a time, and a row whose outcome is unknown after a restart is reported, never re-sent. When
 * the runner lands, replace `planRows` and `sendRow` with it and keep the bridge requests and events.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate, type ClientFailure, type ServiceClient } from '../core/index.ts';
import type { AppEvent, JournalSummary, SubmitRowResult, SubmitState, SubmitStatus } from './bridge-api.ts';

export interface SubmitFile {
  name: string;
  bytes: Uint8Array;
}

export interface SubmitOptions {
  profileId: string;
  dryRun: boolean;
  userName: string;
  sampleDate?: string;
  onlyRows?: number[];
}

interface PlannedRow {
  row: number;
  file: string;
  /** Index into the run's files. */
  fileIndex: number;
  operation: 'uploadFieldsV2' | 'uploadRxV2' | 'uploadModusResultV2' | 'not-sent';
  reason?: string;
}

type JournalLine =
  | ({ type: 'run'; runId: string; startedAt: string; files: string[]; rows: PlannedRow[] } & SubmitOptions)
  | { type: 'sending'; row: number }
  | { type: 'result'; result: SubmitRowResult }
  | { type: 'state'; state: SubmitState };

export interface SubmitRunsDeps {
  journalDir: string;
  newId: () => string;
  now: () => Date;
  emit: (event: AppEvent) => void;
  clientFor: (profileId: string) => ServiceClient;
}

/** One row per file, by the file's kind. (The batch runner replaces this: see the file's comment.) */
async function planRows(files: readonly SubmitFile[]): Promise<PlannedRow[]> {
  const rows: PlannedRow[] = [];
  for (const [fileIndex, file] of files.entries()) {
    const report = await validate([file], { features: false });
    const kind = report.files[0]?.kind;
    const operation =
      kind === 'field-upload'
        ? 'uploadFieldsV2'
        : kind === 'rx-zip'
          ? 'uploadRxV2'
          : kind === 'modus-result'
            ? 'uploadModusResultV2'
            : 'not-sent';
    const row: PlannedRow = { row: rows.length + 1, file: file.name, fileIndex, operation };
    if (operation === 'not-sent')
      row.reason = `${kind ?? 'unreadable'} files are sent by the batch runner, which is not built yet`;
    rows.push(row);
  }
  return rows;
}

class Run {
  state: SubmitState = 'running';
  readonly results = new Map<number, SubmitRowResult>();
  readonly abort = new AbortController();
  private resumeGate: (() => void) | undefined;
  private sentAt: number[] = [];

  constructor(
    readonly runId: string,
    readonly startedAt: string,
    readonly options: SubmitOptions,
    readonly files: SubmitFile[],
    readonly rows: PlannedRow[],
    private readonly deps: SubmitRunsDeps,
  ) {
    for (const r of rows)
      this.results.set(r.row, { row: r.row, file: r.file, operation: r.operation, outcome: 'pending' });
  }

  get journalPath(): string {
    return join(this.deps.journalDir, `${this.runId}.jsonl`);
  }

  journal(line: JournalLine): void {
    appendFileSync(this.journalPath, JSON.stringify(line) + '\n');
  }

  status(withRows = true): SubmitStatus {
    const results = [...this.results.values()];
    const done = results.filter((r) => r.outcome !== 'pending').length;
    const elapsed = this.sentAt.length > 1 ? (this.sentAt.at(-1)! - this.sentAt[0]!) / 1000 : 0;
    const rate = elapsed > 0 ? (this.sentAt.length - 1) / elapsed : 0;
    const status: SubmitStatus = {
      runId: this.runId,
      profileId: this.options.profileId,
      state: this.state,
      dryRun: this.options.dryRun,
      total: results.length,
      done,
      failed: results.filter((r) => r.outcome === 'failed').length,
      startedAt: this.startedAt,
      ratePerSecond: Math.round(rate * 100) / 100,
      rows: withRows ? results : [],
    };
    if (rate > 0 && this.state === 'running') status.etaSeconds = Math.ceil((results.length - done) / rate);
    return status;
  }

  private progress(type: 'submit-progress' | 'submit-finished'): void {
    const { rows: _rows, ...status } = this.status(false);
    this.deps.emit({ type, status });
  }

  pause(): void {
    if (this.state === 'running') this.state = 'paused';
    this.progress('submit-progress');
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'running';
    this.resumeGate?.();
    this.progress('submit-progress');
  }

  cancel(): void {
    if (this.state === 'finished' || this.state === 'cancelled') return;
    this.state = 'cancelled';
    this.abort.abort();
    this.resumeGate?.();
    this.journal({ type: 'state', state: 'cancelled' });
    this.progress('submit-finished');
  }

  private record(result: SubmitRowResult): void {
    this.results.set(result.row, result);
    this.journal({ type: 'result', result });
    this.sentAt.push(this.deps.now().getTime());
    this.deps.emit({ type: 'submit-row', runId: this.runId, row: result });
    this.progress('submit-progress');
  }

  async execute(): Promise<void> {
    const only = this.options.onlyRows ? new Set(this.options.onlyRows) : undefined;
    for (const planned of this.rows) {
      while (this.state === 'paused') await new Promise<void>((resolve) => (this.resumeGate = resolve));
      if (this.state !== 'running') return;
      if (this.results.get(planned.row)?.outcome !== 'pending') continue;
      const base = { row: planned.row, file: planned.file, operation: planned.operation };
      if (only && !only.has(planned.row)) {
        this.record({ ...base, outcome: 'skipped', message: 'not chosen for this run' });
      } else if (planned.operation === 'not-sent') {
        this.record({ ...base, outcome: 'skipped', message: planned.reason ?? 'not sent' });
      } else if (this.options.dryRun) {
        this.record({ ...base, outcome: 'dry-run', message: `would call ${planned.operation}` });
      } else {
        this.journal({ type: 'sending', row: planned.row });
        this.record({ ...base, ...(await this.send(planned)) });
      }
    }
    if (this.state !== 'running') return;
    this.state = 'finished';
    this.journal({ type: 'state', state: 'finished' });
    this.progress('submit-finished');
  }

  private async send(planned: PlannedRow): Promise<Omit<SubmitRowResult, 'row' | 'file' | 'operation'>> {
    const file = this.files[planned.fileIndex]!;
    const client = this.deps.clientFor(this.options.profileId);
    const call = { signal: this.abort.signal };
    const userName = this.options.userName;
    let result;
    if (planned.operation === 'uploadFieldsV2') {
      let body;
      try {
        body = JSON.parse(new TextDecoder().decode(file.bytes));
      } catch {
        return { outcome: 'failed', message: 'not JSON: validate the file first' };
      }
      result = await client.uploadFieldsV2({ userName, body }, call);
    } else if (planned.operation === 'uploadRxV2') {
      result = await client.uploadRxV2({ userName, file: file.bytes, fileName: file.name }, call);
    } else {
      const sampleDate = this.options.sampleDate;
      if (!sampleDate) return { outcome: 'failed', message: 'a soil test needs a sampleDate' };
      result = await client.uploadModusResultV2(
        { userName, sampleDate, file: file.bytes, fileName: file.name },
        call,
      );
    }
    if (result.ok) {
      const sent = { outcome: 'sent' as const, status: result.meta.status };
      return result.meta.requestId ? { ...sent, requestId: result.meta.requestId } : sent;
    }
    return failureRow(result.error);
  }
}

function failureRow(error: ClientFailure): Omit<SubmitRowResult, 'row' | 'file' | 'operation'> {
  const row: Omit<SubmitRowResult, 'row' | 'file' | 'operation'> = {
    outcome: 'failed',
    message: error.message,
  };
  if (error.status !== undefined) row.status = error.status;
  if (error.requestId !== undefined) row.requestId = error.requestId;
  return row;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100) || 'file';
}

export class SubmitRuns {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly deps: SubmitRunsDeps) {
    mkdirSync(deps.journalDir, { recursive: true });
  }

  get(runId: string): Run | undefined {
    return this.runs.get(runId);
  }

  async start(files: SubmitFile[], options: SubmitOptions): Promise<SubmitStatus> {
    const runId = this.deps.newId();
    const startedAt = this.deps.now().toISOString();
    const rows = await planRows(files);
    // The inputs are kept beside the journal: a resumed run sends exactly the bytes it was started with.
    const inputDir = join(this.deps.journalDir, runId);
    mkdirSync(inputDir, { recursive: true });
    const stored = files.map((f, i) => {
      const name = `${i}-${safeName(f.name)}`;
      writeFileSync(join(inputDir, name), f.bytes);
      return name;
    });
    const run = new Run(runId, startedAt, options, files, rows, this.deps);
    run.journal({ type: 'run', runId, startedAt, files: stored, rows, ...options });
    this.runs.set(runId, run);
    void run.execute();
    return run.status();
  }

  /** Every journal on disk; a run no process is executing and that never ended is `interrupted`. */
  list(): JournalSummary[] {
    const out: JournalSummary[] = [];
    for (const name of readdirSync(this.deps.journalDir)) {
      if (!name.endsWith('.jsonl')) continue;
      const journalId = name.slice(0, -'.jsonl'.length);
      const live = this.runs.get(journalId);
      const status = live ? live.status(false) : this.load(journalId)?.status(false);
      if (!status) continue;
      out.push({
        journalId,
        profileId: status.profileId,
        startedAt: status.startedAt,
        state: status.state,
        total: status.total,
        done: status.done,
        failed: status.failed,
      });
    }
    return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /** Continue an interrupted run: rows with a result stay done, a row sent without a recorded result is
   * reported as unknown (never sent twice), the rest are sent. */
  resume(journalId: string): SubmitStatus | undefined {
    const live = this.runs.get(journalId);
    if (live) return live.status();
    const run = this.load(journalId);
    if (!run) return undefined;
    if (run.state !== 'interrupted') return run.status();
    run.state = 'running';
    this.runs.set(journalId, run);
    for (const result of run.results.values()) {
      if (result.outcome === 'failed' && result.message?.startsWith(UNKNOWN_OUTCOME))
        run.journal({ type: 'result', result });
    }
    void run.execute();
    return run.status();
  }

  private load(journalId: string): Run | undefined {
    if (!/^[A-Za-z0-9-]+$/.test(journalId)) return undefined;
    const path = join(this.deps.journalDir, `${journalId}.jsonl`);
    if (!existsSync(path)) return undefined;
    const lines: JournalLine[] = [];
    for (const text of readFileSync(path, 'utf8').split('\n')) {
      // The last line may be cut short by a kill: what was not fully written did not happen.
      try {
        if (text) lines.push(JSON.parse(text) as JournalLine);
      } catch {
        break;
      }
    }
    const head = lines[0];
    if (head?.type !== 'run') return undefined;
    const { type: _type, runId, startedAt, files: stored, rows, ...options } = head;
    const files = stored.map((name, i) => ({
      name: rows.find((r) => r.fileIndex === i)?.file ?? name,
      bytes: new Uint8Array(readFileSync(join(this.deps.journalDir, runId, name))),
    }));
    const run = new Run(runId, startedAt, options, files, rows, this.deps);
    const sending = new Set<number>();
    let state: SubmitState = 'interrupted';
    for (const line of lines.slice(1)) {
      if (line.type === 'sending') sending.add(line.row);
      else if (line.type === 'result') {
        sending.delete(line.result.row);
        run.results.set(line.result.row, line.result);
      } else if (line.type === 'state') state = line.state;
    }
    for (const row of sending) {
      const result = run.results.get(row)!;
      run.results.set(row, {
        ...result,
        outcome: 'failed',
        message: `${UNKNOWN_OUTCOME}: it was being sent when the app stopped; check the service before retrying it`,
      });
    }
    run.state = state;
    return run;
  }
}

const UNKNOWN_OUTCOME = 'outcome unknown';
