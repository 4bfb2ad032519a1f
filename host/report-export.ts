/** A submit run as a standalone HTML page to save (a validation report's exports are core's, as the CLI's). */
import { describeOutcomes, formatCount, outcomeInfo, rowMessageLine } from '../core/index.ts';
import type { SubmitStatus } from './bridge-api.ts';

const escapeHtml = (text: unknown): string =>
  String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained page (no script, no external resource) of a submit run: its rows and their outcomes. */
export function runReportHtml(run: SubmitStatus): string {
  const cell = (value: unknown): string => `<td>${escapeHtml(value)}</td>`;
  const parts = [
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
  ];
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fieldgate report</title>' +
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">' +
    '<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>' +
    `</head><body><h1>Fieldgate report</h1>${parts.join('\n')}</body></html>\n`
  );
}
