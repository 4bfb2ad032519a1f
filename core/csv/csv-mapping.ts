/**
 * Which column of the file is which column of the batch kind: a saved mapping first ({"columns":
 * {"boundary": "WKT"}}), then exact, loose (case, spaces, underscores) and synonym matches. A mapping may
 * also give fixed values for columns the file lacks ({"values": {"clientName": "Smith Farms"}}), so an
 * export with other headers (a CSB sample) becomes a batch without editing it. The mapping used is in the
 * report's summary, ready to save and reuse (`--setting mapping=…`).
 */

import {
  batchKindById,
  columnForHeader,
  normaliseHeader,
  type BatchKind,
  type BatchKindId,
} from './batch-kinds.ts';
import { areaUnitOfName, type NamedAreaUnit } from '../records/field-names.ts';

export interface CsvMapping {
  kind?: BatchKindId;
  /** Batch column → the header of the file that holds it. */
  columns?: Record<string, string>;
  /** Batch column → a value for every row (columns the file does not have). */
  values?: Record<string, string>;
}

/** Parse a mapping given as JSON text; a message when it is not one. */
export function parseCsvMapping(text: string): CsvMapping | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'expected a JSON object';
  const out: CsvMapping = {};
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!['kind', 'columns', 'values'].includes(key)) return `unknown key "${key}" (kind, columns, values)`;
  if (obj.kind !== undefined) {
    if (typeof obj.kind !== 'string' || !batchKindById(obj.kind))
      return `unknown kind ${JSON.stringify(obj.kind)}`;
    out.kind = obj.kind as BatchKindId;
  }
  for (const part of ['columns', 'values'] as const) {
    const v = obj[part];
    if (v === undefined) continue;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return `"${part}" must be an object`;
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.some(([, s]) => typeof s !== 'string')) return `every value of "${part}" must be text`;
    out[part] = Object.fromEntries(entries) as Record<string, string>;
  }
  return out;
}

export interface ColumnMap {
  /** For each cell index of the header: the batch column it holds, or undefined (an extra column). */
  byIndex: Array<string | undefined>;
  /** Batch column → cell index. */
  index: Map<string, number>;
  /** Headers that map through a synonym or the saved mapping: header → column. */
  renamed: Array<{ index: number; header: string; column: string }>;
  repeated: Array<{ index: number; header: string; first: string; column: string }>;
  missing: string[];
  /** Mapping entries naming a column the kind does not have, or a header the file does not have. */
  unusable: string[];
  /** The unit the acres column's header names when not acres ("Fläche (ha)"): its numbers are converted. */
  acresUnit?: NamedAreaUnit;
}

export function mapColumns(kind: BatchKind, headers: readonly string[], mapping: CsvMapping = {}): ColumnMap {
  const byIndex: Array<string | undefined> = headers.map(() => undefined);
  const index = new Map<string, number>();
  const renamed: ColumnMap['renamed'] = [];
  const repeated: ColumnMap['repeated'] = [];
  const unusable: string[] = [];
  const known = new Set(kind.columns.map((c) => c.name));
  for (const [column, header] of Object.entries(mapping.columns ?? {})) {
    if (!known.has(column)) {
      unusable.push(`"${column}" is not a column of ${kind.id}`);
      continue;
    }
    const at = headers.findIndex((h) => h === header || normaliseHeader(h) === normaliseHeader(header));
    if (at < 0) {
      unusable.push(`the file has no column "${header}" (for ${column})`);
      continue;
    }
    byIndex[at] = column;
    index.set(column, at);
    if (headers[at] !== column) renamed.push({ index: at, header: headers[at] ?? '', column });
  }
  for (const column of Object.keys(mapping.values ?? {}))
    if (!known.has(column)) unusable.push(`"${column}" is not a column of ${kind.id}`);
  headers.forEach((header, at) => {
    if (byIndex[at] !== undefined) return;
    const column = columnForHeader(kind, header);
    if (!column) return;
    const first = index.get(column.name);
    if (first !== undefined) {
      // A saved mapping's choice stands; otherwise the first column wins.
      repeated.push({ index: at, header, first: headers[first] ?? '', column: column.name });
      return;
    }
    byIndex[at] = column.name;
    index.set(column.name, at);
    // Only a synonym is worth a note; case, spaces and underscores are just spelling.
    if (normaliseHeader(header) !== normaliseHeader(column.name))
      renamed.push({ index: at, header, column: column.name });
  });
  const missing = kind.columns
    .filter((c) => c.required && !index.has(c.name) && mapping.values?.[c.name] === undefined)
    .map((c) => c.name);
  const acresAt = index.get('acres');
  const acresUnit = acresAt === undefined ? undefined : areaUnitOfName(headers[acresAt] ?? '');
  return { byIndex, index, renamed, repeated, missing, unusable, ...(acresUnit ? { acresUnit } : {}) };
}

/** The mapping a file was read with, to save and reuse. */
export function mappingUsed(
  kind: BatchKind,
  headers: readonly string[],
  map: ColumnMap,
  given: CsvMapping,
): CsvMapping {
  const columns: Record<string, string> = {};
  for (const [column, at] of map.index) columns[column] = headers[at] ?? column;
  const out: CsvMapping = { kind: kind.id, columns };
  if (given.values) out.values = given.values;
  return out;
}
