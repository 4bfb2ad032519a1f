/**
 * One batch as a person shapes it before sending: its files (the bytes as given), how each is read (its
 * kind, a CSV's column mapping and constant values, its encoding or delimiter), what was changed in it (cell
 * and line edits, chosen fixes, in order) and who receives rows that name no user. The app's workbench, the
 * browser host and the command line all hold this one value and hand it to the same prepare
 * (core/batch/prepare.ts), so what was checked on screen is what is sent.
 *
 * Plain data: `batchStateToJson` / `batchStateFromJson` give the file form (`fieldgate submit --state`, the
 * app's "save batch"), with each file's bytes inline (base64) or as a path the adapter reads.
 */
import type { CsvMapping } from '../csv/csv-mapping.ts';
import { parseCsvMapping } from '../csv/csv-mapping.ts';
import type { FixSafety } from '../diagnostics/diagnostic.ts';

/** A fix chosen by a person: every fix of a safety, every fix of a rule, or the fix of one problem. */
export type FixChoice =
  | { all: FixSafety }
  | { rule: string; safety: FixSafety }
  | {
      /** The problem's code, and where it is: the fix applies only when the same problem is found there. */
      code: string;
      at: ProblemAnchor;
      safety: FixSafety;
    };

/** Where a problem is, in terms that survive other changes to the file (not its id, which is renumbered). */
export interface ProblemAnchor {
  row?: number;
  field?: string;
  /** Character offset of its range in the decoded text. */
  offset?: number;
  entry?: string;
  record?: number;
}

/** One change to a file, applied in order on top of its bytes as given. */
export type BatchChange =
  /** A CSV cell: data row (1-based, as reports number them) and cell index (0-based) → its new value. */
  | { type: 'cell'; row: number; column: number; value: string }
  /** A whole CSV row (its cells, written with the file's delimiter). */
  | { type: 'row'; row: number; cells: string[] }
  /** A line of another text file (1-based), its line break kept. */
  | { type: 'line'; line: number; text: string }
  | { type: 'fix'; fix: FixChoice };

/** Kind settings a file is read with (the engine's `settings`): text, numbers or booleans. */
export type KindSettingValues = Record<string, string | number | boolean>;

export interface BatchFile {
  /** Its name: shown, used to detect its kind, and how a CSV row names it. Unique in the batch. */
  name: string;
  /** The bytes as given (dropped, read from disk): changes apply on top. */
  bytes: Uint8Array;
  /** Read as this kind (a name `fieldgate kinds` lists) instead of detecting it. */
  kind?: string;
  /** A CSV batch's column mapping and constant values. */
  mapping?: CsvMapping;
  /** Other kind settings (encoding, delimiter, acreageTolerance, rateColumn …). */
  settings?: KindSettingValues;
  changes?: BatchChange[];
}

export interface BatchState {
  files: BatchFile[];
  /** The receiving user (X-User-Name) of rows that name none. */
  userName?: string;
  /** The sampleDate of soil tests that give none. */
  sampleDate?: string;
}

/** The engine settings a file is read with: its settings, and its mapping as the `mapping` setting. */
export function engineSettingsOf(file: Pick<BatchFile, 'mapping' | 'settings'>): KindSettingValues {
  const out: KindSettingValues = { ...file.settings };
  if (file.mapping) out.mapping = JSON.stringify(file.mapping);
  return out;
}

/** The file form of a state: bytes as base64, or as a path for files the adapter reads from disk. */
export interface BatchStateJson {
  fieldgateBatch: 1;
  files: Array<Omit<BatchFile, 'bytes'> & ({ contentBase64: string; path?: undefined } | { path: string })>;
  userName?: string;
  sampleDate?: string;
}

/** Bytes as base64 (btoa and atob are globals of every JavaScript host the core runs in). */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  // In pieces: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

/** Base64 as bytes; undefined when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The file form of a state. `pathOf` gives the path a file is kept under (written instead of its bytes);
 * undefined writes the bytes inline.
 */
export function batchStateToJson(
  state: BatchState,
  pathOf: (file: BatchFile) => string | undefined = () => undefined,
): BatchStateJson {
  return {
    fieldgateBatch: 1,
    files: state.files.map(({ bytes, ...file }) => {
      const path = pathOf({ bytes, ...file });
      return path !== undefined ? { ...file, path } : { ...file, contentBase64: bytesToBase64(bytes) };
    }),
    ...(state.userName !== undefined ? { userName: state.userName } : {}),
    ...(state.sampleDate !== undefined ? { sampleDate: state.sampleDate } : {}),
  };
}

