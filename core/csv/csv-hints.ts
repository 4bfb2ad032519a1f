/**
 * Record and request rules write their hints for JSON (`Add "temporalPeriodTypeName": "GrowingSeason"`); on a
 * CSV row the user edits a cell, so such a hint is replaced by one that names the column, as the file's
 * header spells it.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { BatchColumn } from './batch-kinds.ts';

/** What reads as JSON: a property with a colon, braces or brackets, quotes to write, properties, bodies. */
const JSON_WORDING =
  /"\w+"\s*:|[{}[\]]|\bJSON\b|\bpropert(?:y|ies)\b|\bbody\b|\bquotes\b|\b(?:Add|Remove|Rename it to) "/;

function soundsLikeJson(hint: string): boolean {
  return JSON_WORDING.test(hint);
}

/**
 * The diagnostic with a hint about its column: kept when it already speaks of the value alone ("Write it as
 * GrowingSeason."), replaced when it speaks JSON or is missing. `header` is the file's header of the column
 * (undefined when the file has none); `empty` says whether the row's cell is empty or missing; `unit`, the
 * unit a column of acres is written in when not acres ("hectares": the sheet's "Fläche" is named so).
 */
export function withColumnHint(
  d: Diagnostic,
  column: BatchColumn,
  header: string | undefined,
  empty: boolean,
  unit?: string,
): Diagnostic {
  const name =
    header === undefined || header.trim() === column.name
      ? column.name
      : `"${header}" (${unit ?? column.name})`;
  if (d.hint !== undefined && !soundsLikeJson(d.hint)) {
    // "Fill in clientName." on a sheet whose header says Grower: name the column as the sheet does.
    if (name === column.name) return d;
    const own = new RegExp(`\\b${column.name}\\b`, 'g');
    return own.test(d.hint) ? { ...d, hint: d.hint.replace(own, name) } : d;
  }
  const what =
    column.example && column.example !== column.description
      ? `${column.description}, e.g. ${column.example}`
      : column.description;
  const hint =
    header === undefined
      ? `Add the ${column.name} column: ${what}.`
      : empty
        ? `Fill in the ${name} column: ${what}.`
        : `Correct the ${name} value: ${what}.`;
  return { ...d, hint };
}
