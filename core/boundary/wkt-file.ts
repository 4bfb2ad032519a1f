/**
 * Checking a .wkt file (one WKT per line, or one WKT): from its decoded text, or read as a stream line by
 * line so a big file of many boundaries is never held whole (only its diagnostics are).
 *
 * Both give the same diagnostics: a statement is a non-empty line when the file has more than one and every
 * one starts like WKT; otherwise the whole text is one statement. The stream cannot know that before its
 * end, so it holds its first statement back until a second one comes, and when the file turns out to be one
 * statement (or a line that does not start like WKT appears) it reads the file again as a whole text.
 */

import type { WktSummary } from '../input/kind-summary.ts';
import {
  editText,
  settleEditTexts,
  type Diagnostic,
  type Location,
  type TextPosition,
} from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import {
  readAll,
  readHead,
  decodeTextFile,
  type FileReport,
  type StatementFixer,
  type StreamedFile,
  type StreamFixResult,
  type ValidateOptions,
} from '../input/file-kind.ts';
import { DECODE_PIECE } from '../input/decode-text-stream.ts';
import { sniffBom, TextChunkDecoder } from '../input/text-decoding.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import { fieldFeature, keepBatchField, type FeatureVerdict } from '../records/field-features.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { wktSyntaxError } from '../geometry/wkt-rules.ts';
import { SweepBuffers } from '../geometry/segment-index.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import {
  checkRecordBoundary,
  type RecordBoundaryOptions,
  type RecordBoundaryResult,
} from './record-boundary.ts';
import { BoundaryPipeline, type BoundaryBatch, type BoundaryVerdict } from '../fields/boundary-jobs.ts';
import type { WorkerPool } from '../parallel/worker-pool.ts';

/**
 * A word at the start of a line (after an EWKT prefix): a geometry keyword, or a misspelt one that still
 * gets its own syntax error. NaN and Inf are numbers: a line starting with one goes on a coordinate list.
 */
const WKT_START = /^\s*(SRID\s*=\s*\d+\s*;\s*)?(?!(?:nan|inf|infinity)\b)[a-z]/i;

export interface WktStatement {
  text: string;
  /** Offset of its first character in the file's text. */
  offset: number;
  /** Its line, when the file has one WKT per line. */
  line?: number;
}

/**
 * The WKT statements of a .wkt file: one per non-empty line when the first two such lines each start one
 * (a later line that does not is still a statement, and gets its own syntax error), else the whole text
 * (one geometry written over several lines).
 */
export function splitWktStatements(text: string, lines: LineIndex): WktStatement[] {
  const statements: Array<{ text: string; offset: number; line: number }> = [];
  let offset = 0;
  for (let line = 1; line <= lines.lineCount; line++) {
    const content = lines.lineText(line);
    const start = offset;
    if (content.trim() !== '') statements.push({ text: content, offset: start, line });
    // Advance past this line's text and its line break.
    offset = start + content.length;
    if (text.charCodeAt(offset) === 13) offset++;
    if (text.charCodeAt(offset) === 10) offset++;
  }
  const [first, second] = statements;
  if (first && second && WKT_START.test(first.text) && WKT_START.test(second.text)) return statements;
  return [{ text, offset: 0 }];
}

/** The field record of one statement (the `index`th), its boundary placed at its characters. */
function wktRecord(s: WktStatement, index: number, lines: LineIndex): FieldRecord {
  const location: Location =
    s.line !== undefined
      ? { row: s.line, range: lines.range(s.offset, s.offset + s.text.length), feature: index }
      : { feature: index };
  const offset = s.offset;
  return {
    format: 'wkt',
    row: s.line ?? 1,
    feature: index,
    location,
    label: s.line !== undefined ? `line ${s.line}` : 'the boundary',
    lines,
    boundary: {
      kind: 'string',
      value: s.text,
      location,
      span: { start: offset, end: offset + s.text.length },
      mapOffset: (o) => offset + o,
    },
  };
}

/** Checks statements one at a time and keeps only what the report needs. */
class WktChecker {
  readonly collector: DiagnosticCollector;
  private count = 0;
  private valid = 0;
  private acres = 0;
  private readonly features: GeoJsonFeature[] | undefined;
  private readonly emit: ValidateOptions['emit'];
  private readonly batch: ValidateOptions['batchGeometry'];
  private pipeline: BoundaryPipeline<{ record: FieldRecord; detach: boolean }> | undefined;
  /** The caller's options, with the validity check's arrays reused from statement to statement. */
  private readonly check: RecordBoundaryOptions;

