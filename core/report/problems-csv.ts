/**
 * The problems of a report as CSV for spreadsheet users: one line per diagnostic with the file, the row and
 * column it is at (for a CSV batch: the data row and the batch column), the line and character, the cell's
 * value, the code, message and hint. Every cell is safe against formula injection (safe-cell.ts). Written
 * as bytes, it takes the encoding and delimiter of the CSV batches it reports on (spreadsheet-csv.ts), so
 * it opens in the same spreadsheet. Typed structurally on what it reads, so any report with files and
 * diagnostics fits.
 */

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { describeLocation } from './describe-location.ts';
import {
  DEFAULT_SPREADSHEET_FORMAT,
  spreadsheetCsvBytes,
  spreadsheetCsvText,
  spreadsheetFormatFor,
  type SpreadsheetCsvFormat,
} from './spreadsheet-csv.ts';

export interface ReportFileLike {
  file: string;
  kind: string;
  diagnostics: readonly Diagnostic[];
  /** The checked text, for the value at a diagnostic's range. */
  text?: string;
  /**
   * For a file checked as a stream (no `text`): the value at each diagnostic's range, read again from the
   * file (`readValuesAt`), so its report fills the same columns a small file's does.
   */
  values?: ReadonlyMap<Diagnostic, string>;
  /** A kind's summary: a CSV batch's says its encoding and delimiter (the problems CSV follows them). */
  summary?: unknown;
}

export interface ReportLike {
  files: readonly ReportFileLike[];
}

export const PROBLEMS_CSV_HEADER = [
  'file',
  'row',
  'column',
  'line',
  'character',
  'value',
  'severity',
  'code',
  'rule',
  'message',
  'hint',
  'where',
] as const;

/** Values are cut to this many characters (a boundary's WKT is not a cell to read). */
export const VALUE_CHARS = 200;

/** The text at a diagnostic's range (at most 200 characters, line breaks as spaces), or ''. */
function valueAt(text: string | undefined, d: Diagnostic): string {
  const r = d.location.range;
  if (!text || !r) return '';
  const value = text.slice(r.start.offset, Math.min(r.end.offset, r.start.offset + VALUE_CHARS));
  return value.replace(/\r\n?|\n/g, ' ');
}

/** The value of a diagnostic of a file: from its text, or from the values read again for a streamed file. */
export function fileValueAt(file: ReportFileLike, d: Diagnostic): string {
  return file.text !== undefined ? valueAt(file.text, d) : (file.values?.get(d) ?? '');
}

/** Every problem as a row of cells, the header first. */
export function* problemsCsvRows(report: ReportLike): Generator<string[]> {
  yield [...PROBLEMS_CSV_HEADER];
  for (const f of report.files)
    for (const d of f.diagnostics) {
      const l = d.location;
      yield [
        f.file,
        l.row !== undefined ? String(l.row) : l.record !== undefined ? String(l.record) : '',
        l.field ?? '',
        l.range ? String(l.range.start.line) : '',
        l.range ? String(l.range.start.column) : '',
        fileValueAt(f, d),
        d.severity,
        d.code,
        d.rule,
        d.message,
        d.hint ?? '',
        describeLocation(l),
      ];
    }
}

/** The problems CSV as text: UTF-8 (no byte order mark), commas, every cell defused. */
export function problemsCsv(report: ReportLike): string {
  return spreadsheetCsvText(problemsCsvRows(report), { delimiter: ',', sepLine: false, bom: false });
}

/** How a CSV batch was read, from its report summary (undefined for other kinds). */
function csvReadAs(summary: unknown): { encoding?: string; delimiter?: string } | undefined {
  if (typeof summary !== 'object' || summary === null) return undefined;
  const s = summary as { encoding?: unknown; delimiter?: unknown; headerLine?: unknown };
  if (typeof s.delimiter !== 'string' || typeof s.encoding !== 'string') return undefined;
  return { encoding: s.encoding, delimiter: s.delimiter };
}

/**
 * The format a report's problems CSV is written in: that of the CSV batches it is about (their encoding and
 * delimiter, when they all share them), so it opens in the same spreadsheet; else UTF-8 with a byte order
 * mark and commas (spreadsheet-csv.ts).
 */
export function problemsCsvFormat(report: ReportLike): SpreadsheetCsvFormat {
  const inputs = report.files.map((f) => csvReadAs(f.summary));
  const first = inputs[0];
  const same =
    first !== undefined &&
    inputs.every((i) => i !== undefined && i.encoding === first.encoding && i.delimiter === first.delimiter);
  return same ? spreadsheetFormatFor(first) : { ...DEFAULT_SPREADSHEET_FORMAT };
}

/** The problems CSV as the bytes of a file that opens in the inputs' spreadsheet, and the format written. */
export function problemsCsvBytes(
  report: ReportLike,
  format: SpreadsheetCsvFormat = problemsCsvFormat(report),
): { bytes: Uint8Array; format: SpreadsheetCsvFormat } {
  return spreadsheetCsvBytes(problemsCsvRows(report), format, { lookAlikes: true });
}
