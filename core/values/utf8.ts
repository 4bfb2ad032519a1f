/** UTF-8 validity, shared by the streaming readers (CSV batches, Modus XML). */

import { joinBytes } from './bytes.ts';

/**
 * The offset of the first byte that is not part of valid UTF-8 in `bytes`, or -1. A sequence cut off at the
 * very end is not counted (the next chunk may complete it) unless `final`.
 */
export function firstInvalidUtf8(bytes: Uint8Array, final = false): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    if (i + need >= n) {
      // Cut off at the end of the block: the next chunk may complete it.
      if (final) return i;
      for (let k = i + 1; k < n; k++) if (((bytes[k] as number) & 0xc0) !== 0x80) return i;
      return -1;
    }
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k] as number;
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Where the last whole UTF-8 character of `bytes` ends: before a lead byte whose continuation bytes have
 * not all come yet, else the end. Decoding the bytes before that point and then the rest joined to what
 * follows gives what one decoder over all of them gives: the cut is at a lead byte, where a decoder
 * starts afresh whatever came before.
 */
export function wholeCharactersEnd(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = n - 1;
  let continuations = 0;
  while (i >= 0 && continuations < 3 && ((bytes[i] as number) & 0xc0) === 0x80) {
    i--;
    continuations++;
  }
  if (i < 0) return n;
  const lead = bytes[i] as number;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 1;
  return continuations + 1 < length ? i : n;
}

/** Bytes an invalid sequence at `i` takes before a decoder writes its one U+FFFD (WHATWG's maximal subpart). */
function invalidSequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  let need: number;
  let low = 0x80;
  let high = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) low = 0xa0;
    else if (b === 0xed) high = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) low = 0x90;
    else if (b === 0xf4) high = 0x8f;
  } else return 1;
  let k = 1;
  for (; k <= need && i + k < bytes.length; k++) {
    const c = bytes[i + k] as number;
    if (c < low || c > high) break;
    low = 0x80;
    high = 0xbf;
  }
  return k;
}

/** A sequence of bytes that is not UTF-8: where it starts, and where its U+FFFD is in the decoded text. */
export interface InvalidUtf8 {
  byte: number;
  offset: number;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Decodes UTF-8 arriving in chunks as a WHATWG decoder does (each invalid sequence becomes one U+FFFD, a
 * leading byte order mark is dropped) and says where each invalid sequence was: its byte in the stream
 * and its U+FFFD's offset in the text. Valid chunks take the native decoder's fast path; only a chunk that
 * fails it is walked sequence by sequence.
 */
export class LocatingUtf8Decoder {
  private carry: Uint8Array = new Uint8Array(0);
  /** Bytes of the stream before `carry`. */
  private bytes = 0;
  /** Characters decoded so far. */
  private chars = 0;
  private started = false;
  private readonly strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private readonly lenient = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(private readonly onInvalid: (invalid: InvalidUtf8) => void) {}

  decode(chunk: Uint8Array, final = false): string {
    let all = joinBytes(this.carry, chunk);
    if (!this.started) {
      if (all.length < UTF8_BOM.length && !final) {
        this.carry = all.slice();
        return '';
      }
      this.started = true;
      if (UTF8_BOM.every((b, i) => all[i] === b)) {
        all = all.subarray(UTF8_BOM.length);
        this.bytes += UTF8_BOM.length;
      }
    }
    const end = final ? all.length : wholeCharactersEnd(all);
    const part = all.subarray(0, end);
    // The few bytes of a character cut at the chunk's end wait for the next chunk (copied: tiny).
    this.carry = end < all.length ? all.slice(end) : new Uint8Array(0);
    let text: string;
    try {
      text = this.strict.decode(part);
    } catch {
      text = this.locate(part);
    }
    this.bytes += part.length;
    this.chars += text.length;
    return text;
  }

  /** A part that is not all UTF-8: decoded valid run by valid run, each invalid sequence reported. */
  private locate(part: Uint8Array): string {
    let text = '';
    let at = 0;
    while (at < part.length) {
      const rest = part.subarray(at);
      const bad = firstInvalidUtf8(rest, true);
      if (bad < 0) {
        text += this.lenient.decode(rest);
        break;
      }
      text += this.lenient.decode(rest.subarray(0, bad));
      this.onInvalid({ byte: this.bytes + at + bad, offset: this.chars + text.length });
      text += '\ufffd';
      at += bad + invalidSequenceLength(part, at + bad);
    }
    return text;
  }
}
