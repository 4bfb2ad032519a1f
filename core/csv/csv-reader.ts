/**
 * A streaming CSV reader in pure core: web-stream bytes in (`ReadableStream<Uint8Array>`, so the renderer's
 * worker runs the same code), rows out as an async iterable. Bytes are decoded first (csv-encoding.ts) and
 * then tokenised, so a character split between chunks is never corrupted; the source is read only when the
 * consumer asks for the next row, which is the back-pressure. Every cell keeps its character range in the
 * decoded text (offset, line, column) and the places of doubled quotes, so a position inside a cell (a WKT
 * coordinate) maps back to the file's own character. Quoted newlines, CRLF, CR and LF are handled.
 * Why not papaparse: docs/dependencies.md.
 */

import type { CsvEncoding, CsvEncodingChoice } from './csv-encoding.ts';
import { sniffBom } from '../input/text-decoding.ts';
import { textDecoderFor, type ChunkDecoder } from '../values/windows-1252.ts';
import { joinBytes } from '../values/bytes.ts';
import { firstInvalidUtf8, LocatingUtf8Decoder } from '../values/utf8.ts';

export type CsvDelimiter = ',' | ';' | '\t' | '|';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];

export interface CsvCell {
  /** The value, quotes removed and doubled quotes undone. */
  value: string;
  /** [start, end) of the cell as written (quotes included), in the decoded text. */
  start: number;
  end: number;
  /** Offset of the value's first character (after an opening quote). */
  valueStart: number;
  quoted: boolean;
  /** Offsets in `value` where a doubled quote "" stands for one quote. */
  escapes?: number[];
  /**
   * Offset (in the decoded text) of a closing quote that text follows before the delimiter: `"a"b` reads
   * `ab`, as spreadsheets do, but it is mostly a quote meant to be doubled.
   */
  closedBefore?: number;
  /** 1-based line and column (UTF-16 units) of `start`. */
  line: number;
  column: number;
}

export interface CsvRow {
  /** 1-based record number in the file, blank lines not counted (the header is a record too). */
  record: number;
  cells: CsvCell[];
  /** [start, end) of the row in the decoded text, its line break excluded. */
  start: number;
  end: number;
  line: number;
  /** Column (1-based) of the row's first character: 1 unless a previous row ended on a lone CR. */
  column: number;
  /** The row as written. */
  text: string;
  /** The last cell opened a quote that never closed (the rest of the file was taken as its value). */
  unterminated?: boolean;
}

/** Where the value offset `offset` of a cell is in the decoded text (through doubled quotes). */
export function cellOffset(cell: CsvCell, offset: number): number {
  let shift = 0;
  if (cell.escapes) for (const at of cell.escapes) if (at < offset) shift++;
  return cell.valueStart + offset + shift;
}

const QUOTE = 34;
/** Characters tokenised at a time. */
const PIECE = 16384;
const LF = 10;
const CR = 13;

/** Where the tokenizer is between two characters; kept across chunks, so nothing is scanned twice. */
const AT_ROW_START = 0;
/** After a delimiter: the next cell starts here. */
const AT_CELL_START = 1;
const IN_UNQUOTED = 2;
const IN_QUOTED = 3;
/** Inside quotes, the last character seen was a quote: a doubled quote or the closing one. */
const QUOTE_IN_QUOTED = 4;
/** After a cell's closing quote: text up to the delimiter is kept (`"a"b` is `ab`, as spreadsheets do). */
const AFTER_QUOTE = 5;

/** Rows skipped as empty: how many, and where the first is (it is one line: quotes make a row non-empty). */
export interface SkippedRows {
  count: number;
  first?: { start: number; end: number; line: number; column: number };
}

/**
 * Splits decoded text into rows as it arrives. `push` returns the rows completed so far. The scan goes on
 * where the last chunk ended (the state between two characters is kept), and the text of an unfinished row
 * is kept as the pieces it came in, joined once when the row ends: a row of any size (a 48 MB WKT boundary
 * in one cell) costs time and memory in proportion to its size, never a scan of the row per chunk.
 */
