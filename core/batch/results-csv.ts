/**
 * A finished (or stopped) batch as a CSV: each row's file and its row there, the row's own columns (or
 * request fields), then its id, its outcome (core/batch/outcomes.ts), the HTTP status and error code of the
 * answer, its request id, message, anomalies (what the service answered that it should not have) and notices
 * (what the client's tolerant reader accepted that differs from the document). Written for the spreadsheet
 * the batch came from (core/report/spreadsheet-csv.ts): a Windows-1252 `;` CSV gets its results in
 * Windows-1252 with `;`, so the same Excel opens both. Every cell is safe to open (no formula runs).
 */
import {
  DEFAULT_SPREADSHEET_FORMAT,
  spreadsheetCsvBytes,
  spreadsheetCsvText,
  spreadsheetFormatFor,
  type SpreadsheetCsvFormat,
} from '../report/spreadsheet-csv.ts';
import { outcomeInfo } from './outcomes.ts';
import type { BatchPlan } from './plan.ts';
import type { RowResult } from './runner.ts';

export const RESULT_COLUMNS = [
  'id',
  'outcome',
  'http status',
  'error code',
  'request id',
  'message',
  'anomalies',
  'notices',
] as const;

/** The results as rows of cells, the header first. */
export function resultsRows(columns: readonly string[], rows: readonly RowResult[]): string[][] {
  const own = new Set<string>([...RESULT_COLUMNS, 'row']);
  const fileFirst = columns[0] === 'file';
  const rest = fileFirst ? columns.slice(1) : columns;
  // A source column named like a result column keeps its value under a prefixed name.
  const source = rest.map((c) => (own.has(c) ? `source ${c}` : c));
  const out = [[...(fileFirst ? ['file'] : []), 'row', ...source, ...RESULT_COLUMNS]];
  for (const r of rows)
    out.push([
      ...(fileFirst ? [r.columns.file ?? ''] : []),
      String(r.source?.row ?? r.row),
      ...rest.map((c) => r.columns[c] ?? ''),
      r.id ?? '',
      outcomeInfo(r.outcome).label,
      r.httpStatus === undefined ? '' : String(r.httpStatus),
      r.errorCode ?? '',
      r.requestId ?? '',
      r.message,
      (r.anomalies ?? []).join('; '),
      (r.notices ?? []).join('; '),
    ]);
  return out;
}

/** The results as CSV text: UTF-8, commas (what a script reads; see `resultsCsvFile` for a person). */
export function resultsCsv(columns: readonly string[], rows: readonly RowResult[]): string {
  return spreadsheetCsvText(resultsRows(columns, rows), { ...DEFAULT_SPREADSHEET_FORMAT, bom: false });
}

/** The results file of a plan: in its CSV input's encoding and delimiter (else UTF-8 with a mark, commas). */
export function resultsCsvFile(
  plan: Pick<BatchPlan, 'columns' | 'spreadsheet'>,
  rows: readonly RowResult[],
): { bytes: Uint8Array; format: SpreadsheetCsvFormat } {
  return spreadsheetCsvBytes(resultsRows(plan.columns, rows), spreadsheetFormatFor(plan.spreadsheet), {
    lookAlikes: true,
  });
}
