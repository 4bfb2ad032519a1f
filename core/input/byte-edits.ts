/**
 * Edits of a text file made on its bytes: a character range of the decoded text is found in the bytes and
 * replaced by new text encoded as the file is (UTF-8, UTF-16 or Windows-1252), and every other byte stays as
 * it was, however the file is encoded and whatever it holds that a decoder would replace (a byte that is
 * not UTF-8 stays that byte). So an edited cell never damages another cell's text.
 */
import { sniffBom } from './text-decoding.ts';
import { encodeTextAs, encodeWindows1252 } from '../values/encode-text.ts';

export type EditEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Replace bytes [start, end) with `bytes`. */
export interface ByteEdit {
  start: number;
  end: number;
  bytes: Uint8Array;
}

/** How many bytes at the start a decoder of `encoding` drops as its byte order mark. */
function bomLength(bytes: Uint8Array, encoding: EditEncoding): number {
  const bom = sniffBom(bytes);
  return bom && bom.encoding === encoding ? bom.length : 0;
}

/**
 * The byte offsets of character offsets (UTF-16 units) of the text a decoder of `encoding` makes of the
 * bytes (its mark dropped, invalid UTF-8 read as U+FFFD the way TextDecoder reads it). `offsets` ascending;
 * an offset past the end maps to the end.
 */
export function byteOffsetsOf(
  bytes: Uint8Array,
  encoding: EditEncoding,
  offsets: readonly number[],
): number[] {
  const skip = bomLength(bytes, encoding);
  if (encoding === 'windows-1252') return offsets.map((o) => Math.min(bytes.length, skip + o));
  if (encoding !== 'utf-8') return offsets.map((o) => Math.min(bytes.length, skip + 2 * o));
  const out: number[] = [];
  let next = 0;
  let units = 0;
  // WHATWG's UTF-8 decoder: each code point (or each maximal invalid subpart, as one U+FFFD) from `start`.
  const emit = (start: number, count: number): void => {
    while (next < offsets.length && (offsets[next] as number) < units + count) {
      out.push(start);
      next++;
    }
    units += count;
  };
  let i = skip;
  const n = bytes.length;
  while (i < n && next < offsets.length) {
    const start = i;
    const b = bytes[i] as number;
    let need = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b < 0x80) {
      emit(start, 1);
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else {
      emit(start, 1);
      i++;
      continue;
    }
    i++;
    let seen = 0;
    while (seen < need && i < n) {
      const c = bytes[i] as number;
      if (c < lower || c > upper) break;
      lower = 0x80;
      upper = 0xbf;
      seen++;
      i++;
    }
    // A whole sequence is one code point (two units past U+FFFF); a cut one is one U+FFFD, and the byte
    // that cut it starts the next.
    emit(start, seen === need && need === 3 ? 2 : 1);
  }
  while (out.length < offsets.length) out.push(n);
  return out;
}

/** Text as bytes of `encoding` (no mark); undefined when a character cannot be written in it. */
export function encodeIn(text: string, encoding: EditEncoding): Uint8Array | undefined {
  return encodeTextAs(text, { encoding, bom: false });
}

/** The first character of `text` that `encoding` cannot write, for messages; undefined when all can. */
export function unwritableCharacter(text: string, encoding: EditEncoding): string | undefined {
  if (encoding !== 'windows-1252') return undefined;
  for (const ch of text) if (!encodeWindows1252(ch)) return ch;
  return undefined;
}

/** The bytes with the edits made (edits must not overlap; any order). */
export function applyByteEdits(bytes: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  if (edits.length === 0) return bytes;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let length = bytes.length;
  for (const e of sorted) length += e.bytes.length - (e.end - e.start);
  const out = new Uint8Array(length);
  let from = 0;
  let to = 0;
  for (const e of sorted) {
    out.set(bytes.subarray(from, e.start), to);
    to += e.start - from;
    out.set(e.bytes, to);
    to += e.bytes.length;
    from = e.end;
  }
  out.set(bytes.subarray(from), to);
  return out;
}

/** A changed line of a text file: its 1-based number, and its new text (without a line break). */
export interface LineChange {
  line: number;
  text: string;
}

export type LineEditResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string; change: number };

/**
 * Replace lines of a text file (UTF-8, or UTF-16 by its mark) on its bytes: lines are numbered as the file
 * has them before the changes; a later change of a line wins; each line's break stays as it was.
 */
export function applyLineChanges(bytes: Uint8Array, changes: readonly LineChange[]): LineEditResult {
  if (changes.length === 0) return { ok: true, bytes };
  const bom = sniffBom(bytes);
  const encoding: EditEncoding = bom?.encoding ?? 'utf-8';
  const text = new TextDecoder(encoding).decode(bytes);
  const last = new Map<number, { text: string; change: number }>();
  changes.forEach((c, change) => last.set(c.line, { text: c.text, change }));
  const spans = new Map<number, [number, number]>();
  let line = 1;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text.charCodeAt(i);
    if (i < text.length && c !== 10 && c !== 13) continue;
    if (last.has(line)) spans.set(line, [start, i]);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    line++;
    start = i + 1;
  }
  for (const [n, { change }] of last)
    if (!spans.has(n)) return { ok: false, change, message: `the file has no line ${n}` };
  const characters = [...spans.values()].flat().sort((a, b) => a - b);
  const offsets = byteOffsetsOf(bytes, encoding, characters);
  const byteAt = new Map(characters.map((o, i) => [o, offsets[i]!]));
  const edits: ByteEdit[] = [];
  for (const [n, [from, to]] of spans)
    edits.push({
      start: byteAt.get(from)!,
      end: byteAt.get(to)!,
      bytes: encodeIn(last.get(n)!.text, encoding)!,
    });
  return { ok: true, bytes: applyByteEdits(bytes, edits) };
}