export class CsvTokenizer {
  /** Offset in the whole text of the current chunk's first character. */
  private base = 0;
  private line = 1;
  /** Offset in the whole text where the current line starts. */
  private lineStart = 0;
  /** Offset of the last CR seen (an LF right after it ends the same line). */
  private lastCr = -2;
  private records = 0;
  private readonly delimiter: number;
  private state = AT_ROW_START;
  // The row being read.
  private rowStart = 0;
  private rowLine = 1;
  private rowColumn = 1;
  private cells: CsvCell[] = [];
  /** Offset of each cell's closing quote; -1 when it has none (not quoted, or never closed). */
  private closes: number[] = [];
  /** The row's text from earlier chunks. */
  private parts: string[] = [];
  private unterminated = false;
  // The cell being read (its value is cut from the row's text when the row ends).
  private cell: CsvCell | undefined;
  private close = -1;
  private escapeCount = 0;
  /** Next LF and CR at or after the last search in the current chunk (searches only move forward). */
  private lfAt = -1;
  private crAt = -1;
  /** Rows made only of delimiters (and spaces) that were skipped. */
  private delimiterRows: SkippedRows = { count: 0 };

  constructor(delimiter: CsvDelimiter) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Rows made only of delimiters that were skipped so far (a sheet's `,,,,,,`), and where the first is. */
  get skippedDelimiterRows(): SkippedRows {
    return this.delimiterRows;
  }

  push(text: string, final = false): CsvRow[] {
    const rows: CsvRow[] = [];
    const buf = text;
    const n = buf.length;
    const d = this.delimiter;
    const base = this.base;
    this.lfAt = -1;
    this.crAt = -1;
    let p = 0;
    while (p < n) {
      switch (this.state) {
        case AT_ROW_START: {
          // The LF of a CRLF whose CR ended the previous chunk.
          if (buf.charCodeAt(p) === LF && this.lastCr === base + p - 1) {
            this.lineStart = base + p + 1;
            p++;
            continue;
          }
          this.rowStart = base + p;
          this.rowLine = this.line;
          this.rowColumn = base + p - this.lineStart + 1;
          this.unterminated = false;
          this.state = AT_CELL_START;
          continue;
        }
        case AT_CELL_START: {
          const quoted = buf.charCodeAt(p) === QUOTE;
          this.cell = {
            value: '',
            start: base + p,
            end: base + p,
            valueStart: base + p + (quoted ? 1 : 0),
            quoted,
            line: this.line,
            column: base + p - this.lineStart + 1,
          };
          this.close = -1;
          if (quoted) {
            this.escapeCount = 0;
            p++;
            this.state = IN_QUOTED;
          } else this.state = IN_UNQUOTED;
          continue;
        }
        case IN_UNQUOTED:
        case AFTER_QUOTE: {
          while (p < n) {
            const c = buf.charCodeAt(p);
            if (c === d || c === LF || c === CR) break;
            p++;
          }
          if (p < n) p = this.endCell(buf, p, rows);
          continue;
        }
        case IN_QUOTED: {
          const q = buf.indexOf('"', p);
          const to = q < 0 ? n : q;
          this.countLines(buf, p, to);
          if (q < 0) p = n;
          else {
            p = q + 1;
            this.state = QUOTE_IN_QUOTED;
          }
          continue;
        }
        case QUOTE_IN_QUOTED: {
          const cell = this.cell as CsvCell;
          if (buf.charCodeAt(p) === QUOTE) {
            // A doubled quote: one quote in the value, at this offset of the value.
            (cell.escapes ??= []).push(base + p - 1 - cell.valueStart - this.escapeCount);
            this.escapeCount++;
            p++;
            this.state = IN_QUOTED;
          } else {
            this.close = base + p - 1;
            this.state = AFTER_QUOTE;
          }
          continue;
        }
      }
    }
    if (final) this.finish(buf, rows, base + n);
    else if (this.state !== AT_ROW_START)
      this.parts.push(this.rowStart > base ? buf.slice(this.rowStart - base) : buf);
    this.base = base + n;
    return rows;
  }

  private pushCell(end: number): void {
    const cell = this.cell as CsvCell;
    cell.end = end;
    this.cells.push(cell);
    this.closes.push(this.close);
    this.cell = undefined;
  }

  /** The cell ends at `p` (a delimiter or a line break): on to the next cell, or the row is complete. */
  private endCell(buf: string, p: number, rows: CsvRow[]): number {
    const base = this.base;
    this.pushCell(base + p);
    const c = buf.charCodeAt(p);
    if (c === this.delimiter) {
      this.state = AT_CELL_START;
      return p + 1;
    }
    this.completeRow(buf, base + p, rows);
    this.line++;
    this.lineStart = base + p + 1;
    if (c === CR) {
      this.lastCr = base + p;
      if (buf.charCodeAt(p + 1) === LF) {
        this.lineStart = base + p + 2;
        return p + 2;
      }
    }
    return p + 1;
  }

  /** The end of the text: an unfinished row ends here (a quote never closed takes the rest as its value). */
  private finish(buf: string, rows: CsvRow[], end: number): void {
    switch (this.state) {
      case AT_ROW_START:
        return;
      case AT_CELL_START:
        // The text ends right after a delimiter: one more, empty cell.
        this.cell = {
          value: '',
          start: end,
          end,
          valueStart: end,
          quoted: false,
          line: this.line,
          column: end - this.lineStart + 1,
        };
        this.close = -1;
        break;
      case IN_QUOTED:
        this.unterminated = true;
        break;
      case QUOTE_IN_QUOTED:
        this.close = end - 1;
        break;
    }
    this.pushCell(end);
    this.completeRow(buf, end, rows);
  }

  /** The row from `rowStart` to `rowEnd` (its line break excluded) is complete: its cells get their values. */
  private completeRow(buf: string, rowEnd: number, rows: CsvRow[]): void {
    const base = this.base;
    const rowStart = this.rowStart;
    const cells = this.cells;
    const closes = this.closes;
    this.cells = [];
    this.closes = [];
    this.state = AT_ROW_START;
    let text: string;
    if (this.parts.length === 0) text = buf.slice(rowStart - base, rowEnd - base);
    else {
      this.parts.push(buf.slice(0, rowEnd - base));
      text = this.parts.join('');
      this.parts = [];
    }
    let blank = true;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as CsvCell;
      if (!cell.quoted) cell.value = text.slice(cell.start - rowStart, cell.end - rowStart);
      else {
        const close = closes[i] as number;
        let value = text.slice(cell.valueStart - rowStart, (close >= 0 ? close : cell.end) - rowStart);
        if (cell.escapes) value = value.replaceAll('""', '"');
        if (close >= 0 && close + 1 < cell.end) {
          value += text.slice(close + 1 - rowStart, cell.end - rowStart);
          cell.closedBefore = close;
        }
        cell.value = value;
      }
      if (blank && (cell.quoted || cell.value.trim() !== '')) blank = false;
    }
    // A blank line, or a row of nothing but delimiters (Excel's `,,,,,,` below the data): no record.
    if (blank) {
      if (cells.length > 1) {
        const skipped = this.delimiterRows;
        skipped.count++;
        skipped.first ??= { start: rowStart, end: rowEnd, line: this.rowLine, column: this.rowColumn };
      }
      return;
    }
    this.records++;
    const row: CsvRow = {
      record: this.records,
      cells,
      start: rowStart,
      end: rowEnd,
      line: this.rowLine,
      column: this.rowColumn,
      text,
    };
    if (this.unterminated) row.unterminated = true;
    rows.push(row);
  }

