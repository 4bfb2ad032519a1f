/**
 * Bytes → text for XML, one chunk at a time: the encoding is sniffed from the byte order mark or the XML
 * declaration, and invalid bytes are found at their exact byte offset instead of silently becoming U+FFFD.
 */
import { joinBytes } from '../values/bytes.ts';
import { firstInvalidUtf8, wholeCharactersEnd } from '../values/utf8.ts';
import { sniffBom } from '../input/text-decoding.ts';

export interface DecodeProblem {
  kind: 'invalid-bytes' | 'unsupported-encoding';
  message: string;
  /** Byte offset of the problem in the whole input. */
  byteOffset: number;
}

export interface DecodedPiece {
  /** Text decoded before the problem (or all of this chunk's text). */
  text: string;
  /** Characters at the start of `text` decoded again from the bytes kept by `keepTail` (0 when none). */
  repeated?: number;
  problem?: DecodeProblem;
}

/** At most this many bytes are kept by `keepTail` (an unfinished token is usually far shorter). */
export const MAX_TAIL_BYTES = 64 * 1024;

const SNIFF_BYTES = 1024;

/** WHATWG labels for the encodings an XML declaration may name; unknown labels are tried as they are. */
function decoderLabel(declared: string): string {
  const name = declared.trim().toLowerCase();
  if (name === 'utf8' || name === 'utf-8' || name === 'us-ascii' || name === 'ascii') return 'utf-8';
  if (name === 'latin1' || name === 'latin-1') return 'iso-8859-1';
  return name;
}

function sniffDeclaredEncoding(bytes: Uint8Array): string | undefined {
  // The declaration is ASCII in every ASCII-compatible encoding.
  let head = '';
  const n = Math.min(bytes.length, 256);
  for (let i = 0; i < n; i++) {
    const b = bytes[i] ?? 0;
    head += String.fromCharCode(b);
    if (b === 0x3e /* > */) break;
  }
  if (!head.startsWith('<?xml')) return undefined;
  const m = /\sencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1/.exec(head);
  return m?.[2];
}

/**
 * Incremental decoder. Feed chunks with `decode(chunk)`, then call `finish()`. After a problem is
 * returned, the decoder stops (an XML parser must not guess past an encoding error).
 */
export class XmlByteDecoder {
  encoding = 'utf-8';
  private decoder: TextDecoder | undefined;
  private pending: Uint8Array | undefined;
  /** UTF-8 is decoded chunk by chunk without the (much slower) streaming mode: a sequence cut by the
   * chunk's end is carried over to the next chunk. */
  private utf8 = false;
  private carry: Uint8Array | undefined;
  /**
   * UTF-8 only: the bytes of the characters the reader has not used yet (`keepTail`) are decoded again
   * in front of the next chunk, assembled in one reused buffer, so the reader gets one string per chunk
   * instead of joining its leftover with every new piece (which copied the whole text once more).
   */
  private staging = new Uint8Array(0);
  private tailLength = 0;
  private tailChars = 0;
  /** The bytes the last UTF-8 run decoded (valid until the caller's next chunk). */
  private lastBody: Uint8Array | undefined;
  private bytesSeen = 0;
  private failed = false;
  /** Whether the input started with a byte order mark (kept when a fixed file is written back). */
  hadBom = false;

  /**
   * Keep the last `bytes` bytes decoded (the reader's unfinished `chars` characters) to decode them again
   * in front of the next chunk; the next piece then says how many characters it repeats. False when they
   * cannot be kept (not UTF-8, too many): the next piece holds new text only.
   */
  keepTail(bytes: number, chars: number): boolean {
    this.tailLength = 0;
    this.tailChars = 0;
    const body = this.lastBody;
    if (!this.utf8 || this.failed || !body || bytes > MAX_TAIL_BYTES || bytes > body.length) return false;
    if (bytes === 0) return true;
    if (this.staging.length < bytes) this.staging = new Uint8Array(Math.max(bytes, 2 * this.staging.length));
    // set() copies correctly even when the body is a view of the staging buffer itself.
    this.staging.set(body.subarray(body.length - bytes), 0);
    this.tailLength = bytes;
    this.tailChars = chars;
    return true;
  }

  decode(chunk: Uint8Array): DecodedPiece {
    this.lastBody = undefined;
    if (this.failed) return { text: '' };
    if (!this.decoder) {
      const joined = this.pending ? joinBytes(this.pending, chunk) : chunk;
      if (joined.length < SNIFF_BYTES) {
        this.pending = joined;
        return { text: '' };
      }
      this.pending = undefined;
      const problem = this.start(joined);
      if (problem) return { text: '', problem };
      return this.run(joined, false);
    }
    return this.run(chunk, false);
  }

