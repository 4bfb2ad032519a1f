/**
 * A finished (or stopped) batch as a CSV: each row's file and its row there, the row's own columns (or
 * request fields), then its id, status, request id, message and anomalies (what the service answered that
 * it should not have). Every cell is safe to open in a spreadsheet (no formula runs).
 */
import { csvSafeCell } from '../report/safe-cell.ts';
import type { RowResult } from './runner.ts';

export const RESULT_COLUMNS = ['id', 'status', 'request id', 'message', 'anomalies'] as const;

export function resultsCsv(columns: readonly string[], rows: readonly RowResult[]): string {
  const own = new Set<string>([...RESULT_COLUMNS, 'row']);
  const fileFirst = columns[0] === 'file';
  const rest = fileFirst ? columns.slice(1) : columns;
  // A source column named like a result column keeps its value under a prefixed name.
  const source = rest.map((c) => (own.has(c) ? `source ${c}` : c));
  const header = [...(fileFirst ? ['file'] : []), 'row', ...source, ...RESULT_COLUMNS];
  const lines = [header.map((c) => csvSafeCell(c)).join(',')];
  for (const r of rows) {
    const cells = [
      ...(fileFirst ? [r.columns.file ?? ''] : []),
      String(r.source?.row ?? r.row),
      ...rest.map((c) => r.columns[c] ?? ''),
      r.id ?? '',
      r.status,
      r.requestId ?? '',
      r.message,
      (r.anomalies ?? []).join('; '),
    ];
    lines.push(cells.map((c) => csvSafeCell(c)).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