  /** `firstFeature`: the feature index of the first statement added (a statement checked on its own). */
  constructor(options: ValidateOptions, check: RecordBoundaryOptions, firstFeature = 0) {
    this.check = { buffers: new SweepBuffers(), ...check };
    this.count = firstFeature;
    this.collector = new DiagnosticCollector(options.selection);
    this.emit = options.emit;
    this.batch = options.batchGeometry;
    // The text report needs no geometry; a feature holds its boundary's coordinates until the report is written.
    this.features = options.features === false ? undefined : [];
  }

  /** Statements checked so far (the next one's feature index, for a checker that started at 0). */
  get checked(): number {
    return this.count;
  }

  /**
   * Check the boundaries on these workers too (see BoundaryPipeline): statements are then finished in
   * order as their checks come back (`settle`). With features or batch geometry, the workers send each
   * boundary's polygons back.
   */
  parallel(pool: WorkerPool | undefined, selection: ValidateOptions['selection']): void {
    if (!pool) return;
    const checks: Omit<BoundaryBatch, 'jobs'> = {};
    if (this.features || this.batch) checks.outline = true;
    if (selection) checks.selection = selection;
    if (this.check.acreageTolerance !== undefined) checks.acreageTolerance = this.check.acreageTolerance;
    this.pipeline = new BoundaryPipeline(pool, checks, ({ record, detach }, verdict) =>
      this.finish(record, detach, verdict),
    );
  }

  /** With workers: finish the statements whose checks are back (all of them with `all`), handing over. */
  async settle(all: boolean): Promise<void> {
    if (!this.pipeline) return;
    await this.pipeline.settle(all);
    this.handOver();
  }

  /** Check one statement; `detach` copies the text its diagnostics quote (see `detachStrings`). */
  add(statement: WktStatement, lines: LineIndex, detach = false): void {
    const record = wktRecord(statement, this.count++, lines);
    if (this.pipeline) this.pipeline.add({ record, detach }, record, lines, statement.offset);
    else this.finish(record, detach);
  }

  /** A statement's checks, made here or given (`verdict`, from a worker), into the report. */
  private finish(record: FieldRecord, detach: boolean, verdict?: BoundaryVerdict): void {
    const first = this.collector.diagnostics.length;
    let result: RecordBoundaryResult | undefined;
    if (verdict) {
      const list = this.collector.diagnostics;
      for (const d of verdict.diagnostics) list.push(d);
      if (verdict.result) result = { ...verdict.result, wkt: String(record.boundary?.value) };
    } else result = checkRecordBoundary(record, this.collector, this.check);
    if (detach) {
      const statement = { text: String(record.boundary?.value), offset: record.boundary?.span?.start ?? 0 };
      for (let i = first; i < this.collector.diagnostics.length; i++)
        detachStrings(this.collector.diagnostics[i]!, statement);
    }
    if (result?.valid) this.valid++;
    if (result?.areaAcres !== undefined) this.acres += result.areaAcres;
    // A boundary checked on a worker: its polygons came back beside its verdict.
    const shape: FeatureVerdict | undefined =
      result && verdict?.outline ? { ...result, geometry: verdict.outline } : result;
    this.features?.push(fieldFeature(record, shape));
    keepBatchField(this.batch, record, shape);
  }

  /** Hand the diagnostics found so far to `options.emit`, when the caller streams them (see ValidateOptions). */
  handOver(): void {
    if (!this.emit) return;
    const found = this.collector.take();
    if (found.length > 0) this.emit(found);
  }

  report(name: string, text?: string): FileReport {
    const summary: WktSummary = {
      type: 'wkt',
      boundaries: this.count,
      valid: this.valid,
      acres: round(this.acres),
    };
    const report: FileReport = { file: name, kind: 'wkt', diagnostics: this.collector.diagnostics, summary };
    if (text !== undefined) report.text = text;
    if (this.features) report.features = this.features;
    return report;
  }
}

const round = (n: number): number => Number(n.toFixed(2));

/**
 * A copy of a string that shares no memory with the text it was cut from. A slice of a line (a fix's
 * before and after) keeps the whole decoded chunk it came from alive; when the file is read as a stream,
 * copies let the chunks go, so 200,000 diagnostics do not hold the file's text.
 */