  finish(): DecodedPiece {
    this.lastBody = undefined;
    if (this.failed) return { text: '' };
    if (!this.decoder) {
      const joined = this.pending ?? new Uint8Array(0);
      this.pending = undefined;
      const problem = this.start(joined);
      if (problem) return { text: '', problem };
      return this.run(joined, true);
    }
    return this.run(new Uint8Array(0), true);
  }

  private start(head: Uint8Array): DecodeProblem | undefined {
    let label = 'utf-8';
    const bom = sniffBom(head);
    if (bom) {
      label = bom.encoding;
      this.hadBom = true;
    } else if (head[0] === 0x3c && head[1] === 0x00 && head[2] === 0x3f && head[3] === 0x00) {
      label = 'utf-16le';
    } else if (head[0] === 0x00 && head[1] === 0x3c && head[2] === 0x00 && head[3] === 0x3f) {
      label = 'utf-16be';
    } else {
      const declared = sniffDeclaredEncoding(head);
      if (declared !== undefined) {
        const l = decoderLabel(declared);
        if (l === 'utf-16') label = 'utf-16le';
        else label = l;
      }
    }
    try {
      this.utf8 = label === 'utf-8';
      this.decoder = new TextDecoder(label, { fatal: true, ignoreBOM: this.utf8 });
    } catch {
      this.failed = true;
      return {
        kind: 'unsupported-encoding',
        message: `the XML declaration names the encoding "${label}", which cannot be read`,
        byteOffset: 0,
      };
    }
    this.encoding = this.decoder.encoding;
    return undefined;
  }

  private run(chunk: Uint8Array, final: boolean): DecodedPiece {
    return this.utf8 ? this.runUtf8(chunk, final) : this.runStreaming(chunk, final);
  }

  private runUtf8(chunk: Uint8Array, final: boolean): DecodedPiece {
    const decoder = this.decoder as TextDecoder;
    let bytes = chunk;
    const tail = this.tailLength;
    const repeated = this.tailChars;
    const carry = this.carry?.length ?? 0;
    let startOffset = this.bytesSeen - carry - tail;
    this.bytesSeen += chunk.length;
    this.tailLength = 0;
    this.tailChars = 0;
    if (tail + carry > 0) {
      // The kept tail is already at the start of the staging buffer.
      const need = tail + carry + chunk.length;
      if (this.staging.length < need) {
        const grown = new Uint8Array(Math.max(need, 2 * this.staging.length));
        grown.set(this.staging.subarray(0, tail));
        this.staging = grown;
      }
      if (this.carry) this.staging.set(this.carry, tail);
      this.staging.set(chunk, tail + carry);
      bytes = this.staging.subarray(0, need);
      this.carry = undefined;
    }
    if (startOffset === 0 && this.hadBom) {
      bytes = bytes.subarray(3);
      startOffset = 3;
    }
    const end = final ? bytes.length : wholeCharactersEnd(bytes);
    if (end < bytes.length) this.carry = bytes.slice(end);
    const body = end === bytes.length ? bytes : bytes.subarray(0, end);
    this.lastBody = body;
    try {
      const text = decoder.decode(body);
      return repeated > 0 ? { text, repeated } : { text };
    } catch {
      this.lastBody = undefined;
      this.failed = true;
      const at = firstInvalidUtf8(body, false);
      const bad = at < 0 ? body.length : at;
      const valid = new TextDecoder('utf-8').decode(body.subarray(0, bad));
      const message =
        bad >= body.length
          ? 'the input ends inside a multi-byte UTF-8 character'
          : `byte 0x${(body[bad] ?? 0).toString(16).padStart(2, '0').toUpperCase()} is not valid UTF-8`;
      const problem: DecodeProblem = { kind: 'invalid-bytes', message, byteOffset: startOffset + bad };
      return repeated > 0 ? { text: valid, repeated, problem } : { text: valid, problem };
    }
  }

  private runStreaming(chunk: Uint8Array, final: boolean): DecodedPiece {
    const decoder = this.decoder as TextDecoder;
    const startOffset = this.bytesSeen;
    this.bytesSeen += chunk.length;
    try {
      return { text: decoder.decode(chunk, { stream: !final }) };
    } catch {
      this.failed = true;
      const message =
        chunk.length === 0
          ? `the input ends inside a multi-byte ${this.encoding.toUpperCase()} character`
          : `the bytes are not valid ${this.encoding.toUpperCase()}`;
      return { text: '', problem: { kind: 'invalid-bytes', message, byteOffset: startOffset } };
    }
  }
}
