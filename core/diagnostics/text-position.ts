import type { TextPosition, TextRange } from './diagnostic.ts';

/**
 * Maps 0-based offsets to 1-based line/column. Built once per text; lookups are a binary search, so
 * reporting thousands of diagnostics in a large file stays cheap.
 */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    // Line breaks found with indexOf (a fast scan of a big upload), \r\n counted once.
    const starts = [0];
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    while (lf >= 0 || cr >= 0) {
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        const next = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        starts.push(next);
        if (next === cr + 2) lf = text.indexOf('\n', next);
        cr = text.indexOf('\r', next);
      } else {
        starts.push(lf + 1);
        lf = text.indexOf('\n', lf + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  position(offset: number): TextPosition {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { offset: clamped, line: lo + 1, column: clamped - (this.lineStarts[lo] ?? 0) + 1 };
  }

  range(start: number, end: number): TextRange {
    return { start: this.position(start), end: this.position(Math.max(start, end)) };
  }

  /** The text of a 1-based line without its line break. */
  lineText(line: number): string {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return '';
    const next = this.lineStarts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13))
      end--;
    return this.text.slice(start, end);
  }
}
