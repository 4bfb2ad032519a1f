/**
 * The report as JSON (docs/report-format.md), written piece by piece to a sink: diagnostics are serialised
 * one by one as they come, so a report of 200,000 diagnostics never becomes one string.
 */
import { editText, isPlainTextEdit, type TextEdit } from '../diagnostics/diagnostic.ts';
import type { FileResult, Report } from './report.ts';

/** JSON text laid out as `JSON.stringify(value, null, indent)` does (it may escape more, never less). */
export type Stringify = (value: unknown, indent: number) => string;

const plain: Stringify = (value, indent) => JSON.stringify(value, null, indent);

/**
 * Edit texts at least this long (rebuilt polygons, thousands of characters each) are serialised on their
 * own, not inside their diagnostic's text: one ASCII text stringifies and writes fast, while inside a text
 * that also holds a "°" or "…" it became a two-byte string, copied, scanned and encoded again.
 */
const LONG_TEXT = 1024;

/** Characters of a long text written per call. */
const WRITE_PIECE = 1 << 20;

/**
 * Characters gathered before one write: a write per piece made 15,000 writes for 5,000 rebuilt polygons
 * (15,000 small writes of a file take three times as long as 1,000 big ones). Under 4 KB, Node encodes each
 * write into its shared buffer pool; writes of 64 KB each got a buffer of their own, and those waiting for
 * the collector added 64 MB to the peak memory of a 96 MB report.
 */
const WRITE_GATHER = 4000;

/**
 * Values (each array item, object entry and the value itself) laid out by one stringify call at most: a
 * bigger array or object in a file entry (a prescription summary's map of 2 million points) is laid out
 * item by item, so its 230 MB of text are never one string (that took 1.5 GB).
 */
const WHOLE_VALUES = 4096;

/** An array, or an object JSON.stringify lays out key by key (no toJSON, plain prototype): its items. */
function containerItems(v: unknown): unknown[] | [string, unknown][] | undefined {
  if (Array.isArray(v)) return v;
  if (typeof v !== 'object' || v === null || typeof (v as { toJSON?: unknown }).toJSON === 'function')
    return undefined;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null ? Object.entries(v) : undefined;
}

/** The values `v` holds, itself included, counted up to `limit` (more stops the count there). */
function valueCount(v: unknown, limit: number): number {
  const items = containerItems(v);
  if (!items) return 1;
  let count = 1;
  for (const item of items) {
    if (count > limit) break;
    count += valueCount(Array.isArray(v) ? item : (item as [string, unknown])[1], limit - count);
  }
  return count;
}

/** Text that is its own JSON string body: printable ASCII but the quote and the backslash. */
const JSON_PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `d` with each long edit text replaced by `marker` and its index in `long` (where the edit is put: its text
 * is read when written, so the text of an edit that keeps parts of the checked text exists only then). The marker holds a NUL and a random
 * part, so no text of the input can pass for it.
 */
function withLongTextsOut(d: unknown, long: TextEdit[], marker: string): unknown {
  if (typeof d !== 'object' || d === null || !('fix' in d)) return d;
  const fix = (d as { fix?: unknown }).fix;
  if (typeof fix !== 'object' || fix === null || !('edits' in fix) || !Array.isArray(fix.edits)) return d;
  const edits = fix.edits as unknown[];
  if (!edits.some((e) => isLongEdit(e))) return d;
  return {
    ...d,
    fix: {
      ...fix,
      edits: edits.map((e) => {
        if (!isLongEdit(e)) return e;
        long.push(e);
        return { start: e.start, end: e.end, text: `${marker}${long.length - 1}` };
      }),
    },
  };
}

/** An edit whose text is long, or keeps parts of the checked text (taken as long without reading them). */
function isLongEdit(e: unknown): e is TextEdit {
  if (typeof e !== 'object' || e === null) return false;
  if ('keep' in e && Array.isArray(e.keep)) return true;
  return 'text' in e && typeof e.text === 'string' && e.text.length >= LONG_TEXT;
}

