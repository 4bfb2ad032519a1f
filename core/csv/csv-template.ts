/** `fieldgate template KIND`: the canonical header and an example row of a batch kind, as CSV text. */

import { batchKindById, batchKinds } from './batch-kinds.ts';

/** A cell as CSV: quoted when it holds the delimiter, a quote or a line break. */
function csvCell(value: string, delimiter = ','): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** How a template is written: its delimiter (a semicolon writes numbers with a decimal comma, as Excel in most of Europe reads them). */
export interface TemplateOptions {
  delimiter?: ',' | ';' | '\t';
}

/** The header and example row of a batch kind; undefined for an unknown kind. */
export function batchTemplate(kindId: string, options: TemplateOptions = {}): string | undefined {
  const kind = batchKindById(kindId);
  if (!kind) return undefined;
  const delimiter = options.delimiter ?? ',';
  const header = kind.columns.map((c) => csvCell(c.name, delimiter)).join(delimiter);
  const example = kind.columns
    .map((c) =>
      csvCell(c.name === 'acres' && delimiter === ';' ? c.example.replace('.', ',') : c.example, delimiter),
    )
    .join(delimiter);
  return `${header}\n${example}\n`;
}

export const batchKindIds: readonly string[] = batchKinds.map((k) => k.id);
