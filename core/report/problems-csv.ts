/**
 * The problems of a report as CSV for spreadsheet users: one line per diagnostic with the file, the row and
 * column it is at (for a CSV batch: the data row and the batch column), the line and character, the cell's
 * value, the code, message and hint. Every cell is safe against formula injection (safe-cell.ts).
 * Typed structurally on what it reads, so any report with files and diagnostics fits.
 */

import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { describeLocation } from './describe-location.ts';
import { csvSafeCell } from './safe-cell.ts';

export interface ReportFileLike {
  file: string;
  kind: string;
  diagnostics: readonly Diagnostic[];
  /** The checked text, for the value at a diagnostic's range. */
  text?: string;
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

/** The text at a diagnostic's range (at most 200 characters), or ''. */
export function valueAt(text: string | undefined, d: Diagnostic): string {
  const r = d.location.range;
  if (!text || !r) return '';
  const value = text.slice(r.start.offset, Math.min(r.end.offset, r.start.offset + 200));
  return value.replace(/\r\n?|\n/g, ' ');
}

export function problemsCsv(report: ReportLike): string {
  const lines = [PROBLEMS_CSV_HEADER.join(',')];
  for (const f of report.files)
    for (const d of f.diagnostics) {
      const l = d.location;
      const cells = [
        f.file,
        l.row !== undefined ? String(l.row) : l.record !== undefined ? String(l.record) : '',
        l.field ?? '',
        l.range ? String(l.range.start.line) : '',
        l.range ? String(l.range.start.column) : '',
        valueAt(f.text, d),
        d.severity,
        d.code,
        d.rule,
        d.message,
        d.hint ?? '',
        describeLocation(l),
      ];
      lines.push(cells.map((c) => csvSafeCell(c)).join(','));
    }
  return lines.join('\r\n') + '\r\n';
}
