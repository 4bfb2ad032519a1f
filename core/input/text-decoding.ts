/**
 * Bytes → text for every text kind (JSON, WKT, GeoJSON, KML): the encoding is read from the byte order
 * mark (UTF-8, UTF-16 LE, UTF-16 BE; none means UTF-8), as the XML reader does (core/modus/xml-decoding.ts).
 * Offsets in diagnostics count UTF-16 units of the decoded text, after the mark, so they are the same
 * whatever the file's encoding; a fixed file is written back in the encoding (and with the mark) it came in.
 */

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
  if (like.encoding === 'utf-8') {
    const body = new TextEncoder().encode(text);
    if (!like.bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf], 0);
    out.set(body, 3);
    return out;
  }
  const mark = like.bom ? 2 : 0;
  const out = new Uint8Array(mark + text.length * 2);
  const little = like.encoding === 'utf-16le';
  if (like.bom) out.set(little ? [0xff, 0xfe] : [0xfe, 0xff], 0);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const at = mark + i * 2;
    out[at + (little ? 0 : 1)] = unit & 0xff;
    out[at + (little ? 1 : 0)] = unit >> 8;
  }
  return out;
}

/** Encode fixed text like the bytes it was decoded from. */
export function encodeTextLike(text: string, original: Uint8Array): Uint8Array {
  return encodeText(text, sniffTextEncoding(original));
}
