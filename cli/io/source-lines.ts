/**
 * The lines of a streamed file that a text report's code frames show, read again after the checks: the
 * report of a big file holds no text, and reading only the wanted lines keeps memory to those lines.
 */

import { sniffTextEncoding } from '../../core/index.ts';

/** What code frames read (cli/render/terminal.ts SourceLines): 1-based lines without their break. */
export interface ReadLines {
  readonly lineCount: number;
  lineText(line: number): string;
  /** Whether the line was kept (asked for, or near the last one asked for). */
  has(line: number): boolean;
}

/**
 * A copy of a string that does not point into the chunk it was cut from: a slice keeps its whole decoded
 * chunk alive, so a few kept lines held most of a big file. UTF-16 keeps every code unit as it is.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A kept line longer than this is cut (a frame shows a window of about 160 characters near its start). */
const MAX_KEPT_CHARS = 1 << 20;

/** Lines just before the last wanted one, kept even when not wanted: the next chunk's first frames may show them. */
const CARRY = 3;

/**
 * Reads the lines code frames show from a stream, moving forward only: each `read` keeps the lines it is
 * asked for (and the last few it passed) and lets go of the ones kept for an earlier call. A text report
 * renders its diagnostics in order of position in chunks, reading the lines of each chunk as it goes, so
 * the lines held are those of one chunk, not of the whole report. Breaks are \n, \r\n and \r, as the core's
 * LineIndex counts them.
 */
export class SourceLineReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private decoder: TextDecoder | undefined;
  /** 'auto': the encoding the byte order mark names (UTF-8 without one), as the text kinds decode. */
  private readonly encoding: string;
  private kept = new Map<number, string>();
  private wanted: ReadonlySet<number> = new Set();
  /** The last wanted line of this read: lines from a few before it on are kept, wanted or not. */
  private last = 0;
  private line = 1;
  private current = '';
  private afterCr = false;
  private complete = false;

  constructor(stream: ReadableStream<Uint8Array>, encoding = 'utf-8') {
    this.reader = stream.getReader();
    this.encoding = encoding;
  }

  /** The decoder, made on the first bytes (an 'auto' encoding is read from their byte order mark). */
  private decoderFor(first: Uint8Array | undefined): TextDecoder {
    if (this.decoder) return this.decoder;
    let label = this.encoding;
    if (label === 'auto') label = first ? sniffTextEncoding(first).encoding : 'utf-8';
    try {
      this.decoder = new TextDecoder(label);
    } catch {
      this.decoder = new TextDecoder('utf-8');
    }
    return this.decoder;
  }

  /** The `wanted` lines (1-based), reading on to the last of them; lines before the last read are not read again. */
  async read(wanted: ReadonlySet<number>): Promise<ReadLines> {
    let last = 0;
    for (const l of wanted) last = Math.max(last, l);
    this.last = last;
    const kept = new Map<number, string>();
    // Lines read past the last wanted one (the rest of its chunk) wait for a later read.
    for (const [l, text] of this.kept) if (wanted.has(l) || l > last) kept.set(l, text);
    this.kept = kept;
    this.wanted = wanted;
    while (!this.complete && this.line <= last) {
      const { done, value } = await this.reader.read();
      if (done) {
        this.take(this.decoderFor(undefined).decode());
        this.complete = true;
        // The last line has no break after it.
        if (this.keeps(this.line)) this.kept.set(this.line, detached(this.current));
        break;
      }
      this.take(this.decoderFor(value).decode(value, { stream: true }));
    }
    // Lines after the last wanted one need not be counted exactly.
    const lineCount = this.complete ? this.line : this.line + 1;
    const lines = this.kept;
    return { lineCount, lineText: (n) => lines.get(n) ?? '', has: (n) => lines.has(n) };
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  /** Wanted lines, and every line from just before the last wanted one (a later read may ask for them). */
  private keeps(line: number): boolean {
    return this.wanted.has(line) || line >= this.last - CARRY;
  }

  private keep(piece: string): void {
    if (this.keeps(this.line) && this.current.length < MAX_KEPT_CHARS)
      this.current += piece.slice(0, MAX_KEPT_CHARS - this.current.length);
  }

  private endLine(): void {
    if (this.keeps(this.line)) this.kept.set(this.line, detached(this.current));
    this.current = '';
    this.line++;
  }

  private take(text: string): void {
    if (text.length === 0) return;
    let at = 0;
    if (this.afterCr && text.charCodeAt(0) === 10) at = 1;
    this.afterCr = false;
    while (at < text.length) {
      const lf = text.indexOf('\n', at);
      const cr = text.indexOf('\r', at);
      const brk = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (brk < 0) {
        this.keep(text.slice(at));
        return;
      }
      this.keep(text.slice(at, brk));
      this.endLine();
      if (text.charCodeAt(brk) === 13) {
        if (brk + 1 === text.length) this.afterCr = true;
        else if (text.charCodeAt(brk + 1) === 10) at = brk + 2;
        else at = brk + 1;
        if (this.afterCr) return;
      } else at = brk + 1;
    }
  }
}

/**
 * Read `wanted` lines (1-based) of a stream decoded as `encoding`; breaks are \n, \r\n and \r, as the
 * core's LineIndex counts them. Reading stops after the last wanted line's chunk.
 */
export async function readSourceLines(
  stream: ReadableStream<Uint8Array>,
  wanted: ReadonlySet<number>,
  encoding = 'utf-8',
): Promise<ReadLines> {
  const reader = new SourceLineReader(stream, encoding);
  try {
    return await reader.read(wanted);
  } finally {
    await reader.close();
  }
}
