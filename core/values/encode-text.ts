/**
 * Text → bytes in the encodings files come in: UTF-8 and UTF-16 (with or without a byte order mark) and
 * Windows-1252 (what spreadsheets on Windows save), the last only for text it can hold.
 */

import { encodeWindows1252 } from './windows-1252.ts';

export { encodeWindows1252 };

export type UnicodeEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';
export type TextEncoding = UnicodeEncoding | 'windows-1252';

/** Encode text as UTF-8 or UTF-16, with a byte order mark when asked. */
export function encodeUnicode(text: string, like: { encoding: UnicodeEncoding; bom: boolean }): Uint8Array {
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

/** Encode text in any of the encodings; undefined when Windows-1252 cannot hold it. */
export function encodeTextAs(
  text: string,
  like: { encoding: TextEncoding; bom: boolean },
): Uint8Array | undefined {
  if (like.encoding === 'windows-1252') return encodeWindows1252(text);
  return encodeUnicode(text, { encoding: like.encoding, bom: like.bom });
}
