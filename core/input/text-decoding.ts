/**
 * Bytes → text for every text kind (JSON, WKT, GeoJSON, KML): the encoding is read from the byte order
 * mark (UTF-8, UTF-16 LE, UTF-16 BE; none means UTF-8), as the XML reader does (core/modus/xml-decoding.ts).
 * Offsets in diagnostics count UTF-16 units of the decoded text, after the mark, so they are the same
 * whatever the file's encoding; a fixed file is written back in the encoding (and with the mark) it came in.
 */

import { joinBytes } from '../values/bytes.ts';
import { wholeCharactersEnd } from '../values/utf8.ts';
import { encodeUnicode } from '../values/encode-text.ts';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Whether the bytes began with a byte order mark. */
  bom: boolean;
}

/**
 * The byte order mark at the start of the bytes: the encoding it names and its length; undefined when there
 * is none (or the bytes end inside one). The one place every reader (text kinds, CSV, XML) looks for it.
 */
export function sniffBom(bytes: Uint8Array): { encoding: TextEncodingName; length: 2 | 3 } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** The encoding named by a byte order mark at the start of the bytes (none means UTF-8). */
export function sniffTextEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bom: boolean } {
  const bom = sniffBom(bytes);
  return bom ? { encoding: bom.encoding, bom: true } : { encoding: 'utf-8', bom: false };
}

/** Decode a text file (the mark dropped). Invalid sequences become U+FFFD, which the text checks report. */
export function decodeText(bytes: Uint8Array): DecodedText {
  const { encoding, bom } = sniffTextEncoding(bytes);
  const text = new TextDecoder(encoding, { fatal: false, ignoreBOM: false }).decode(bytes);
  return { text, encoding, bom };
}

/** Encode text in the given encoding, with a byte order mark when the original had one. */
export function encodeText(text: string, like: { encoding: TextEncodingName; bom: boolean }): Uint8Array {
  return encodeUnicode(text, like);
}

export function encodeTextLike(text: string, original: Uint8Array): Uint8Array {
  return encodeText(text, sniffTextEncoding(original));
}

/**
 * Text read in chunks, decoded as `decodeText` decodes it whole: the encoding from the first bytes' mark,
 * the mark dropped, invalid sequences as U+FFFD. A UTF-8 chunk is cut after its last whole character and
 * decoded in one call, the bytes of a character split between chunks waiting for the next one: Node 20's
 * TextDecoder takes about 7× as long per byte in streaming mode (25 ms against 3.6 ms for 48 MB).
 */
export class TextChunkDecoder {
  /** The first bytes, while there are too few to tell the mark. */
  private head: Uint8Array | undefined = new Uint8Array(0);
  /** UTF-8 bytes of a character that the last chunk ended inside. */
  private carry: Uint8Array | undefined;
  /** For UTF-8: the first piece (drops a mark) and the rest (a U+FEFF later on is text). */
  private utf8First: TextDecoder | undefined;
  private utf8Rest: TextDecoder | undefined;
  private utf16: TextDecoder | undefined;

  decode(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.head) {
      bytes = joinBytes(this.head, chunk);
      if (bytes.length < 3) {
        this.head = bytes;
        return '';
      }
      this.head = undefined;
      this.start(bytes);
    }
    if (this.utf16) return this.utf16.decode(bytes, { stream: true });
    if (this.carry) {
      bytes = joinBytes(this.carry, bytes);
      this.carry = undefined;
    }
    const cut = wholeCharactersEnd(bytes);
    if (cut < bytes.length) this.carry = bytes.slice(cut);
    return cut > 0 ? this.utf8(bytes.subarray(0, cut)) : '';
  }

  /** The text of bytes left at the end (an incomplete character is one U+FFFD). */
  end(): string {
    if (this.head) {
      const head = this.head;
      this.head = undefined;
      return decodeText(head).text;
    }
    if (this.utf16) return this.utf16.decode();
    const carry = this.carry;
    this.carry = undefined;
    return carry ? this.utf8(carry) : '';
  }

  private start(first: Uint8Array): void {
    const { encoding } = sniffTextEncoding(first);
    if (encoding !== 'utf-8') this.utf16 = new TextDecoder(encoding, { fatal: false, ignoreBOM: false });
    else this.utf8First = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  }

  private utf8(bytes: Uint8Array): string {
    if (this.utf8Rest) return this.utf8Rest.decode(bytes);
    const text = (this.utf8First as TextDecoder).decode(bytes);
    this.utf8Rest = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    return text;
  }
}
