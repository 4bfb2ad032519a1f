/**
 * CSV written for a spreadsheet to open: the problems CSV of a report, the results CSV of a batch. Excel
 * opens a CSV by double-click with the computer's code page (Windows-1252 in western Europe and the
 * Americas) unless the file starts with a byte order mark, and splits it at the computer's list separator
 * (`;` where the decimal mark is a comma) unless a first line `sep=;` names another. So a file that opens
 * correctly in the Excel an input came from is written like that input: its encoding and its delimiter.
 *
 * The policy (`spreadsheetFormatFor`):
 * - A Windows-1252 input: Windows-1252, no mark, its delimiter, as that Excel saved it. Text Windows-1252
 *   cannot hold is first spelt with look-alikes it can (→ as ->, ≥ as >=) when `lookAlikes` is set (reports);
 *   if some is still left, the file falls back to UTF-8 with a byte order mark (`spreadsheetCsvBytes` says so).
 * - A UTF-8 or UTF-16 input: the same encoding with a byte order mark (Excel reads UTF-8 only with one), its
 *   delimiter.
 * - No CSV input to follow: UTF-8 with a byte order mark, comma.
 * - `sep=` only when asked (`sepLine`): it tells Excel the delimiter, but other tools read it as a first
 *   row, and Excel then ignores a byte order mark, so it is written only without one.
 *
 * Cells are quoted when they hold the delimiter, a quote or a line break; in a report (`defuse`, the
 * default) a cell starting with = + - @ tab or CR gets an apostrophe (safe-cell.ts). A data file for
 * submission must pass `defuse: false`: the apostrophe would become part of its data.
 */

import { encodeTextAs, encodeWindows1252, type TextEncoding } from '../values/encode-text.ts';
import { defuseFormula } from './safe-cell.ts';

export type SpreadsheetDelimiter = ',' | ';' | '\t' | '|';

export interface SpreadsheetCsvFormat {
  encoding: TextEncoding;
  delimiter: SpreadsheetDelimiter;
  /** A byte order mark first (UTF-8, UTF-16; never Windows-1252). */
  bom: boolean;
  /** A first line `sep=D` (written only without a byte order mark, which Excel would then ignore). */
  sepLine: boolean;
}

export interface SpreadsheetCsvOptions {
  /** An apostrophe before cells a spreadsheet would run as formulas (default true: reports). */
  defuse?: boolean;
  /** Line ends (default CRLF, RFC 4180). */
  lineEnd?: '\r\n' | '\n';
  /** For Windows-1252: spell characters it lacks with look-alikes it has (→ as ->) before falling back. */
  lookAlikes?: boolean;
}

const DELIMITERS: readonly string[] = [',', ';', '\t', '|'];
const ENCODINGS: readonly string[] = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'];

/** UTF-8 with a byte order mark and commas: what opens in any Excel when there is no input to follow. */
export const DEFAULT_SPREADSHEET_FORMAT: Readonly<SpreadsheetCsvFormat> = {
  encoding: 'utf-8',
  delimiter: ',',
  bom: true,
  sepLine: false,
};

/**
 * The format of a CSV that opens in the spreadsheet an input CSV came from (see the policy above): its
 * encoding and delimiter, with a byte order mark for UTF-8 and UTF-16. Unknown or missing parts take the
 * default (UTF-8 with a byte order mark, comma).
 */
export function spreadsheetFormatFor(input?: {
  encoding?: string;
  delimiter?: string;
}): SpreadsheetCsvFormat {
  const encoding =
    input?.encoding !== undefined && ENCODINGS.includes(input.encoding)
      ? (input.encoding as TextEncoding)
      : DEFAULT_SPREADSHEET_FORMAT.encoding;
  const delimiter =
    input?.delimiter !== undefined && DELIMITERS.includes(input.delimiter)
      ? (input.delimiter as SpreadsheetDelimiter)
      : DEFAULT_SPREADSHEET_FORMAT.delimiter;
  return { encoding, delimiter, bom: encoding !== 'windows-1252', sepLine: false };
}

/** One cell: defused for a report, quoted when it holds the delimiter, a quote or a line break. */
function cell(value: string, delimiter: string, defuse: boolean): string {
  const text = defuse ? defuseFormula(value) : value;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text (no byte order mark: that is the bytes' business), `sep=` first when asked. */
export function spreadsheetCsvText(
  rows: Iterable<readonly string[]>,
  format: Pick<SpreadsheetCsvFormat, 'delimiter' | 'sepLine' | 'bom'>,
  options: SpreadsheetCsvOptions = {},
): string {
  const end = options.lineEnd ?? '\r\n';
  const defuse = options.defuse ?? true;
  const lines: string[] = [];
  if (format.sepLine && !format.bom) lines.push(`sep=${format.delimiter}`);
  for (const row of rows)
    lines.push(row.map((c) => cell(c, format.delimiter, defuse)).join(format.delimiter));
  return lines.length === 0 ? '' : lines.join(end) + end;
}

/** Characters Windows-1252 lacks that reports use, spelt with ones it has. */
const LOOK_ALIKES: ReadonlyArray<[RegExp, string]> = [
  [/→/g, '->'],
  [/←/g, '<-'],
  [/≥/g, '>='],
  [/≤/g, '<='],
  [/≠/g, '!='],
  [/≈/g, '~'],
  [/−/g, '-'],
  [/[\u2009\u202f]/g, ' '],
  [/\ufffd/g, '?'],
];

function spelledFor1252(text: string): string {
  let out = text;
  for (const [from, to] of LOOK_ALIKES) out = out.replace(from, to);
  return out;
}

/**
 * The rows as the bytes of a file in `format`, and the format they were actually written in: Windows-1252
 * falls back to UTF-8 with a byte order mark (and no `sep=`) when the text holds characters it cannot
 * (after look-alikes, when `lookAlikes` is set).
 */
export function spreadsheetCsvBytes(
  rows: Iterable<readonly string[]>,
  format: SpreadsheetCsvFormat,
  options: SpreadsheetCsvOptions = {},
): { bytes: Uint8Array; format: SpreadsheetCsvFormat } {
  const all = [...rows];
  if (format.encoding === 'windows-1252') {
    const text = spreadsheetCsvText(all, { ...format, bom: false }, options);
    const bytes =
      encodeWindows1252(text) ?? (options.lookAlikes ? encodeWindows1252(spelledFor1252(text)) : undefined);
    if (bytes) return { bytes, format: { ...format, bom: false } };
    const fallback: SpreadsheetCsvFormat = { ...format, encoding: 'utf-8', bom: true, sepLine: false };
    return spreadsheetCsvBytes(all, fallback, options);
  }
  const text = spreadsheetCsvText(all, format, options);
  return { bytes: encodeTextAs(text, format) as Uint8Array, format };
}