  /** Line breaks inside a quoted cell: [from, to) of the current chunk. */
  private countLines(buf: string, from: number, to: number): void {
    const base = this.base;
    let i = from;
    for (;;) {
      if (this.lfAt < i) this.lfAt = indexOrEnd(buf, '\n', i);
      if (this.crAt < i) this.crAt = indexOrEnd(buf, '\r', i);
      const at = Math.min(this.lfAt, this.crAt);
      if (at >= to) return;
      if (at === this.crAt) {
        this.line++;
        this.lastCr = base + at;
      } else if (this.lastCr !== base + at - 1) this.line++;
      this.lineStart = base + at + 1;
      i = at + 1;
    }
  }
}

function indexOrEnd(buf: string, c: string, from: number): number {
  const at = buf.indexOf(c, from);
  return at < 0 ? buf.length + 1 : at;
}

/** Split a whole text (tests, small samples). */
export function tokenizeCsv(text: string, delimiter: CsvDelimiter): CsvRow[] {
  return new CsvTokenizer(delimiter).push(text, true);
}

export interface DelimiterGuess {
  delimiter: CsvDelimiter;
  reason: 'chosen' | 'guessed' | 'default';
}

/**
 * The delimiter of a sample: among , ; tab |, the one giving the most rows with one same number of cells
 * (quote-aware, so WKT commas inside quotes do not count), confirmed by `headerScore` (how many of a row's
 * cells name an expected column) when the counts alone are ambiguous.
 */