function detached(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/**
 * `statement`: the text its edits point into and where it starts in the file, for the text of an edit that
 * keeps parts of it (see TextEdit), which is read now: the statement's text goes when the stream moves on.
 */
function detachStrings(d: Diagnostic, statement: { text: string; offset: number }): void {
  d.message = detached(d.message);
  if (d.hint !== undefined) d.hint = detached(d.hint);
  const fix = d.fix;
  if (fix) {
    if (fix.before !== undefined) fix.before = detached(fix.before);
    if (fix.after !== undefined) fix.after = detached(fix.after);
    const edits = fix.edits ?? [];
    edits.forEach((e, i) => {
      const text = detached(editText(e, statement.text, e.start - statement.offset));
      edits[i] = { start: e.start, end: e.end, text };
    });
  }
  if (d.related) for (const r of d.related) r.message = detached(r.message);
}

/** Check a .wkt file's decoded text. */
export function checkWktText(
  name: string,
  text: string,
  options: ValidateOptions,
  check: RecordBoundaryOptions,
): FileReport {
  const lines = new LineIndex(text);
  const checker = new WktChecker(options, check);
  for (const statement of splitWktStatements(text, lines)) checker.add(statement, lines);
  return checker.report(name, text);
}

/** Statements' characters checked between two turns of the event loop, when workers check boundaries too. */
const TURN_EVERY = 64 * 1024;

/**
 * Check a .wkt file's decoded text with its boundaries on these workers too: the report `checkWktText`
 * gives. Their answers come in the turns of the event loop taken every TURN_EVERY characters of statements.
 */
export async function checkWktTextOnWorkers(
  name: string,
  text: string,
  options: ValidateOptions,
  check: RecordBoundaryOptions,
  pool: WorkerPool,
): Promise<FileReport> {
  const lines = new LineIndex(text);
  const checker = new WktChecker(options, check);
  checker.parallel(pool, options.selection);
  let since = 0;
  for (const statement of splitWktStatements(text, lines)) {
    checker.add(statement, lines);
    since += statement.text.length;
    if (since < TURN_EVERY) continue;
    since = 0;
    await checker.settle(false);
    await options.pause?.();
    // Stopped: the engine discards the report.
    if (options.signal?.aborted) break;
  }
  await checker.settle(true);
  return checker.report(name, text);
}

/**
 * The line index of one line of a bigger text: positions are on that line, offsets are the file's.
 * Only `position` and `range` are used for a statement's diagnostics.
 */
class OneLineIndex extends LineIndex {
  constructor(
    private readonly line: number,
    private readonly start: number,
    private readonly length: number,
  ) {
    super('');
  }

  override get lineCount(): number {
    return this.line;
  }

  override position(offset: number): TextPosition {
    const clamped = Math.max(this.start, Math.min(offset, this.start + this.length));
    return { offset: clamped, line: this.line, column: clamped - this.start + 1 };
  }
}

/** Statements are checked between chunks this far apart (bytes), giving the caller's event loop a turn. */
const PAUSE_EVERY = 1 << 20;

/**
 * Check a .wkt file read as a stream. The report has no text (a code frame reads its lines again) and no
 * features unless `options.features` is true. A file that is one statement is read whole, as
 * `checkWktText` reads it.
 */
export async function checkWktStream(
  file: StreamedFile,
  options: ValidateOptions,
  check: RecordBoundaryOptions,
): Promise<FileReport> {
  const features = options.features === true;
  const checker = new WktChecker({ ...options, features }, check);
  checker.parallel(options.workers?.(file.size), options.selection);
  let held: WktStatement | undefined;
  let statements = 0;
  // The text read while it may still be one statement (the whole file, for a file of one WKT). Its lines
  // are cut from it, so a boundary on one line of 100 MB is held once, not also as a line.
  let seen: string[] | undefined = [];
  const seenText = (): string => {
    const parts = seen as string[];
    const text = parts.length === 1 ? (parts[0] as string) : parts.join('');
    seen = [text];
    return text;
  };
  // If the second non-empty line is not WKT, the whole text is one statement: the text read up to that
  // line is kept when the rest is let go, and checked as the statement when its syntax error is already
  // there (most often), so the file need not be read again (standard input cannot be).
  let known: string | undefined;
  const asOneStatement = (prefix: string): FileReport | undefined => {
    if (!decides(prefix)) return undefined;
    // Read as one statement, the file is not the lines `checker` may have added to the batch's geometry.
    const one = new WktChecker({ ...options, features, batchGeometry: undefined }, check);
    one.add({ text: prefix, offset: 0 }, new LineIndex(prefix));
    return withoutText(one.report(file.name), prefix);
  };
  // The line that is not WKT, when one stopped the reading.
  let stop: { offset: number; length: number; line: number } | undefined;
  const onText = (text: string): void => {
    seen?.push(text);
  };
  const onLine = (line: () => string, offset: number, length: number, number: number): boolean => {
    const content = seen ? seenText().slice(offset, offset + length) : line();
    if (content.trim() === '') return true;
    // Two WKT lines make a file of one statement per line (see splitWktStatements): any later line is a
    // statement, and one that is not WKT gets its own syntax error.
    if (statements < 2 && !WKT_START.test(content)) {
      stop = { offset, length, line: number };
      if (seen) known = seenText().slice(0, offset + length);
      return false;
    }
    const statement = { text: content, offset, line: number };
    statements++;
    // The first statement waits: if it is the only one, the whole text is the statement.
    if (statements === 1) {
      held = statement;
      return true;
    }
    seen = undefined;
    if (held) {
      checker.add(held, new OneLineIndex(held.line as number, held.offset, held.text.length), true);
      held = undefined;
    }
    checker.add(statement, new OneLineIndex(number, offset, content.length), true);
    // From here on the file is read statement by statement: each one's diagnostics go out as found.
    checker.handOver();
    return true;
  };
  const complete = await readLines(file, options, onText, onLine, async () => {
    await checker.settle(false);
    return true;
  });
  await checker.settle(true);
  if (complete && statements >= 2) return checker.report(file.name);
  if (options.signal?.aborted) return checker.report(file.name);
  held = undefined;
  // One statement, or a line that is not WKT: the whole text, as `checkWktText` reads it. When what was
  // read is no longer kept, the text kept up to a line's end decides it when it can, else the file is
  // read again (standard input cannot be: that is said, not thrown).
  let text: string;
  if (complete && seen) {
    // The pieces joined are garbage as big as the text: reclaimed before the parse allocates as much.
    text = seenText();
    seen = undefined;
    options.releaseMemory?.();
  } else {
    const prefix = known;
    seen = undefined;
    known = undefined;
    const decided = prefix !== undefined ? asOneStatement(prefix) : undefined;
    if (decided) return decided;
    try {
      text = decodeTextFile((await readAll(file)).bytes);
    } catch (e) {
      return unreadAgain(file.name, options, stop, e);
    }
  }
  // No text in a streamed report, whichever way it was read.
  return withoutText(checkWktText(file.name, text, { ...options, features }, check), text);
}

/** A streamed file's report, without the text it was checked from: edits keeping parts of it read them now. */
function withoutText(report: FileReport, text: string): FileReport {
  for (const d of report.diagnostics) settleEditTexts(d, text);
  delete report.text;
  return report;
}

/** Characters of fixed text encoded and handed to `output` at a time. */
const OUTPUT_PIECE = 1 << 20;

/** The fix edits of a diagnostic moved by `delta` characters (each edit once: a fix may be shared). */
function shiftEdits(diagnostics: readonly Diagnostic[], delta: number): void {
  const seen = new Set<object>();
  for (const d of diagnostics)
    for (const e of d.fix?.edits ?? []) {
      if (seen.has(e)) continue;
      seen.add(e);
      e.start += delta;
      e.end += delta;
    }
}

/**
 * Fix a .wkt file of one boundary per line as it is read (see `FileKind.fixStream`): each statement is
 * checked on its own, at its place in the file, and fixed by `fixStatement` (the engine's fix loop); the
 * fixed statement is checked again at its place in the fixed file and its diagnostics handed over through
 * `options.emit`. The text between statements (blank lines, line breaks) is copied as it is, and the fixed
 * file goes to `output` a piece at a time: memory holds about one statement. Undefined for a file that is one statement, whose
 * second line does not start a geometry, or that is not UTF-8: the engine fixes those whole.
 */
export async function fixWktStream(
  file: StreamedFile,
  options: ValidateOptions,
  check: RecordBoundaryOptions,
  fixStatement: StatementFixer,
  output: (bytes: Uint8Array) => void,
): Promise<StreamFixResult | undefined> {
  const mark = sniffBom(await readHead(file, 3));
  if (mark && mark.encoding !== 'utf-8') return undefined;
  const features = options.features === true;
  // Each statement's checker (one per fix round) takes the same validity arrays.
  const checks: RecordBoundaryOptions = { buffers: new SweepBuffers(), ...check };
  const final = new WktChecker({ ...options, features }, checks);
  const checkStatement = (
    text: string,
    at: number,
    line: number,
    index: number,
    listAll: boolean,
  ): FileReport => {
    const one = new WktChecker(
      { ...options, listAll, features: false, emit: undefined, batchGeometry: undefined },
      checks,
      index,
    );
    one.add({ text, offset: at, line }, new OneLineIndex(line, at, text.length));
    const report = one.report(file.name, text);
    // Edits into the statement's own text, as the fix loop applies them.
    shiftEdits(report.diagnostics, -at);
    return report;
  };

  // The fixed file: the input's text with each changed statement replaced, to `output` in pieces of about a
  // megabyte.
  const encoder = new TextEncoder();
  let pieces: string[] = [];
  let piecesLength = 0;
  const flushPieces = (): void => {
    if (piecesLength === 0) return;
    output(encoder.encode(pieces.length === 1 ? (pieces[0] as string) : pieces.join('')));
    pieces = [];
    piecesLength = 0;
  };
  const put = (text: string): void => {
    pieces.push(text);
    piecesLength += text.length;
    if (piecesLength >= OUTPUT_PIECE) flushPieces();
  };
  if (mark) output(new Uint8Array([0xef, 0xbb, 0xbf]));
  // Decoded input not yet copied to the output: pieces from offset `copied` on.
  let input: string[] = [];
  let copied = 0;
  // Go on to `offset` of the input, copying its text to the output, or skipping it (a statement replaced by
  // its fixed text).
  const advanceTo = (offset: number, copy: boolean): void => {
    let at = copied;
    let k = 0;
    for (; k < input.length && at < offset; k++) {
      const piece = input[k] as string;
      const end = at + piece.length;
      if (end > offset) {
        if (copy) put(piece.slice(0, offset - at));
        input[k] = piece.slice(offset - at);
        at = offset;
        break;
      }
      if (copy) put(piece);
      at = end;
    }
    input = input.slice(k);
    copied = at;
  };

  const queue: WktStatement[] = [];
  let statements = 0;
  let changed = false;
  // Characters the fixed file has more than the input so far (statements after move by this much).
  let delta = 0;
  let notStatements = false;
  const fixQueued = async (): Promise<boolean> => {
    // The first statement waits for a second: a file of one statement is fixed whole.
    if (statements < 2) return true;
    while (queue.length > 0) {
      const s = queue.shift() as WktStatement;
      const line = s.line as number;
      const index = final.checked;
      const first = checkStatement(s.text, s.offset, line, index, false);
      const text = await fixStatement({
        first,
        check: (t, listAll) => checkStatement(t, s.offset, line, index, listAll),
      });
      if (options.signal?.aborted) return false;
      const now = text ?? s.text;
      // The text before the statement as it is; the statement fixed, or as it is too.
      advanceTo(s.offset, true);
      if (text !== undefined && text !== s.text) {
        changed = true;
        put(text);
        advanceTo(s.offset + s.text.length, false);
      } else advanceTo(s.offset + s.text.length, true);
      final.add(
        { text: now, offset: s.offset + delta, line },
        new OneLineIndex(line, s.offset + delta, now.length),
        true,
      );
      final.handOver();
      delta += now.length - s.text.length;
    }
    return true;
  };
  const onLine = (line: () => string, offset: number, length: number, number: number): boolean => {
    const content = line();
    if (content.trim() === '') return true;
    if (statements < 2 && !WKT_START.test(content)) {
      notStatements = true;
      return false;
    }
    statements++;
    queue.push({ text: content, offset, line: number });
    return true;
  };
  const complete = await readLines(file, options, (text) => input.push(text), onLine, fixQueued);
  // Cancelled: what was checked, and no fixed file.
  if (!complete && !notStatements) return { report: final.report(file.name), changed: false };
  if (notStatements || statements < 2) return undefined;
  advanceTo(Infinity, true);
  flushPieces();
  return { report: final.report(file.name), changed };
}

/**
 * Whether `prefix` (a file's start, up to a line's end) gives the diagnostics of the whole file read as one
 * statement: its syntax error lies before the prefix's end. The parser stops at the first token that does
 * not fit, and a token before a line's end is the same token in the whole text. Not when the prefix parses,
 * or fails only at its end (the statement goes on past it).
 */
function decides(prefix: string): boolean {
  const parsed = parseWkt(prefix);
  return !parsed.ok && parsed.error.offset < prefix.length;
}

/** The report of a file that had to be read again as one statement, and could not be (standard input). */
function unreadAgain(
  name: string,
  options: ValidateOptions,
  stop: { offset: number; length: number; line: number } | undefined,
  error: unknown,
): FileReport {
  const reason = error instanceof Error ? error.message : String(error);
  const at = stop ?? { offset: 0, length: 0, line: 1 };
  const collector = new DiagnosticCollector(options.selection);
  collector.report(wktSyntaxError, {
    messageId: 'syntax',
    data: {
      detail: `line ${at.line} does not start a geometry, so the input is one WKT, which could not be read again to check it whole (${reason})`,
    },
    location: {
      row: at.line,
      range: new OneLineIndex(at.line, at.offset, at.length).range(at.offset, at.offset + at.length),
    },
    hint: 'Give one WKT per line (remove or correct this line), or save the input to a file and check that.',
  });
  const summary: WktSummary = { type: 'wkt', boundaries: 1, valid: 0, acres: 0 };
  return { file: name, kind: 'wkt', diagnostics: collector.diagnostics, summary };
}

/**
 * Decode a streamed text file (its byte order mark names the encoding, as `decodeText` reads it) and call
 * `onLine` with each line's text (without its line break, made when asked for), its offset in the decoded
 * text, its length and its number.
 * Line breaks are those of LineIndex: \n, \r\n and \r. `onText` sees every piece of decoded text first.
 * Returns false when `onLine` stopped it (or the run was cancelled).
 */
async function readLines(
  file: StreamedFile,
  options: ValidateOptions,
  onText: (text: string) => void,
  onLine: (content: () => string, offset: number, length: number, line: number) => boolean,
  afterPiece?: () => Promise<boolean>,
): Promise<boolean> {
  const reader = file.open().getReader();
  const decoder = new TextChunkDecoder();
  // The start of the current line, as pieces (joined only when asked for: a line of 100 MB is not copied).
  let pending: string[] = [];
  let pendingLength = 0;
  let pendingOffset = 0;
  let line = 1;
  let bytes = 0;
  let sincePause = 0;
  // A \r at the end of a chunk: whether it pairs with a \n is known with the next chunk.
  let endsInCr = false;
  const take = (text: string): boolean => {
    // A chunk that ended inside a character decodes to nothing yet.
    if (text === '') return true;
    onText(text);
    let from = 0;
    if (endsInCr) {
      endsInCr = false;
      if (text.charCodeAt(0) === 10) {
        from = 1;
        pendingOffset++;
      }
    }
    for (;;) {
      let lf = text.indexOf('\n', from);
      let cr = text.indexOf('\r', from);
      if (lf < 0 && cr < 0) break;
      if (lf < 0) lf = Infinity;
      if (cr < 0) cr = Infinity;
      const end = Math.min(lf, cr);
      const tail = text.slice(from, end);
      const parts = pending;
      const length = pendingLength + tail.length;
      const content = (): string => (parts.length === 0 ? tail : parts.join('') + tail);
      pending = [];
      pendingLength = 0;
      if (!onLine(content, pendingOffset, length, line++)) return false;
      let next = end + 1;
      if (end === cr) {
        if (cr + 1 === text.length) endsInCr = true;
        else if (text.charCodeAt(cr + 1) === 10) next++;
      }
      pendingOffset += length + (next - end);
      from = next;
    }
    if (from < text.length) {
      pending.push(from === 0 ? text : text.slice(from));
      pendingLength += text.length - from;
    }
    return true;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      // Decoded in pieces of at most 64 KB, as decodeTextStream does (big strings are slow to make).
      for (let at = 0; at < value.length; at += DECODE_PIECE) {
        if (
          !take(decoder.decode(value.length <= DECODE_PIECE ? value : value.subarray(at, at + DECODE_PIECE)))
        )
          return false;
        if (afterPiece && !(await afterPiece())) return false;
      }
      sincePause += value.length;
      if (sincePause >= PAUSE_EVERY) {
        sincePause = 0;
        options.progress?.({ bytes });
        await options.pause?.();
        if (options.signal?.aborted) return false;
      }
    }
    if (!take(decoder.end())) return false;
    // The last line (LineIndex counts the empty one after a final line break too).
    const parts = pending;
    if (!onLine(() => parts.join(''), pendingOffset, pendingLength, line)) return false;
    return afterPiece ? await afterPiece() : true;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
