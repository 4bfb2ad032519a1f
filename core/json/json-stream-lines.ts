import type { TextPosition } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';

/**
 * Line and column of offsets in a document read in chunks: line starts are found as text arrives and
 * forgotten with the text before the reader's window, so memory follows the window, not the document.
 * Offsets are the document's (UTF-16 units of the decoded text); positions are asked for only inside the
 * window, which is when checks report. Line breaks count as in LineIndex (\r\n once, lone \r and \n).
 */
export class StreamLines extends LineIndex {
  /** Document offsets of the line starts from `firstLine` on: the line the window starts in, and later. */
  private starts: number[] = [0];
  private firstLine = 1;
  /** Line breaks before this document offset have been found. */
  private scanned = 0;
  /** The document's length so far (the end of the window). */
  private length = 0;

  constructor() {
    super('');
  }

  /**
   * Find the line breaks of the window's text `text` (which starts at document offset `base`) not seen
   * yet. A final \r waits for the next chunk (it may be the start of \r\n) unless `done`.
   */
  scan(text: string, base: number, done: boolean): void {
    this.length = base + text.length;
    let limit = text.length;
    if (!done && text.charCodeAt(limit - 1) === 13) limit--;
    let i = this.scanned - base;
    let lf = text.indexOf('\n', i);
    let cr = text.indexOf('\r', i);
    for (;;) {
      if (lf >= limit) lf = -1;
      if (cr >= limit) cr = -1;
      if (lf < 0 && cr < 0) break;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        i = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        if (i === cr + 2) lf = text.indexOf('\n', i);
        cr = text.indexOf('\r', i);
      } else {
        i = lf + 1;
        lf = text.indexOf('\n', i);
      }
      this.starts.push(base + i);
    }
    this.scanned = base + limit;
  }

  /** Forget the line starts before the line that holds document offset `offset` (text the window let go). */
  forget(offset: number): void {
    const k = this.lineAt(offset);
    if (k > 64 && k > this.starts.length / 2) {
      this.starts = this.starts.slice(k);
      this.firstLine += k;
    }
  }

  override position(offset: number): TextPosition {
    const clamped = Math.max(0, Math.min(offset, this.length));
    const k = this.lineAt(clamped);
    return { offset: clamped, line: this.firstLine + k, column: clamped - (this.starts[k] ?? 0) + 1 };
  }

  /** The window keeps no text for whole lines: code frames of a streamed file read its lines again. */
  override lineText(): string {
    return '';
  }

  override get lineCount(): number {
    return this.firstLine + this.starts.length - 1;
  }

  /** Index in `starts` of the last line start at or before `offset`. */
  private lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