export function guessDelimiter(
  sample: string,
  final: boolean,
  headerScore?: (cells: readonly string[]) => number,
): DelimiterGuess {
  let best: { delimiter: CsvDelimiter; score: number } | undefined;
  for (const delimiter of CSV_DELIMITERS) {
    const rows = new CsvTokenizer(delimiter).push(sample, final).slice(0, 50);
    if (rows.length === 0) continue;
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
    let mode = 1;
    let modeRows = 0;
    for (const [count, times] of counts)
      if (times > modeRows || (times === modeRows && count > mode)) [mode, modeRows] = [count, times];
    if (mode < 2) continue;
    let header = 0;
    if (headerScore)
      for (const r of rows.slice(0, 4)) header = Math.max(header, headerScore(r.cells.map((c) => c.value)));
    const score = (modeRows / rows.length) * 10 + header * 3 + Math.min(mode, 20) * 0.01;
    if (!best || score > best.score) best = { delimiter, score };
  }
  return best ? { delimiter: best.delimiter, reason: 'guessed' } : { delimiter: ',', reason: 'default' };
}

export interface CsvReadOptions {
  /** Force the encoding (else a byte order mark, else strict UTF-8, else Windows-1252). */
  encoding?: CsvEncoding;
  /** Force the delimiter (else guessed from the first block). */
  delimiter?: CsvDelimiter;
  /** Confirms a delimiter guess: how many cells of a row name an expected column. */
  headerScore?: (cells: readonly string[]) => number;
  /** Bytes read before deciding encoding and delimiter (default 64 KiB). */
  sampleBytes?: number;
}

/** A problem of the bytes themselves, found while reading. */
export interface CsvReadProblem {
  kind: 'invalid-utf8';
  /** Byte offset of the sequence that is not UTF-8. */
  byte: number;
  /** Offset in the decoded text of the U+FFFD it became. */
  offset: number;
}

/** Problems of the bytes kept (in order); a file damaged throughout still has its cells flagged, by U+FFFD. */
const MAX_PROBLEMS = 10000;

export interface CsvReadInfo {
  encoding: CsvEncodingChoice;
  delimiter: DelimiterGuess;
  problems: CsvReadProblem[];
  /** Bytes read from the source so far. */
  bytesRead: number;
  /** Rows made only of delimiters, skipped as blank lines are: how many, and where the first is. */
  delimiterRows: SkippedRows;
}

/**
 * Reads a CSV stream: `info` is filled before the first row comes out; `rows()` yields rows as the source
 * delivers bytes, pulling the next chunk only when the consumer asks for more.
 */
export class CsvStreamReader {
  info: CsvReadInfo = {
    encoding: { encoding: 'utf-8', bom: false, reason: 'utf-8' },
    delimiter: { delimiter: ',', reason: 'default' },
    problems: [],
    bytesRead: 0,
    delimiterRows: { count: 0 },
  };

  constructor(
    private readonly source: ReadableStream<Uint8Array>,
    private readonly options: CsvReadOptions = {},
  ) {}

