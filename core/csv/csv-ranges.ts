/**
 * Places inside a CSV row as line and column ranges of the whole file: a row's own text gets a line index
 * (built once per row; a row without a line break, nearly every row, needs no scan), and ranges within it
 * are shifted to the row's place in the file.
 */

import type { TextPosition, TextRange } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { CsvCell, CsvRow } from './csv-reader.ts';
import { cellOffset } from './csv-reader.ts';

/** Shift a location made against a row's own text to the whole file. */
export function shiftRange(range: TextRange, row: CsvRow): TextRange {
  const at = (p: TextRange['start']): TextRange['start'] => ({
    offset: p.offset + row.start,
    line: row.line + p.line - 1,
    column: p.line === 1 ? row.column + p.column - 1 : p.column,
  });
  return { start: at(range.start), end: at(range.end) };
}

/**
 * The line index of a row that has no line break (nearly every row): positions are columns of line 1, so
 * the row's text need not be scanned. Only `position` and `range` are used for rows.
 */
class SingleLineIndex extends LineIndex {
  constructor(private readonly length: number) {
    super('');
  }

  override position(offset: number): TextPosition {
    const clamped = Math.max(0, Math.min(offset, this.length));
    return { offset: clamped, line: 1, column: clamped + 1 };
  }
}

const rowLineIndexes = new WeakMap<CsvRow, LineIndex>();

/** The line index of a row's own text (built once per row). */
export function rowLines(row: CsvRow): LineIndex {
  let lines = rowLineIndexes.get(row);
  if (!lines) {
    const t = row.text;
    lines = t.indexOf('\n') < 0 && t.indexOf('\r') < 0 ? new SingleLineIndex(t.length) : new LineIndex(t);
    rowLineIndexes.set(row, lines);
  }
  return lines;
}

/** A range in the whole text for offsets within one row (the row's own line index places them). */
export function rangeOf(start: number, end: number, row: CsvRow): TextRange {
  return shiftRange(rowLines(row).range(start - row.start, end - row.start), row);
}

/** The range of a cell's value (inside quotes) in the whole file. */
export function cellRange(row: CsvRow, cell: CsvCell): TextRange {
  return rangeOf(cell.valueStart, cellOffset(cell, cell.value.length), row);
}

/** The range of a whole row (its line break excluded). */
export function rowRange(row: CsvRow): TextRange {
  return rangeOf(row.start, row.end, row);
}
