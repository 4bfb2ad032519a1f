/**
 * A finished (or stopped) batch as a CSV: the original columns (or request fields) of each row, then its
 * id, status, request id and message. Every cell is safe to open in a spreadsheet (no formula runs).
 */
import { csvSafeCell } from '../report/safe-cell.ts';
import type { RowResult } from './runner.ts';

export const RESULT_COLUMNS = ['id', 'status', 'request id', 'message'] as const;

export function resultsCsv(columns: readonly string[], rows: readonly RowResult[]): string {
  const own = new Set<string>(RESULT_COLUMNS);
  // A source column named like a result column keeps its value under a prefixed name.
  const source = columns.map((c) => (own.has(c) ? `source ${c}` : c));
  const lines = [[...source, ...RESULT_COLUMNS].map((c) => csvSafeCell(c)).join(',')];
  for (const r of rows) {
    const cells = [
      ...columns.map((c) => r.columns[c] ?? ''),
      r.id ?? '',
      r.status,
      r.requestId ?? '',
      r.message,
    ];
    lines.push(cells.map((c) => csvSafeCell(c)).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
