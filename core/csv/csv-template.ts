/** `fieldgate template KIND`: the canonical header and an example row of a batch kind, as CSV text. */

import { batchKindById, batchKinds } from './batch-kinds.ts';

/** A cell as CSV: quoted when it holds the delimiter, a quote or a line break. */
function csvCell(value: string, delimiter = ','): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The header and example row of a batch kind; undefined for an unknown kind. */
export function batchTemplate(kindId: string): string | undefined {
  const kind = batchKindById(kindId);
  if (!kind) return undefined;
  const header = kind.columns.map((c) => c.name).join(',');
  const example = kind.columns.map((c) => csvCell(c.example)).join(',');
  return `${header}\n${example}\n`;
}

export const batchKindIds: readonly string[] = batchKinds.map((k) => k.id);
