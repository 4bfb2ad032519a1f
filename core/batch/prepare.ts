/**
 * The one place rows are made from records: a batch state (core/batch/batch-state.ts) → each file's bytes
 * after its changes → checked once by the engine with its records → one row per record, numbered through the
 * batch → the plan (core/batch/plan.ts). Rows without errors are planned; rows with errors (their own, or
 * their file's as a whole) are reported with why, never sent. The bytes each upload sends are the bytes that
 * were checked: they come back in `uploads`, for the submit session to keep beside its journal.
 *
 * The command line, the browser host and the desktop app all prepare through here, so the same state gives
 * the same requests whoever sends it.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { EngineOptions } from '../engine/engine.ts';
import { validate } from '../engine/every-kind.ts';
import { runAcrossFiles } from '../cross-file/across-files-apply.ts';
import type { FileResult } from '../engine/report.ts';
import type { SubmitRecord } from '../records/submit-record.ts';
import type { ServiceOperation } from '../records/service-operation.ts';
import { applyFileChanges, type ChangeProblem } from './batch-changes.ts';
import type { BatchRow, RowDiagnostic } from './batch-rows.ts';
import { engineSettingsOf, type BatchState } from './batch-state.ts';
import { planBatch, type BatchPlan } from './plan.ts';

export interface PrepareOptions {
  /** "Now" for the checks that compare with it (one instant for the whole batch). */
  now?: Date;
  /**
   * Reads a file a CSV row names that is not one of the batch's files, relative to the CSV (`from` is the
   * CSV's name); undefined when it cannot. The command line reads the disk; the app has only its files.
   */
  readFile?: (relativePath: string, from: string) => Promise<Uint8Array | undefined>;
  /** Only these rows (numbers of the batch as prepared): "retry the failed rows". */
  onlyRows?: readonly number[];
  signal?: AbortSignal;
}

/** Each file of the batch as it was checked and sent. */
export interface PreparedFile {
  name: string;
  /** The kind it was read as; undefined when it was unreadable. */
  kind?: string;
  /** The engine's report of the file as sent (its bytes after its changes), with its records. */
  result?: FileResult;
  /** Why the engine could not read it. */
  unreadable?: string;
  /** A change that could not be applied: the file's rows are not sent. */
  changeProblem?: ChangeProblem;
  /** Named by a CSV row of the batch (a prescription or soil test): sent by that row, not on its own. */
  namedByRow: boolean;
}

/** Who rows go to, before the batch's receiving user fills in for rows that name none. */
export interface Receivers {
  /** Users rows name themselves (a userName column or constant, a field's userName), with row counts. */
  users: Array<{ userName: string; rows: number }>;
  /** Rows without errors that name no user: they go to the batch's `userName`, or are not sent. */
  rowsWithoutUser: number[];
}

export interface PreparedBatch {
  files: PreparedFile[];
  /** Every record as a row; `plan.rows` says which are sent and why the others are not. */
  rows: BatchRow[];
  plan: BatchPlan;
  /** The bytes of each file an upload of the plan sends, by the name its operation gives (`file`). */
  uploads: Map<string, Uint8Array>;
  receivers: Receivers;
}

/** A name for a file in the plan and beside the journal: position, then a safe form of its name. */
function uploadKey(prefix: string, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100) || 'file';
  return `${prefix}-${safe}`;
}

const baseName = (name: string): string =>
  name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

const brief = (d: Diagnostic): RowDiagnostic => ({ code: d.code, severity: d.severity, message: d.message });

function briefs(result: FileResult, ids: readonly string[]): RowDiagnostic[] {
  const byId = new Map(result.diagnostics.map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const d = byId.get(id);
    return d ? [brief(d)] : [];
  });
}

/** What the checks across the batch's files found in one file: at its rows, and errors of the file as a whole. */
interface AcrossFileFindings {
  byRow: Map<number, Diagnostic[]>;
  whole: Diagnostic[];
}

/**
 * The checks across the batch's files (core/cross-file), as `fieldgate validate` runs them over the same
 * files and the app shows them: the same ground in two files, a prescription off its field … An error they
 * find keeps its row back (or its file's rows, when it is at no row), as the file's own errors do. Run
 * where they apply (two files of boundaries, or boundaries with prescriptions or soil tests), unless a
 * file's `batch` setting says off (on: always).
 */
async function acrossFiles(
  state: BatchState,
  files: readonly PreparedFile[],
): Promise<Map<string, AcrossFileFindings>> {
  const out = new Map<string, AcrossFileFindings>();
  const geometries = files.flatMap((f) =>
    f.result?.batchGeometry ? [{ file: f.name, kind: f.result.kind, geometry: f.result.batchGeometry }] : [],
  );
  const found = await runAcrossFiles(geometries, {
    batch: state.files.map((f) => f.settings?.batch).find((b) => b !== undefined),
    rxOutsideShare: state.files.map((f) => f.settings?.rxOutsideShare).find((v) => v !== undefined),
  });
  for (const d of found) {
    const file = d.location.file;
    if (file === undefined) continue;
    let findings = out.get(file);
    if (!findings) out.set(file, (findings = { byRow: new Map(), whole: [] }));
    const row = d.location.row;
    if (row !== undefined) findings.byRow.set(row, [...(findings.byRow.get(row) ?? []), d]);
    else if (d.severity === 'error') findings.whole.push(d);
  }
  return out;
}