/** A batch state file that is not one: what is wrong, where. */
export class BatchStateError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkChange(change: unknown, where: string): BatchChange {
  if (!isObject(change)) throw new BatchStateError(`${where}: a change is an object`);
  const whole = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;
  switch (change.type) {
    case 'cell':
      if (whole(change.row, 1) && whole(change.column, 0) && typeof change.value === 'string')
        return { type: 'cell', row: change.row, column: change.column, value: change.value };
      break;
    case 'row':
      if (
        whole(change.row, 1) &&
        Array.isArray(change.cells) &&
        change.cells.every((c) => typeof c === 'string')
      )
        return { type: 'row', row: change.row, cells: change.cells as string[] };
      break;
    case 'line':
      if (whole(change.line, 1) && typeof change.text === 'string')
        return { type: 'line', line: change.line, text: change.text };
      break;
    case 'fix': {
      const fix = change.fix;
      const safety = (v: unknown): v is FixSafety => v === 'safe' || v === 'unsafe';
      if (isObject(fix)) {
        if (safety(fix.all)) return { type: 'fix', fix: { all: fix.all } };
        if (typeof fix.rule === 'string' && safety(fix.safety))
          return { type: 'fix', fix: { rule: fix.rule, safety: fix.safety } };
        if (typeof fix.code === 'string' && isObject(fix.at) && safety(fix.safety))
          return { type: 'fix', fix: { code: fix.code, at: fix.at as ProblemAnchor, safety: fix.safety } };
      }
      break;
    }
  }
  throw new BatchStateError(
    `${where}: not a change (cell {row, column, value}, row {row, cells}, line {line, text} or fix {fix})`,
  );
}

/**
 * A state read from its file form; `readPath` reads a file given by path (relative to the state file,
 * the adapter's business). Throws BatchStateError saying what is wrong and where.
 */
export async function batchStateFromJson(
  value: unknown,
  readPath: (path: string) => Promise<Uint8Array>,
): Promise<BatchState> {
  if (!isObject(value) || value.fieldgateBatch !== 1)
    throw new BatchStateError('not a Fieldgate batch ({"fieldgateBatch": 1, "files": [...]})');
  if (!Array.isArray(value.files) || value.files.length === 0)
    throw new BatchStateError('"files" must list at least one file');
  const files: BatchFile[] = [];
  const names = new Set<string>();
  for (const [i, raw] of value.files.entries()) {
    const where = `files[${i}]`;
    if (!isObject(raw)) throw new BatchStateError(`${where}: a file is an object`);
    const path = typeof raw.path === 'string' ? raw.path : undefined;
    const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : path?.split(/[\\/]/).pop();
    if (!name) throw new BatchStateError(`${where}: give the file a "name" (or a "path")`);
    if (names.has(name)) throw new BatchStateError(`${where}: a second file named "${name}"`);
    names.add(name);
    let bytes: Uint8Array | undefined;
    if (typeof raw.contentBase64 === 'string') {
      bytes = base64ToBytes(raw.contentBase64);
      if (!bytes) throw new BatchStateError(`${where}: "contentBase64" is not base64`);
    } else if (path !== undefined) bytes = await readPath(path);
    else throw new BatchStateError(`${where}: give its bytes ("contentBase64") or a "path"`);
    const file: BatchFile = { name, bytes };
    if (typeof raw.kind === 'string') file.kind = raw.kind;
    if (raw.mapping !== undefined) {
      const mapping = parseCsvMapping(JSON.stringify(raw.mapping));
      if (typeof mapping === 'string') throw new BatchStateError(`${where}: mapping: ${mapping}`);
      file.mapping = mapping;
    }
    if (raw.settings !== undefined) {
      if (
        !isObject(raw.settings) ||
        !Object.values(raw.settings).every((v) => ['string', 'number', 'boolean'].includes(typeof v))
      )
        throw new BatchStateError(`${where}: "settings" maps names to text, numbers or booleans`);
      file.settings = raw.settings as KindSettingValues;
    }
    if (raw.changes !== undefined) {
      if (!Array.isArray(raw.changes)) throw new BatchStateError(`${where}: "changes" is a list`);
      file.changes = raw.changes.map((c, k) => checkChange(c, `${where}.changes[${k}]`));
    }
    files.push(file);
  }
  const state: BatchState = { files };
  if (typeof value.userName === 'string' && value.userName.trim() !== '') state.userName = value.userName;
  if (typeof value.sampleDate === 'string' && value.sampleDate.trim() !== '')
    state.sampleDate = value.sampleDate;
  return state;
}
