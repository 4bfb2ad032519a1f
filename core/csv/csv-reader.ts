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
import { textDecoderFor, type ChunkDecoder } from '../input/windows-1252.ts';
import { joinBytes } from '../values/bytes.ts';
import { firstInvalidUtf8 } from '../values/utf8.ts';

export type CsvDelimiter = ',' | ';' | '\t' | '|';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];

const DELIMITER_NAMES: Record<string, CsvDelimiter> = {
  ',': ',',
  comma: ',',
  ';': ';',
  semicolon: ';',
  '\t': '\t',
  tab: '\t',
  '\\t': '\t',
  '|': '|',
  pipe: '|',
};

/** A delimiter given by a user (`;`, `semicolon`, `tab`, `\t` …); undefined when unknown. */
export function parseCsvDelimiter(name: string): CsvDelimiter | undefined {
  return DELIMITER_NAMES[name.toLowerCase()] ?? CSV_DELIMITERS.find((d) => d === name);
}

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

/**
 * Splits decoded text into rows as it arrives. `push` returns the rows completed so far; an unfinished row
 * waits for the next chunk (or `final`).
 */
export class CsvTokenizer {
  private buffer = '';
  /** Offset in the whole text of buffer[0]. */
  private base = 0;
  private line = 1;
  /** Offset in the whole text where the current line starts. */
  private lineStart = 0;
  private records = 0;
  private readonly delimiter: number;

  constructor(delimiter: CsvDelimiter) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  push(text: string, final = false): CsvRow[] {
    this.buffer = this.buffer.length === 0 ? text : this.buffer + text;
    this.lfAt = -1;
    this.crAt = -1;
    const rows: CsvRow[] = [];
    let p = 0;
    const buf = this.buffer;
    while (p < buf.length) {
      const saved = { line: this.line, lineStart: this.lineStart };
      const row = this.row(buf, p, final);
      if (!row) {
        this.line = saved.line;
        this.lineStart = saved.lineStart;
        break;
      }
      p = row.next;
      if (row.row) rows.push(row.row);
    }
    this.base += p;
    this.buffer = p >= buf.length ? '' : buf.slice(p);
    return rows;
  }

  /** One row from `p`: the row (absent for a blank line) and where the next one starts; undefined when incomplete. */
  private row(buf: string, p: number, final: boolean): { row?: CsvRow; next: number } | undefined {
    const d = this.delimiter;
    const n = buf.length;
    const rowStart = p;
    const rowLine = this.line;
    const rowColumn = this.base + p - this.lineStart + 1;
    const cells: CsvCell[] = [];
    let unterminated = false;
    for (;;) {
      const start = p;
      const line = this.line;
      const column = this.base + start - this.lineStart + 1;
      let value: string;
      let quoted = false;
      let escapes: number[] | undefined;
      let valueStart = start;
      if (p < n && buf.charCodeAt(p) === QUOTE) {
        quoted = true;
        p++;
        valueStart = p;
        value = '';
        for (;;) {
          const q = buf.indexOf('"', p);
          if (q < 0) {
            if (!final) return undefined;
            this.countLines(buf, p, n);
            value += buf.slice(p, n);
            p = n;
            unterminated = true;
            break;
          }
          this.countLines(buf, p, q);
          value += buf.slice(p, q);
          if (q + 1 >= n && !final) return undefined;
          if (buf.charCodeAt(q + 1) === QUOTE) {
            (escapes ??= []).push(value.length);
            value += '"';
            p = q + 2;
            continue;
          }
          p = q + 1;
          break;
        }
        // Text after the closing quote (`"a"b`) is kept, as spreadsheets do.
        const rest = p;
        while (p < n) {
          const c = buf.charCodeAt(p);
          if (c === d || c === LF || c === CR) break;
          p++;
        }
        if (p > rest) value += buf.slice(rest, p);
      } else {
        while (p < n) {
          const c = buf.charCodeAt(p);
          if (c === d || c === LF || c === CR) break;
          p++;
        }
        value = buf.slice(start, p);
      }
      const cell: CsvCell = {
        value,
        start: this.base + start,
        end: this.base + p,
        valueStart: this.base + valueStart,
        quoted,
        line,
        column,
      };
      if (escapes) cell.escapes = escapes;
      cells.push(cell);
      if (p >= n) {
        if (!final) return undefined;
        break;
      }
      const c = buf.charCodeAt(p);
      if (c === d) {
        p++;
        continue;
      }
      break;
    }
    const rowEnd = p;
    // The line break.
    if (p < n) {
      if (buf.charCodeAt(p) === CR) {
        if (p + 1 >= n && !final) return undefined;
        p += buf.charCodeAt(p + 1) === LF ? 2 : 1;
      } else p++;
      this.line++;
      this.lineStart = this.base + p;
    }
    const first = cells[0];
    if (cells.length === 1 && first && !first.quoted && first.value.trim() === '') return { next: p };
    this.records++;
    const row: CsvRow = {
      record: this.records,
      cells,
      start: this.base + rowStart,
      end: this.base + rowEnd,
      line: rowLine,
      column: rowColumn,
      text: buf.slice(rowStart, rowEnd),
    };
    if (unterminated) row.unterminated = true;
    return { row, next: p };
  }