/** Errors of a file that belong to none of its records: they keep every row of the file back. */
function fileErrors(result: FileResult): Diagnostic[] {
  const owned = new Set(result.records?.flatMap((r) => r.diagnostics) ?? []);
  return result.diagnostics.filter((d) => d.severity === 'error' && !owned.has(d.id ?? ''));
}

function describeErrors(errors: readonly Diagnostic[]): string {
  const shown = errors
    .slice(0, 3)
    .map((d) => `${d.code} ${d.message}`)
    .join('; ');
  return errors.length > 3 ? `${shown} (and ${errors.length - 3} more)` : shown;
}

/** Prepare a batch: check every file as it will be sent, make its rows and plan them. */
export async function prepareBatch(state: BatchState, options: PrepareOptions = {}): Promise<PreparedBatch> {
  const now = options.now ?? new Date();
  // Each file's bytes after its changes.
  const effective: Array<{ bytes: Uint8Array; problem?: ChangeProblem }> = [];
  const changeOptions = {
    now,
    ...(state.sampleDate !== undefined ? { sampleDate: state.sampleDate } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  for (const file of state.files) {
    const changed = await applyFileChanges(file, changeOptions);
    effective.push(changed.problem ? { bytes: changed.bytes, problem: changed.problem } : changed);
  }
  const byName = new Map(state.files.map((f, i) => [baseName(f.name), i] as const));
  // Files CSV rows name: the batch's own (by name), else what the adapter reads; kept as read.
  const named = new Set<number>();
  const outside = new Map<string, { key: string; bytes: Uint8Array | undefined }>();
  const resolve = async (relative: string, from: string) => {
    const own = byName.get(baseName(relative));
    if (own !== undefined) {
      named.add(own);
      return { key: uploadKey(String(own + 1), state.files[own]!.name), bytes: effective[own]!.bytes };
    }
    const id = `${from}\u0000${relative}`;
    let got = outside.get(id);
    if (!got) {
      const bytes = await options.readFile?.(relative, from);
      got = { key: uploadKey(`named${outside.size + 1}`, relative), bytes };
      outside.set(id, got);
    }
    return got;
  };

  const files: PreparedFile[] = [];
  for (const [index, file] of state.files.entries()) {
    const { bytes, problem } = effective[index]!;
    const engine: EngineOptions = {
      now,
      records: true,
      features: false,
      settings: engineSettingsOf(file),
      resolveFile: async (relative, from) => (await resolve(relative, from)).bytes,
      // Its boundaries, zones and samples, for the checks across the batch's files (below).
      batchGeometry: true,
      ...(state.sampleDate !== undefined ? { sampleDate: state.sampleDate } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    const kind = file.kind ?? file.mapping?.kind;
    const report = await validate([{ name: file.name, bytes, ...(kind ? { kind } : {}) }], engine);
    const result = report.files[0];
    const prepared: PreparedFile = { name: file.name, namedByRow: false };
    if (result) {
      prepared.kind = result.kind;
      prepared.result = result;
    } else prepared.unreadable = report.unreadable[0]?.reason ?? 'unreadable';
    if (problem) prepared.changeProblem = problem;
    files.push(prepared);
  }
  for (const i of named) files[i]!.namedByRow = true;
  const across = await acrossFiles(state, files);

  const rows: BatchRow[] = [];
  const uploads = new Map<string, Uint8Array>();
  const users = new Map<string, number>();
  const rowsWithoutUser: number[] = [];
  for (const [index, file] of files.entries()) {
    const result = file.result;
    const records = result?.records;
    // A file a CSV row sends is not sent again on its own.
    if (
      file.namedByRow &&
      records?.every((r) => r.action?.call === 'uploadRx' || r.action?.call === 'uploadSoil')
    )
      continue;
    const withFile = (row: Omit<BatchRow, 'row' | 'uploadGroup'>): BatchRow => {
      const out: BatchRow = { ...row, row: rows.length + 1, uploadGroup: String(index) };
      rows.push(out);
      return out;
    };
    if (!result || !records) {
      withFile({
        columns: { file: file.name },
        source: { file: file.name, row: 1, label: file.name },
        diagnostics: result
          ? briefs(
              result,
              result.diagnostics.map((d) => d.id ?? ''),
            )
          : [],
        unsendable: file.unreadable ?? `${result?.kind ?? 'unknown'}: not a kind of file submit sends`,
      });
      continue;
    }
    const found = across.get(file.name);
    const whole = [...fileErrors(result), ...(found?.whole ?? [])];
    const keptBack = file.changeProblem
      ? `a change to the file could not be made: ${file.changeProblem.message}`
      : whole.length > 0
        ? `the file as a whole has errors: ${describeErrors(whole)}`
        : undefined;
    for (const record of records) {
      const row = withFile({
        columns: { file: file.name, ...record.columns },
        source: { file: file.name, row: record.row, label: record.label },
        diagnostics: [
          ...briefs(result, record.diagnostics),
          ...(found?.byRow.get(record.row) ?? []).map(brief),
        ],
      });
      const hasErrors = keptBack !== undefined || row.diagnostics.some((d) => d.severity === 'error');
      const got = await operationOf(record, state, index, resolve, {
        key: uploadKey(String(index + 1), file.name),
        bytes: effective[index]!.bytes,
      });
      if ('unsendable' in got) row.unsendable = keptBack ?? got.unsendable;
      else if (keptBack) row.unsendable = keptBack;
      else {
        row.operation = got.operation;
        if (got.upload) uploads.set(got.upload.key, got.upload.bytes);
      }
      // Who rows go to, as they name it (before the batch's user fills in).
      const own = record.action && 'userName' in record.action ? record.action.userName : undefined;
      if (record.action && isUpload(record.action.call) && !hasErrors) {
        if (own) users.set(own, (users.get(own) ?? 0) + 1);
        else rowsWithoutUser.push(row.row);
      }
    }
  }
  const only = options.onlyRows ? new Set(options.onlyRows) : undefined;
  const chosen = only ? rows.filter((r) => only.has(r.row)) : rows;
  const spreadsheet = spreadsheetOf(files);
  const planned = planBatch(chosen, {
    source: { name: state.files.map((f) => f.name).join(', '), kind: batchKindOf(files) },
    skipInvalid: true,
    ...(spreadsheet ? { spreadsheet } : {}),
  });
  const plan = planned.plan;
  // Only the bytes the planned steps send.
  const sent = new Set(plan.steps.flatMap((s) => ('file' in s.operation ? [s.operation.file] : [])));
  for (const key of [...uploads.keys()]) if (!sent.has(key)) uploads.delete(key);
  return {
    files,
    rows: chosen,
    plan,
    uploads,
    receivers: { users: [...users].map(([userName, n]) => ({ userName, rows: n })), rowsWithoutUser },
  };
}

function isUpload(call: string): boolean {
  return call === 'uploadFields' || call === 'uploadRx' || call === 'uploadSoil';
}

/** How the batch's first CSV file is written (its results CSV is written the same way). */
function spreadsheetOf(files: readonly PreparedFile[]): { encoding: string; delimiter: string } | undefined {
  for (const f of files) {
    const s = f.result?.summary;
    if (s?.type === 'csv-batch') return { encoding: s.encoding, delimiter: s.delimiter };
  }
  return undefined;
}

/** The kind of the batch for the journal: the one kind of its files, or "batch". */
function batchKindOf(files: readonly PreparedFile[]): string {
  const kinds = new Set(files.filter((f) => !f.namedByRow).map((f) => f.kind ?? 'unreadable'));
  return kinds.size === 1 ? [...kinds][0]! : 'batch';
}

type Resolver = (relative: string, from: string) => Promise<{ key: string; bytes: Uint8Array | undefined }>;

/** The operation a record sends, its receiving user and sampleDate filled in from the batch's. */
async function operationOf(
  record: SubmitRecord,
  state: BatchState,
  fileIndex: number,
  resolve: Resolver,
  self: { key: string; bytes: Uint8Array },
): Promise<
  { operation: ServiceOperation; upload?: { key: string; bytes: Uint8Array } } | { unsendable: string }
> {
  const action = record.action;
  if (!action) return { unsendable: record.unsendable ?? 'nothing to send' };
  if (action.call !== 'uploadFields' && action.call !== 'uploadRx' && action.call !== 'uploadSoil')
    return { operation: action };
  const userName = action.userName ?? state.userName;
  if (!userName)
    return {
      unsendable:
        'no receiving user: name one in the row (userName), or give the batch one (userName; --user-name)',
    };
  if (action.call === 'uploadFields') return { operation: { ...action, userName } };
  const file = 'self' in action.file ? self : await namedFile(action.file.path, state, fileIndex, resolve);
  if ('unsendable' in file) return file;
  if (action.call === 'uploadRx')
    return { operation: { call: 'uploadRx', userName, file: file.key }, upload: file };
  const sampleDate = action.sampleDate ?? state.sampleDate;
  if (!sampleDate)
    return {
      unsendable:
        'a soil test needs a sampleDate: give it in the row, or the batch one (sampleDate; --sample-date)',
    };
  return { operation: { call: 'uploadSoil', userName, sampleDate, file: file.key }, upload: file };
}

/** The file a CSV row names: one of the batch's, or one the adapter reads beside the CSV. */
async function namedFile(
  path: string,
  state: BatchState,
  fileIndex: number,
  resolve: Resolver,
): Promise<{ key: string; bytes: Uint8Array } | { unsendable: string }> {
  const from = state.files[fileIndex]!.name;
  const got = await resolve(path, from);
  return got.bytes
    ? { key: got.key, bytes: got.bytes }
    : { unsendable: `${path} is not a file of this batch, and cannot be read beside ${from}` };
}
