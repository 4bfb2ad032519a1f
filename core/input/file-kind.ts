import type { WorkerFactory, WorkerPool } from '../parallel/worker-pool.ts';
import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import type { RuleSelection } from '../rules/selection.ts';
import type { JsonValue } from '../json/json-document.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import type { KindRecord } from '../records/submit-record.ts';
import type { BatchGeometry } from './batch-geometry.ts';
import type { KindSummary } from './kind-summary.ts';

export * from './kind-summary.ts';
import { decodeText } from './text-decoding.ts';

/** A file handed to the core by an adapter: a name (for detection and messages) and its bytes. */
export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * A file an adapter can read as a stream instead of handing over its bytes: big inputs validate in bounded
 * memory through kinds that stream (`FileKind.validateStream`); the others get every byte via `readAll`.
 */
export interface StreamedFile {
  name: string;
  /** Opens the file from its start; may be called more than once (detection reads a head first). */
  open: () => ReadableStream<Uint8Array>;
  /** The size in bytes, when known (progress, and whether streaming is worth it). */
  size?: number;
}

/** What an adapter hands the engine: the bytes, or a way to stream them. */
export type SourceFile = InputFile | StreamedFile;

export function isStreamed(file: SourceFile): file is StreamedFile {
  return !('bytes' in file) || (file as { bytes?: unknown }).bytes === undefined;
}

/** A streamed file that could not be opened or failed while it was read: the file is unreadable, not the run. */
export class SourceReadError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SourceReadError';
  }
}

/** Whether the error (or one it was caused by) is a SourceReadError: a kind may wrap what it caught. */
export function sourceReadError(error: unknown): SourceReadError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++)
    if (e instanceof SourceReadError) return e;
  return undefined;
}

/**
 * The streamed file with its failures told apart: an `open` that throws and a stream that errors become
 * SourceReadErrors, whoever reads it (detection, a kind that streams, `readAll`).
 */
export function withReadErrors(file: StreamedFile): StreamedFile {
  const open = (): ReadableStream<Uint8Array> => {
    let reader: ReadableStreamDefaultReader<Uint8Array>;
    try {
      reader = file.open().getReader();
    } catch (e) {
      throw new SourceReadError(file.name, e);
    }
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          let next: ReadableStreamReadResult<Uint8Array>;
          try {
            next = await reader.read();
          } catch (e) {
            controller.error(new SourceReadError(file.name, e));
            return;
          }
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      // Nothing read ahead: each read of the wrapper is one read of the file.
      { highWaterMark: 0 },
    );
  };
  return { ...file, open };
}

/** Up to `max` bytes from the start of a streamed file (fewer when it is shorter). */
export async function readHead(file: StreamedFile, max: number): Promise<Uint8Array> {
  const reader = file.open().getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return joinChunks(chunks, Math.min(length, max));
}

/**
 * Every byte of a file: for kinds that need the whole file (and for fixes). Read into one buffer of the
 * file's size as chunks arrive, so a big file is not held twice (as chunks and joined).
 */
export async function readAll(file: SourceFile): Promise<InputFile> {
  if (!isStreamed(file)) return file;
  const reader = file.open().getReader();
  let buffer = new Uint8Array(file.size ?? 1 << 16);
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (length + value.length > buffer.length) {
      // The file grew (or its size was not known): a bigger buffer.
      const bigger = new Uint8Array(Math.max(buffer.length * 2, length + value.length));
      bigger.set(buffer.subarray(0, length));
      buffer = bigger;
    }
    buffer.set(value, length);
    length += value.length;
  }
  return { name: file.name, bytes: length === buffer.length ? buffer : buffer.subarray(0, length) };
}

function joinChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] && chunks[0].length === length) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    if (at >= length) break;
    const part = c.length <= length - at ? c : c.subarray(0, length - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** How far a kind has got with one file, for progress bars. */
export interface KindProgress {
  /** Bytes of the input read so far. */
  bytes?: number;
  /** Records (fields, requests, zones, samples) checked so far. */
  records?: number;
  /** Features (geometries) checked so far. */
  features?: number;
}

export interface ValidateOptions {
  selection?: RuleSelection;
  /**
   * The time "now", injected: "in the future" checks compare against it. One `Date` per run, the same type
   * `checkSampleDate` and `checkServiceRequest` take, so every check of a report sees the same instant.
   */
  now?: Date;
  /** sampleDate to pair with a Modus soil test file. */
  sampleDate?: string;
  /** Kind-specific settings (rate column name, acreage tolerance ...), checked by core/engine/settings.ts. */
  settings?: Record<string, JsonValue>;
  /**
   * Keep every diagnostic instead of capping each rule's list: the engine asks for this in fix passes, so
   * the cap limits what is listed, never what is fixed. Kinds honour it where they cap.
   */
  listAll?: boolean;
  /**
   * Whether to return the checked geometry as GeoJSON features (default true; a text report needs none).
   * 'map': features only to draw (an HTML report's map): a kind may keep simplified outlines, which hold a
   * fraction of the memory (a CSV batch keeps at most 32 vertices a ring).
   */
  features?: boolean | 'map';
  /**
   * Whether a kind's summary carries the geometry it checked (a prescription's zones as GeoJSON: about 70
   * bytes a point, most of the memory a big one takes); default true, false for a report that shows none.
   */
  summaryGeometry?: boolean;
  /**
   * When given, a kind adds the file's field boundaries, prescription zones and soil sample points here as
   * it checks them, whether or not it returns features: the checks across the files of a batch read them
   * (core/cross-file). Files a CSV batch names are not added.
   */
  batchGeometry?: BatchGeometry;
  /**
   * Worker threads for checks that run apart (core/parallel), for a file of `bytes` (undefined when not
   * known; a file read whole as text gives its length): undefined when the file is too small to pay for
   * them or the run has none. Started on first use, stopped by the engine at the end of its run.
   */
  workers?: (bytes: number | undefined) => WorkerPool | undefined;
  /**
   * How to start the worker thread that decodes and scans a Modus file of `bytes` while this thread checks
   * it (core/modus/modus-split.ts): undefined when the file is too small to pay for it or the run has none.
   */
  scanWorker?: (bytes: number | undefined) => WorkerFactory | undefined;
  /** Hooks for kinds that work in chunks: report progress, let the caller's event loop run, stop early. */
  progress?: (progress: KindProgress) => void;
  /** Resolves after the event loop had a turn; a kind awaits it between chunks. */
  pause?: () => Promise<void>;
  /**
   * For `validateStream`: a kind may hand its diagnostics over here as it finds them (record by record, in
   * report order), so none is held until the file is done; those are then not in its report, whose
   * `diagnostics` are the ones found after the last hand-over.
   */
  emit?: (diagnostics: Diagnostic[]) => void;
  /** When aborted a kind may stop early: the engine discards its report and says the run was cancelled. */
  signal?: AbortSignal;
  /**
   * Called by a kind right after it let go of a big buffer (the decoded pieces of a file read as one
   * statement, joined) and before it allocates about as much again: a host that can (the command line runs
   * V8's collector) reclaims the memory now, not after, which lowers the peak.
   */
  releaseMemory?: () => void;
  /** Reads a file a batch names (a CSV row's path), relative to the file `from`; undefined when absent. */
  resolveFile?: (relativePath: string, from: string) => Promise<Uint8Array | undefined>;
  /**
   * Return the records the file holds for sending (`FileReport.records`): kinds whose files can be sent
   * read them in the same pass as their checks. The engine reads such a file whole.
   */
  records?: boolean;
}

export interface FileReport {
  file: string;
  /** The detected kind id ("field-upload", "enrollment-request", "modus-result", ...). */
  kind: string;
  diagnostics: Diagnostic[];
  /** The decoded text, when the file is text: renderers use it for code frames. */
  text?: string;
  /** The kind's summary (counts, extents, analytes) for `inspect`, reports and the app, by `type`. */
  summary?: KindSummary;
  /** The geometry that was checked (fields, zones, sample points); `Location.feature` indexes it. */
  features?: GeoJsonFeature[];
  /**
   * When asked for (`ValidateOptions.records`) from a kind whose files can be sent: its records, each with
   * the indexes of its diagnostics in `diagnostics`.
   */
  records?: KindRecord[];
}

/** A file's report whatever names its records' diagnostics: what renderers of a report need. */
export type CheckedFileReport = Omit<FileReport, 'records'>;

export interface FixResult {
  /** The fixed file's bytes. */
  bytes: Uint8Array;
  /** Diagnostics whose fixes were applied. */
  applied: Diagnostic[];
}

/** One statement of a file fixed statement by statement (see `FileKind.fixStream`). */
export interface StatementToFix {
  /** The statement as checked: `text` is its text, fix edits point into it, locations into the file. */
  first: FileReport;
  /** Check another version of the statement's text, at its place in the file (edits point into `text`). */
  check(text: string, listAll: boolean): FileReport;
}

/** The engine's fix loop for one statement: its fixed text, or undefined when it is left as it is. */
export type StatementFixer = (statement: StatementToFix) => Promise<string | undefined>;

export interface StreamFixResult {
  /** The fixed file's report; its diagnostics were handed over through `options.emit` as found. */
  report: FileReport;
  /** Whether a statement changed (else the fixed file is the input: nothing to write). */
  changed: boolean;
}

/**
 * What a kind can do, declared as data: the engine chooses how to read and fix each file from it (see
 * `readingPlan` in core/engine/engine.ts), and the registry defines the lazily loaded kind's methods by it.
 * Each `true` promises the method named; the registry test checks that each loaded kind keeps it.
 */
export interface KindCapabilities {
  /** Validates a file read as a stream, in bounded memory (`validateStream`). */
  streams: boolean;
  /** Validates decoded text, so a big file's bytes can go once decoded (`validateText`). */
  text: boolean;
  /** Applies its fixes (`fix`). */
  fixes: boolean;
  /** Fixes a big file statement by statement as it reads it (`fixStream`). */
  fixesByStatement: boolean;
  /** Returns the records a batch sends, when asked (`FileReport.records`, `ValidateOptions.records`). */
  records: boolean;
}

/** A kind that can do nothing beyond validating bytes. */
export const VALIDATES_ONLY: KindCapabilities = {
  streams: false,
  text: false,
  fixes: false,
  fixesByStatement: false,
  records: false,
};

/** One kind of input file Fieldgate understands. */
export interface FileKind {
  /** The kind's name: what reports say, `fieldgate kinds` lists and `--kind` takes. */
  id: string;
  title: string;
  /** What it can do (the settings it reads are in core/engine/settings.ts, each with its kinds). */
  can: KindCapabilities;
  /** How sure this kind is that the file is its own: 0 = not mine; the highest score wins. */
  detect(file: InputFile): number;
  /**
   * The kind reads bytes that are not text (a ZIP): its name alone may choose it for a file that is not
   * text. Text kinds are never chosen by name for such a file (see `notTextReason`).
   */
  binary?: boolean;
  validate(file: InputFile, options: ValidateOptions): Promise<FileReport>;
  /**
   * Validate a file read as a stream, holding only what the checks need (no `text` in the report, so
   * no code frames from it; an adapter may read the lines it shows again). Kinds without it get all bytes.
   */
  validateStream?(file: StreamedFile, options: ValidateOptions): Promise<FileReport>;
  /**
   * Validate the text `decodeTextFile` gives (what `validate` does after decoding): lets the engine let go
   * of a big file's bytes once they are decoded, when it will not fix the file.
   */
  validateText?(file: { name: string; text: string }, options: ValidateOptions): Promise<FileReport>;
  /** Apply fixes of the allowed safeties; undefined when nothing could be fixed. */
  fix?(file: InputFile, report: FileReport, allowed: readonly FixSafety[]): Promise<FixResult | undefined>;
  /**
   * Fix a big file of independent statements (a .wkt file of one boundary per line) as it is read: the
   * engine's fix loop runs on each statement through `fixStatement` (`fix` applies its edits), and the kind
   * checks each statement as fixed, handing the diagnostics over through `options.emit`. The fixed file's
   * bytes go to `output` a piece at a time as they are made (the whole file, whether or not it changed).
   * Undefined when the file is not made of statements that way (one geometry, another encoding than
   * UTF-8): the engine then fixes it whole.
   */
  fixStream?(
    file: StreamedFile,
    options: ValidateOptions,
    fixStatement: StatementFixer,
    output: (bytes: Uint8Array) => void,
  ): Promise<StreamFixResult | undefined>;
}

/**
 * What detection needs of a kind: its name and its detector, exported from a module that does not import
 * the kind's checks, so the registry can detect with every kind and load only the one it chose.
 */
export type KindInfo = Pick<FileKind, 'id' | 'title' | 'detect' | 'binary' | 'can'>;

/**
 * Extensions of the files Fieldgate reads (a file picker's filter, the files taken from a folder given on
 * the command line); any file may still be given by name, its kind found from its content.
 */
export const READ_FILE_EXTENSIONS: readonly string[] = [
  'csv',
  'tsv',
  'txt',
  'wkt',
  'geojson',
  'json',
  'kml',
  'zip',
  'xml',
];

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * Decode a text file: UTF-8, or UTF-16 LE/BE when a byte order mark says so (core/input/text-decoding.ts).
 * Every text kind decodes through here.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  return decodeText(bytes).text;
}

