/**
 * The values a report shows (the problems CSV's and the HTML report's `value` column) for a file checked as
 * a stream, whose report holds no text: the file is read again once, decoded as the check decoded it, and
 * the text at each diagnostic's range (at most VALUE_CHARS characters) is kept. Only the text from the next
 * wanted range on is held, so memory stays that of the values, whatever the file's size.
 */

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { VALUE_CHARS } from './problems-csv.ts';

/** The encoding a byte order mark names, or UTF-8: as the text kinds decode. */
function encodingOfMark(head: Uint8Array): string {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * The value at each diagnostic's range in `stream` (decoded as `encoding`, a TextDecoder label, or 'auto':
 * by its byte order mark, else UTF-8; a leading mark is not counted, as the checks count offsets).
 * Diagnostics without a range have none.
 */
export async function readValuesAt(
  stream: ReadableStream<Uint8Array>,
  encoding: string,
  diagnostics: readonly Diagnostic[],
): Promise<Map<Diagnostic, string>> {
  const values = new Map<Diagnostic, string>();
  const wanted = diagnostics
    .filter((d) => d.location.range !== undefined)
    .sort((a, b) => (a.location.range?.start.offset ?? 0) - (b.location.range?.start.offset ?? 0));
  if (wanted.length === 0) {
    await stream.cancel().catch(() => undefined);
    return values;
  }
  const reader = stream.getReader();
  let decoder: TextDecoder | undefined;
  /** Decoded text from offset `base` on. */
  let text = '';
  let base = 0;
  let next = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (!decoder) {
        const label = encoding === 'auto' ? encodingOfMark(value ?? new Uint8Array(0)) : encoding;
        try {
          decoder = new TextDecoder(label);
        } catch {
          decoder = new TextDecoder('utf-8');
        }
      }
      text += done ? decoder.decode() : decoder.decode(value, { stream: true });
      while (next < wanted.length) {
        const range = (wanted[next] as Diagnostic).location.range!;
        const start = range.start.offset;
        const end = Math.max(start, Math.min(range.end.offset, start + VALUE_CHARS));
        if (end > base + text.length && !done) break;
        const cut = text.slice(Math.max(0, start - base), Math.max(0, end - base));
        values.set(wanted[next] as Diagnostic, cut.replace(/\r\n?|\n/g, ' '));
        next++;
      }
      if (done || next >= wanted.length) break;
      // Let go of the text before the next wanted range.
      const drop = Math.min(
        Math.max(0, (wanted[next] as Diagnostic).location.range!.start.offset - base),
        text.length,
      );
      if (drop > 0) {
        text = text.slice(drop);
        base += drop;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return values;
}