export interface ReportJsonWriter {
  /** Write a finished file's diagnostics (call in report order); edits that keep parts of its text read them there. */
  file(result: FileResult): void;
  /**
   * Write diagnostics as they come (the engine's `diagnostics` events, in report order). `source`: the text
   * their edits point into (the event's `text`), for the text of an edit that keeps parts of it (TextEdit).
   */
  diagnostics(list: readonly unknown[], source?: string): void;
  /**
   * Keep a file's applied and not applied fixes as they come (the engine's `fixes` events), for its entry
   * at the end: laid out now and kept in a spool, so none is held as an object.
   */
  fixes(file: string, applied: readonly unknown[], notApplied: readonly unknown[]): void;
  /** Write the rest (outcome, counts, files, unreadable, written) and close the document. */
  end(report: Report): void;
}

/** Text kept for later, in order: in memory, or (the command line's) in a temporary file. */
export interface TextSpool {
  append(text: string): void;
  /** The text appended, in pieces. */
  read(): Iterable<string>;
  /** Let the text go (remove the file). */
  close(): void;
}

/** A spool in memory. */
function memorySpool(): TextSpool {
  let pieces: string[] = [];
  return {
    append: (text) => void pieces.push(text),
    read: () => pieces,
    close: () => {
      pieces = [];
    },
  };
}

/** What a file entry of the JSON report holds: everything but its text and diagnostics (listed at the top). */
export function fileEntry(result: FileResult): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    file: result.file,
    kind: result.kind,
    counts: result.counts,
    detectedAs: result.detectedAs,
  };
  if (result.summary !== undefined) entry.summary = result.summary;
  if (result.features !== undefined) entry.features = result.features;
  if (result.fixes !== undefined) entry.fixes = result.fixes;
  return entry;
}