/** The first non-whitespace character of a file (in its encoding), for cheap sniffing. */
export function firstSignificantChar(bytes: Uint8Array): string {
  const head = decodeText(bytes.subarray(0, 4096)).text;
  const m = /[^ \t\r\n]/.exec(head);
  return m ? m[0] : '';
}

/** Bytes no text file (CSV, JSON, WKT, XML, in UTF-8, UTF-16 with a mark, or Windows-1252) holds. */
function isControl(b: number): boolean {
  return (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f;
}

/**
 * Why a file's head is not text, or undefined when it may be: a NUL byte, or more than a few control
 * characters, in the first 8 KiB (a text file with a UTF-16 byte order mark is text). Random bytes, an
 * .xls workbook, an image or an archive named .csv or .json are refused in one line, not read as garbage.
 */
export function notTextReason(bytes: Uint8Array): string | undefined {
  const head = bytes.subarray(0, 8192);
  if (head.length === 0) return undefined;
  const b0 = head[0];
  const b1 = head[1];
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return undefined;
  let controls = 0;
  let nul = false;
  for (const b of head) {
    if (b === 0) nul = true;
    if (isControl(b)) controls++;
  }
  if (!nul && controls * 50 <= head.length) return undefined;
  const ole = [0xd0, 0xcf, 0x11, 0xe0].every((m, i) => head[i] === m);
  if (ole)
    return 'not a text file: it is an Excel 97–2003 workbook (.xls) or another Office file; save the sheet as CSV';
  const everyOtherNul =
    head.length >= 4 && head.filter((b, i) => i % 2 === 1 && b === 0).length * 4 >= head.length;
  return everyOtherNul
    ? 'not a text file: it looks like UTF-16 without a byte order mark; save it as UTF-8 (or UTF-16 with a BOM)'
    : `not a text file: its first bytes hold ${nul ? 'NUL bytes' : 'control characters'}, which no CSV, JSON, WKT or XML file has (a workbook, an image or an archive?)`;
}