  async *rows(): AsyncGenerator<CsvRow> {
    const reader = this.source.getReader();
    const sampleBytes = this.options.sampleBytes ?? 65536;
    try {
      let head: Uint8Array = new Uint8Array(0);
      let done = false;
      while (head.length < sampleBytes && !done) {
        const r = await reader.read();
        if (r.done) done = true;
        else {
          head = joinBytes(head, r.value);
          this.info.bytesRead += r.value.length;
        }
      }
      const choice = this.chooseEncoding(head, done);
      this.info.encoding = choice;
      // UTF-8 (however chosen) is decoded by a decoder that says where each byte that is not UTF-8 was;
      // the other encodings decode every byte (UTF-16's lone surrogates become U+FFFD, found in the cells).
      const problems = this.info.problems;
      const utf8 =
        choice.encoding === 'utf-8'
          ? new LocatingUtf8Decoder((p) => {
              if (problems.length < MAX_PROBLEMS) problems.push({ kind: 'invalid-utf8', ...p });
            })
          : undefined;
      const other = utf8 ? undefined : textDecoderFor(choice.encoding);
      const decode = (bytes: Uint8Array, final: boolean): string =>
        utf8 ? utf8.decode(bytes, final) : (other as ChunkDecoder).decode(bytes, { stream: !final });
      const first = decode(head, done);
      this.info.delimiter = this.options.delimiter
        ? { delimiter: this.options.delimiter, reason: 'chosen' }
        : guessDelimiter(first, done, this.options.headerScore);
      const tokenizer = new CsvTokenizer(this.info.delimiter.delimiter);
      const info = this.info;
      // Rows are handed out a few at a time: a big chunk split at once would keep hundreds of rows alive
      // across collections, and the garbage collector would promote them all (a larger heap for nothing).
      const feed = function* (text: string, final: boolean): Generator<CsvRow> {
        for (let at = 0; at < text.length || (at === 0 && final); at += PIECE) {
          const piece = text.length <= PIECE ? text : text.slice(at, at + PIECE);
          const rows = tokenizer.push(piece, final && at + PIECE >= text.length);
          info.delimiterRows = tokenizer.skippedDelimiterRows;
          yield* rows;
          if (text.length <= PIECE) break;
        }
      };
      yield* feed(first, done);
      while (!done) {
        const r = await reader.read();
        if (r.done) {
          done = true;
          yield* feed(decode(new Uint8Array(0), true), true);
          break;
        }
        this.info.bytesRead += r.value.length;
        yield* feed(decode(r.value, false), false);
      }
    } finally {
      reader.releaseLock();
    }
  }

  private chooseEncoding(head: Uint8Array, done: boolean): CsvEncodingChoice {
    const bom = sniffBom(head);
    if (this.options.encoding) {
      return {
        encoding: this.options.encoding,
        bom: Boolean(bom && bom.encoding === this.options.encoding),
        reason: 'chosen',
      };
    }
    if (bom) return { encoding: bom.encoding, bom: true, reason: 'bom' };
    const invalid = firstInvalidUtf8(head, done);
    if (invalid < 0) return { encoding: 'utf-8', bom: false, reason: 'utf-8' };
    // Where the byte is, so the operator can find the name in the sheet (not only a byte count); lines end
    // at CR, LF or CRLF, as the tokenizer's do.
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < invalid; i++) {
      const c = head[i];
      if (c === LF || (c === CR && head[i + 1] !== LF)) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = invalid - lineStart + 1;
    return {
      encoding: 'windows-1252',
      bom: false,
      reason: 'fallback',
      invalidAt: invalid,
      invalidRange: {
        start: { offset: invalid, line, column },
        end: { offset: invalid + 1, line, column: column + 1 },
      },
    };
  }
}

/** A stream of one byte array, in chunks (tests, and the engine's whole-file path). */
export function bytesToStream(bytes: Uint8Array, chunkSize = 1 << 16): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(at, Math.min(bytes.length, at + chunkSize)));
      at += chunkSize;
    },
  });
}