export function createReportJsonWriter(
  writeChunk: (chunk: string) => void,
  stringify: Stringify = plain,
  spool: () => TextSpool = memorySpool,
): ReportJsonWriter {
  let gathered: string[] = [];
  let gatheredLength = 0;
  const flush = (): void => {
    if (gatheredLength === 0) return;
    writeChunk(gathered.length === 1 ? (gathered[0] as string) : gathered.join(''));
    gathered = [];
    gatheredLength = 0;
  };
  const write = (chunk: string): void => {
    if (chunk.length >= WRITE_GATHER) {
      flush();
      writeChunk(chunk);
      return;
    }
    gathered.push(chunk);
    gatheredLength += chunk.length;
    if (gatheredLength >= WRITE_GATHER) flush();
  };
  let first = true;
  let started = false;
  const marker = `\u0000fieldgate-edit-${Math.random().toString(36).slice(2)}-`;
  const start = (version: number): void => {
    if (started) return;
    started = true;
    write(`{\n  "version": ${version},\n  "diagnostics": [`);
  };
  // A long text in pieces: each is encoded on its own, so a 96 MB fix is not copied whole once more.
  // A piece of a long text is never gathered: as a slice it would keep the whole text alive.
  const writePieces = (text: string): void => {
    if (text.length < WRITE_GATHER) {
      write(text);
      return;
    }
    flush();
    for (let at = 0; at < text.length;) {
      let end = Math.min(text.length, at + WRITE_PIECE);
      // Never between the halves of a surrogate pair (each half alone would be written as U+FFFD).
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      writeChunk(at === 0 && end === text.length ? text : text.slice(at, end));
      at = end;
    }
  };
  const value = (v: unknown, indent: string): string => stringify(v, 2).replace(/\n/g, `\n${indent}`);
  // `value(v, indent)` written in pieces: an array or object of more than WHOLE_VALUES values item by item
  // (runs of small items laid out together, each big item the same way), the same text in the end.
  const writeValue = (v: unknown, indent: string): void => {
    const items = containerItems(v);
    if (!items || valueCount(v, WHOLE_VALUES) <= WHOLE_VALUES) {
      write(value(v, indent));
      return;
    }
    const array = Array.isArray(v);
    const inner = `${indent}  `;
    write(array ? '[' : '{');
    let written = false;
    let run: unknown[] = [];
    let runValues = 0;
    // A run laid out as one array or object, without its brackets: "\n<inner>item,\n<inner>item".
    const flushRun = (): void => {
      if (run.length === 0) return;
      const text = stringify(array ? run : Object.fromEntries(run as [string, unknown][]), 2);
      write(`${written ? ',' : ''}${text.slice(1, -2).replace(/\n/g, `\n${indent}`)}`);
      written = true;
      run = [];
      runValues = 0;
    };
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const [key, itemValue] = array ? [undefined, item] : (item as [string, unknown]);
      // Left out of an object as JSON.stringify leaves them out (in an array they are null).
      if (
        !array &&
        (itemValue === undefined || typeof itemValue === 'function' || typeof itemValue === 'symbol')
      )
        continue;
      const count = valueCount(itemValue, WHOLE_VALUES);
      if (count <= WHOLE_VALUES) {
        run.push(item);
        runValues += count;
        if (runValues >= WHOLE_VALUES) flushRun();
        continue;
      }
      flushRun();
      write(`${written ? ',' : ''}\n${inner}${key === undefined ? '' : `${stringify(key, 0)}: `}`);
      written = true;
      writeValue(itemValue, inner);
    }
    flushRun();
    const close = array ? ']' : '}';
    write(written ? `\n${indent}${close}` : close);
  };
  // Diagnostics one per line, as features are: a diagnostic's nested location and related places spread over
  // 40 indented lines made the report twice as long (a star polygon's 11 diagnostics: 17 KB, not 9) and
  // slower to write, and a line per diagnostic is what grep and line-based tools see. A long edit text (a
  // rebuilt polygon) is written on its own (see LONG_TEXT); `write` gathers the rest into bigger writes.
  const writeDiagnostics = (diagnostics: readonly unknown[], source: string | undefined): void => {
    for (const d of diagnostics) {
      write(first ? '\n    ' : ',\n    ');
      first = false;
      const long: TextEdit[] = [];
      const text = stringify(withLongTextsOut(d, long, marker), 0);
      let from = 0;
      long.forEach((edit, k) => {
        const longText = editText(edit, source);
        const placeholder = stringify(`${marker}${k}`, 0);
        const at = text.indexOf(placeholder, from);
        write(text.slice(from, at));
        // Rebuilt WKT is printable ASCII without quotes or backslashes: JSON as it is (a test is a third of
        // what stringify, and the CLI's escaping after it, cost on 35 MB of fixes).
        if (isPlainTextEdit(edit) || JSON_PLAIN_TEXT.test(longText)) {
          write('"');
          writePieces(longText);
          write('"');
        } else writePieces(stringify(longText, 0));
        from = at + placeholder.length;
      });
      write(from === 0 ? text : text.slice(from));
    }
  };
  // "\n<indent>  item,\n<indent>  item": items of an array at `indent` (its key's indentation), one per
  // line as diagnostics are (an applied fix spread over 30 lines made 200,000 of them 225 MB), without the
  // brackets.
  const arrayItems = (items: readonly unknown[], indent: string): string => {
    const inner = `${indent}  `;
    return items.map((item) => `\n${inner}${stringify(item, 0)}`).join(',');
  };
  // An array at `indent`, item by item: the list of a million applied fixes is never one string.
  // `spooled`: its items, laid out as they came.
  const writeArray = (items: readonly unknown[], indent: string, spooled?: TextSpool): void => {
    if (spooled) {
      let empty = true;
      for (const piece of spooled.read()) {
        if (empty) write('[');
        empty = false;
        write(piece);
      }
      write(empty ? '[]' : `\n${indent}]`);
      spooled.close();
      return;
    }
    if (items.length === 0) {
      write('[]');
      return;
    }
    write('[');
    items.forEach((item, i) => write(`${i === 0 ? '' : ','}${arrayItems([item], indent)}`));
    write(`\n${indent}]`);
  };
  // Per file: its fixes as the `fixes` events gave them (see `fixes`), and whether each spool has an item.
  const spooledFixes = new Map<
    string,
    { applied: TextSpool; notApplied: TextSpool; started: [boolean, boolean] }
  >();
  // A file's `fixes`, its lists of applied and not applied fixes item by item (from its spools when they
  // came as events: then its `counts` of them is left out, as the lists are there).
  const writeFixes = (fixes: Record<string, unknown>, file: string): void => {
    const spooled = spooledFixes.get(file);
    spooledFixes.delete(file);
    const entries = Object.entries(fixes).filter(([key]) => !(spooled && key === 'counts'));
    if (entries.length === 0) {
      write('{}');
      return;
    }
    write('{');
    entries.forEach(([key, v], i) => {
      write(`${i === 0 ? '' : ','}\n        ${JSON.stringify(key)}: `);
      const spool =
        key === 'applied' ? spooled?.applied : key === 'notApplied' ? spooled?.notApplied : undefined;
      if (Array.isArray(v)) writeArray(v, '        ', spool);
      else write(value(v, '        '));
    });
    write('\n      }');
  };
  // A file entry key by key, its features one per line (a zone's polygon is not spread over thousands).
  const writeFile = (result: FileResult, firstFile: boolean): void => {
    const { features, ...entry } = fileEntry(result);
    write(`${firstFile ? '' : ','}\n    {`);
    Object.entries(entry).forEach(([key, v], i) => {
      write(`${i === 0 ? '' : ','}\n      ${JSON.stringify(key)}: `);
      if (key === 'fixes' && typeof v === 'object' && v !== null)
        writeFixes(v as Record<string, unknown>, result.file);
      else writeValue(v, '      ');
    });
    if (Array.isArray(features)) {
      write(',\n      "features": [');
      features.forEach((f, i) => write(`${i === 0 ? '' : ','}\n        ${stringify(f, 0)}`));
      write(features.length > 0 ? '\n      ]' : ']');
    }
    write('\n    }');
  };
  return {
    file(result) {
      start(1);
      writeDiagnostics(result.diagnostics, result.text);
    },
    diagnostics(list, source) {
      start(1);
      writeDiagnostics(list, source);
    },
    fixes(file, applied, notApplied) {
      let spooled = spooledFixes.get(file);
      if (!spooled) {
        spooled = { applied: spool(), notApplied: spool(), started: [false, false] };
        spooledFixes.set(file, spooled);
      }
      const indent = '        ';
      if (applied.length > 0) {
        spooled.applied.append(`${spooled.started[0] ? ',' : ''}${arrayItems(applied, indent)}`);
        spooled.started[0] = true;
      }
      if (notApplied.length > 0) {
        spooled.notApplied.append(`${spooled.started[1] ? ',' : ''}${arrayItems(notApplied, indent)}`);
        spooled.started[1] = true;
      }
    },
    end(report) {
      start(report.version);
      write(first ? ']' : '\n  ]');
      write(`,\n  "outcome": ${JSON.stringify(report.outcome)}`);
      write(`,\n  "counts": ${value(report.counts, '  ')}`);
      write(`,\n  "files": [`);
      report.files.forEach((f, i) => writeFile(f, i === 0));
      write(report.files.length > 0 ? '\n  ]' : ']');
      write(`,\n  "unreadable": ${value(report.unreadable, '  ')}`);
      write(`,\n  "written": ${value(report.written, '  ')}`);
      // Spools of files the report does not list (none, unless a caller gave fixes of another name).
      for (const spooled of spooledFixes.values()) {
        spooled.applied.close();
        spooled.notApplied.close();
      }
      spooledFixes.clear();
      write('\n}\n');
      flush();
    },
  };
}

/** The whole report as one JSON text (for small reports and tests; adapters stream with the writer). */
export function reportToJson(report: Report, stringify: Stringify = plain): string {
  const chunks: string[] = [];
  const writer = createReportJsonWriter((c) => chunks.push(c), stringify);
  for (const f of report.files) writer.file(f);
  writer.end(report);
  return chunks.join('');
}