  /** Next LF and CR at or after the last search, in the current buffer (searches only move forward). */
  private lfAt = -1;
  private crAt = -1;

  private countLines(buf: string, from: number, to: number): void {
    let i = from;
    for (;;) {
      if (this.lfAt < i) this.lfAt = indexOrEnd(buf, '\n', i);
      if (this.crAt < i) this.crAt = indexOrEnd(buf, '\r', i);
      let at = Math.min(this.lfAt, this.crAt);
      if (at >= to) return;
      if (at === this.crAt && this.lfAt === at + 1 && at + 1 < to) at++;
      this.line++;
      this.lineStart = this.base + at + 1;
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
  /** Byte offset of the first bad byte. */
  byte: number;
  /** Offset in the decoded text where the replacement character went (approximately). */
  offset: number;
}

export interface CsvReadInfo {
  encoding: CsvEncodingChoice;
  delimiter: DelimiterGuess;
  problems: CsvReadProblem[];
  /** Bytes read from the source so far. */
  bytesRead: number;
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
      let strict = choice.encoding === 'utf-8' && choice.reason !== 'bom' && choice.reason !== 'chosen';
      let decoder: ChunkDecoder = textDecoderFor(choice.encoding, { fatal: strict });
      let decodedSoFar = 0;
      let bytesSoFar = 0;
      const decode = (bytes: Uint8Array, final: boolean): string => {
        let text: string;
        try {
          text = decoder.decode(bytes, { stream: !final });
        } catch {
          // Valid at first, not UTF-8 further on: keep going with replacement characters, report where.
          const bad = firstInvalidUtf8(bytes, final);
          this.info.problems.push({
            kind: 'invalid-utf8',
            byte: bytesSoFar + Math.max(0, bad),
            offset: decodedSoFar,
          });
          strict = false;
          decoder = new TextDecoder('utf-8', { fatal: false });
          text = decoder.decode(bytes, { stream: !final });
        }
        bytesSoFar += bytes.length;
        decodedSoFar += text.length;
        return text;
      };
      const first = decode(head, done);
      this.info.delimiter = this.options.delimiter
        ? { delimiter: this.options.delimiter, reason: 'chosen' }
        : guessDelimiter(first, done, this.options.headerScore);
      const tokenizer = new CsvTokenizer(this.info.delimiter.delimiter);
      // Rows are handed out a few at a time: a big chunk split at once would keep hundreds of rows alive
      // across collections, and the garbage collector would promote them all (a larger heap for nothing).
      const feed = function* (text: string, final: boolean): Generator<CsvRow> {
        for (let at = 0; at < text.length || (at === 0 && final); at += PIECE) {
          const piece = text.length <= PIECE ? text : text.slice(at, at + PIECE);
          yield* tokenizer.push(piece, final && at + PIECE >= text.length);
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
    return { encoding: 'windows-1252', bom: false, reason: 'fallback', invalidAt: invalid };
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
