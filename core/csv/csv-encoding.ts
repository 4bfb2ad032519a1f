/**
 * Bytes → text for CSV batches, while streaming: a byte order mark decides (UTF-8, UTF-16 LE/BE); without
 * one the bytes are read as strict UTF-8 and, when the first block is not UTF-8, as Windows-1252 (what
 * spreadsheets on Windows save). The choice is reported and can be forced (`encoding` setting). Decoding
 * happens before tokenising, so a multi-byte character split between two chunks is never corrupted.
 */

import type { TextRange } from '../diagnostics/diagnostic.ts';
import { encodeText } from '../input/text-decoding.ts';
import { encodeWindows1252 } from '../values/encode-text.ts';

export { encodeWindows1252 };

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How the text was decoded, and why. */
export interface CsvEncodingChoice {
  encoding: CsvEncoding;
  bom: boolean;
  /** 'bom' (a byte order mark), 'utf-8' (valid UTF-8), 'fallback' (not UTF-8: Windows-1252), 'chosen'. */
  reason: 'bom' | 'utf-8' | 'fallback' | 'chosen';
  /** For a fallback: the byte offset of the first byte that is not UTF-8. */
  invalidAt?: number;
  /** For a fallback: that byte in the text read (Windows-1252 reads one byte as one character). */
  invalidRange?: TextRange;
}

/** Name given by a user (`utf8`, `latin1`, `cp1252` …) → an encoding, or undefined when unknown. */
export function parseCsvEncoding(name: string): CsvEncoding | undefined {
  const key = name.trim().toLowerCase().replace(/[_\s]/g, '-');
  if (key === 'utf-8' || key === 'utf8') return 'utf-8';
  if (key === 'utf-16le' || key === 'utf16le' || key === 'utf-16') return 'utf-16le';
  if (key === 'utf-16be' || key === 'utf16be') return 'utf-16be';
  if (['windows-1252', 'cp1252', 'win1252', 'latin1', 'latin-1', 'iso-8859-1', 'ansi'].includes(key))
    return 'windows-1252';
  return undefined;
}

/** Encode text as the CSV came in (same encoding, the mark kept); undefined when it cannot be represented. */
export function encodeCsvText(
  text: string,
  choice: { encoding: CsvEncoding; bom: boolean },
): Uint8Array | undefined {
  if (choice.encoding === 'windows-1252') return encodeWindows1252(text);
  return encodeText(text, { encoding: choice.encoding, bom: choice.bom });
}
