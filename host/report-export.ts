/** Reports and submit results as files to save: CSV (one line per problem or row) and a standalone HTML page. */
import {
  describeLocation,
  describeOutcomes,
  formatCount,
  outcomeInfo,
  rowMessageLine,
  type Report,
} from '../core/index.ts';
import type { SubmitStatus } from './bridge-api.ts';

/** RFC 4180 field; a leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula. */
function csvField(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(rows: unknown[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function reportCsv(report: Report): string {
  const rows: unknown[][] = [['file', 'kind', 'id', 'code', 'severity', 'location', 'message', 'hint']];
  for (const file of report.files)
    for (const d of file.diagnostics)
      rows.push([
        file.file,
        file.kind,
        d.id,
        d.code,
        d.severity,
        describeLocation(d.location),
        d.message,
        d.hint,
      ]);
  for (const u of report.unreadable) rows.push([u.name, '', '', '', 'error', '', u.reason, '']);
  return csv(rows);
}

const escapeHtml = (text: unknown): string =>
  String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained page (no script, no external resource) of a report and/or a submit run. */
export function reportHtml(report: Report | undefined, run?: SubmitStatus): string {
  const parts: string[] = [];
  if (report) {
    parts.push(
      `<h2>Validation: ${report.counts.error} errors, ${report.counts.warning} warnings</h2>`,
      '<table><thead><tr><th>File</th><th>Code</th><th>Severity</th><th>Where</th><th>Message</th><th>Hint</th></tr></thead><tbody>',
      ...report.files.flatMap((f) =>
        f.diagnostics.map(
          (d) =>
            `<tr><td>${escapeHtml(f.file)}</td><td>${escapeHtml(d.code)}</td><td>${escapeHtml(d.severity)}</td>` +
            `<td>${escapeHtml(describeLocation(d.location))}</td><td>${escapeHtml(d.message)}</td><td>${escapeHtml(d.hint)}</td></tr>`,
        ),
      ),
      '</tbody></table>',
    );
  }
  if (run) {
    const cell = (value: unknown): string => `<td>${escapeHtml(value)}</td>`;
    parts.push(
      `<h2>Submit ${escapeHtml(run.runId)}${run.dryRun ? ' (dry run)' : ''}: ${escapeHtml(run.state)}</h2>`,
      `<p>${formatCount(run.total)} rows: ${escapeHtml(describeOutcomes(run.counts))}.</p>`,
      '<table><thead><tr><th>Row</th><th>File</th><th>Row in file</th><th>Record</th><th>Operation</th><th>Outcome</th>' +
        '<th>HTTP status</th><th>Error code</th><th>Request id</th><th>Message</th></tr></thead><tbody>',
      ...run.rows.map(
        (r) =>
          `<tr data-outcome="${escapeHtml(r.outcome)}">${cell(r.row)}${cell(r.file)}${cell(r.fileRow)}${cell(r.label)}` +
          `${cell(r.operation)}${cell(outcomeInfo(r.outcome).label)}${cell(r.status)}${cell(r.errorCode)}` +
          `${cell(r.requestId)}${cell(rowMessageLine(r))}</tr>`,
      ),
      '</tbody></table>',
    );
  }
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fieldgate report</title>' +
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">' +
    '<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>' +
    `</head><body><h1>Fieldgate report</h1>${parts.join('\n')}</body></html>\n`
  );
}
