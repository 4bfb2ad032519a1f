/** Serialise field upload items: the POST /v2/fields body, or a CSV with one field per row. */

import type { FieldUploadItem } from './field-attributes.ts';

/** FieldsWithBoundaryAndHierarchy: `{"fields": [...]}`, two-space indented, newline at the end. */
export function toUploadJson(items: readonly FieldUploadItem[]): string {
  const fields = items.map((i) => {
    const out: FieldUploadItem = {
      clientName: i.clientName,
      farmName: i.farmName,
      name: i.name,
      boundary: i.boundary,
    };
    if (i.acres !== undefined) out.acres = i.acres;
    if (i.source !== undefined) out.source = i.source;
    return out;
  });
  return `${JSON.stringify({ fields }, null, 2)}\n`;
}

const CSV_COLUMNS = ['clientName', 'farmName', 'name', 'boundary', 'acres', 'source'] as const;

/**
 * RFC 4180: cells with a comma, quote or line break are quoted. Nothing else is changed: this file is data
 * to submit, so a name starting with = or - keeps it (an apostrophe to stop a spreadsheet from running it
 * as a formula is for reports, core/report/safe-cell.ts, and would go to the service as part of the name).
 */
function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV with a header row, CRLF line ends (RFC 4180). */
export function toUploadCsv(items: readonly FieldUploadItem[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const i of items) rows.push(CSV_COLUMNS.map((c) => csvCell(i[c])).join(','));
  return `${rows.join('\r\n')}\r\n`;
}
