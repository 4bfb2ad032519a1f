/**
 * Which column of a batch kind each column of a CSV probably is, when its headers are not the kind's own:
 * by name (a synonym, or a name that contains the column's) and by content (a column of WKT is a boundary,
 * of e-mail addresses a user, of UUIDs an id, of dates a date). Pure: the app's mapping step shows these
 * suggestions, ranked, and a command could offer them the same way. `headerSetKey` names a header set, so
 * a mapping chosen once is found again for the next file with the same headers.
 */

import {
  columnForHeader,
  foldHeader,
  normaliseHeader,
  type BatchColumn,
  type BatchKind,
} from './batch-kinds.ts';
import { areaUnitOfName } from '../records/field-names.ts';
import type { CsvMapping } from './csv-mapping.ts';
import { readDecimal } from '../values/decimal-number.ts';

/** What a column's values look like. */
export type ColumnContent = 'wkt' | 'email' | 'uuid' | 'date' | 'number' | 'text' | 'empty';

export interface ColumnSuggestion {
  /** The batch kind's column. */
  column: string;
  /** 0 to 1: higher is likelier. */
  score: number;
  /** Why, in words: "the header is a synonym of boundary", "its values are WKT". */
  reason: string;
  /** What tells: the header's name, the column's values, or both. */
  by: 'name' | 'values' | 'both';
}

/** A column of the file, its sample values and what it may be, likeliest first. */
export interface SourceColumn {
  index: number;
  header: string;
  samples: string[];
  content: ColumnContent;
  suggestions: ColumnSuggestion[];
}

const WKT =
  /^\s*(?:MULTI)?(?:POLYGON|POINT|LINESTRING)\s*(?:Z|M|ZM)?\s*(?:\(|EMPTY\b)|^\s*GEOMETRYCOLLECTION\b/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601 (a date, optionally with a time), or day and month and year with slashes or dots.
const DATE =
  /^(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})$/;

/** A share of the non-empty values this high makes the column that content (a stray note is allowed). */
const CONTENT_SHARE = 0.8;

function contentOfValue(value: string): Exclude<ColumnContent, 'empty'> {
  const v = value.trim();
  if (WKT.test(v)) return 'wkt';
  if (UUID.test(v)) return 'uuid';
  if (EMAIL.test(v)) return 'email';
  if (DATE.test(v)) return 'date';
  // Either decimal mark, grouped as spreadsheets group (a European file's "12,5" and "1.234,5" too).
  if (readDecimal(v, '.') !== undefined) return 'number';
  return 'text';
}

/** What most values of a column look like: 'empty' when none has any text. */
export function columnContent(values: readonly string[]): ColumnContent {
  const filled = values.filter((v) => v.trim() !== '');
  if (filled.length === 0) return 'empty';
  const counts = new Map<ColumnContent, number>();
  for (const v of filled) {
    const c = contentOfValue(v);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: [ColumnContent, number] = ['text', 0];
  for (const entry of counts) if (entry[1] > best[1]) best = entry;
  return best[1] / filled.length >= CONTENT_SHARE ? best[0] : 'text';
}

/** What the values of a batch column look like when they are right. */
function expectedContent(column: BatchColumn): Exclude<ColumnContent, 'empty'> {
  if (column.name === 'boundary') return 'wkt';
  if (column.name === 'userName') return 'email';
  if (column.name === 'acres') return 'number';
  if (/Date$/.test(column.name)) return 'date';
  if (/Id$/.test(column.name) || /\(uuid\)/.test(column.description)) return 'uuid';
  return 'text';
}

/** What a column's values look like, in words (a suggestion's reason, the mapping step's column list). */
export const CONTENT_WORDS: Record<ColumnContent, string> = {
  wkt: 'WKT geometry',
  email: 'e-mail addresses',
  uuid: 'UUIDs',
  date: 'dates',
  number: 'numbers',
  text: 'text',
  empty: 'nothing',
};

/** Words of a header or column name: camelCase and separators split, lower case. */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/** How well a header names a column: 1 its name or a synonym, 0.6 containing one, 0.4 a shared word. */
function nameScore(kind: BatchKind, column: BatchColumn, header: string): ColumnSuggestion | undefined {
  if (columnForHeader(kind, header)?.name === column.name) {
    const unit = column.name === 'acres' ? areaUnitOfName(header) : undefined;
    return {
      column: column.name,
      score: 1,
      by: 'name',
      reason: unit
        ? `the header names an area in ${unit.name}, converted to acres`
        : normaliseHeader(header) === normaliseHeader(column.name)
          ? 'the header is its name'
          : 'the header is a synonym of it',
    };
  }
  const key = foldHeader(header);
  const names = [column.name, ...column.synonyms].map(foldHeader).filter((n) => n.length > 2);
  if (key.length > 2 && names.some((n) => key.includes(n) || n.includes(key)))
    return { column: column.name, score: 0.6, by: 'name', reason: 'the header contains its name' };
  const own = new Set([column.name, ...column.synonyms].flatMap(words));
  if (words(header).some((w) => own.has(w)))
    return { column: column.name, score: 0.4, by: 'name', reason: 'the header shares a word with it' };
  return undefined;
}

/** How well a column's content fits a batch column: 0.8 a telling kind of value, 0.2 plain text. */
function contentScore(column: BatchColumn, content: ColumnContent): ColumnSuggestion | undefined {
  const expected = expectedContent(column);
  if (content !== expected) return undefined;
  return {
    column: column.name,
    score: expected === 'text' ? 0.2 : 0.8,
    by: 'values',
    reason: `its values are ${CONTENT_WORDS[content]}`,
  };
}

/**
 * Each column of the file with up to `sampleCount` sample values and the batch columns it may be, best
 * first (by name and by content; both together rank above either alone).
 */
export function suggestColumns(
  kind: BatchKind,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  sampleCount = 3,
): SourceColumn[] {
  return headers.map((header, index) => {
    const values = rows.map((r) => r[index] ?? '');
    const content = columnContent(values);
    const suggestions: ColumnSuggestion[] = [];
    for (const column of kind.columns) {
      const byName = nameScore(kind, column, header);
      const byContent = contentScore(column, content);
      if (byName && byContent)
        suggestions.push({
          column: column.name,
          score: Math.min(1, Math.max(byName.score, byContent.score) + 0.15),
          by: 'both',
          reason: `${byName.reason}, and ${byContent.reason}`,
        });
      else if (byName ?? byContent) suggestions.push((byName ?? byContent)!);
    }
    // Stable: equal scores keep the kind's column order.
    suggestions.sort((a, b) => b.score - a.score);
    return {
      index,
      header,
      samples: values.filter((v) => v.trim() !== '').slice(0, sampleCount),
      content,
      suggestions,
    };
  });
}

/** Suggestions at least this likely are chosen for the person (plain text alike is only offered). */
const CHOSEN_SCORE = 0.5;

/**
 * The mapping the suggestions make: the likeliest pairs first, each header and each column used once,
 * only pairs of at least CHOSEN_SCORE.
 */
export function suggestedMapping(kind: BatchKind, sources: readonly SourceColumn[]): CsvMapping {
  const pairs = sources
    .flatMap((s) => s.suggestions.map((g) => ({ header: s.header, index: s.index, ...g })))
    .filter((p) => p.score >= CHOSEN_SCORE)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const columns: Record<string, string> = {};
  const used = new Set<number>();
  for (const p of pairs) {
    if (columns[p.column] !== undefined || used.has(p.index)) continue;
    columns[p.column] = p.header;
    used.add(p.index);
  }
  return { kind: kind.id, columns };
}

/**
 * A header set's name: its headers as compared (no case, spaces, underscores), sorted, so the same
 * columns in another order or spelling are the same set.
 */
export function headerSetKey(headers: readonly string[]): string {
  return [...new Set(headers.map(normaliseHeader).filter((h) => h !== ''))].sort().join('|');
}

/**
 * The rows as a mapping will read them: for each of the kind's columns, its value in each row (the mapped
 * header's cell, the constant value, or undefined when neither gives one).
 */
export function rowsAsMapped(
  kind: BatchKind,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  mapping: CsvMapping,
): Array<Record<string, string | undefined>> {
  const at = new Map<string, number>();
  for (const [column, header] of Object.entries(mapping.columns ?? {})) {
    const i = headers.findIndex((h) => h === header || normaliseHeader(h) === normaliseHeader(header));
    if (i >= 0) at.set(column, i);
  }
  return rows.map((row) =>
    Object.fromEntries(
      kind.columns.map((c) => {
        const i = at.get(c.name);
        return [c.name, i !== undefined ? (row[i] ?? '') : mapping.values?.[c.name]];
      }),
    ),
  );
}

/** A column the file lacks (required, or optional and not read yet), and the header that is probably it. */
export interface MissingColumnSuggestion {
  column: string;
  header: string;
  /** Why, in words ("its values are WKT geometry"). */
  reason: string;
  /** True for a column the kind can do without (the file is read without it: a column it ignores). */
  optional?: boolean;
}

/**
 * For the required columns a file lacks (`missing`), and the optional ones it does not give yet
 * (`optional`), the headers that probably hold them: among the headers that map to no column yet
 * (`mapped[i]` undefined), the likeliest pairs first, each header and column once, only pairs likely
 * enough to be chosen for the person (as `suggestedMapping` chooses). A header that reads as a value (WKT,
 * a number, a date: a file without a header row) is no column's name. An optional column is offered by
 * its content alone only when no other column of the kind holds that kind of value (a column of e-mail
 * addresses is the user; a column of UUIDs could be any of three ids, so its name must say which).
 */
export function suggestMissingColumns(
  kind: BatchKind,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  mapped: readonly (string | undefined)[],
  missing: readonly string[],
  optional: readonly string[] = [],
): MissingColumnSuggestion[] {
  if (missing.length === 0 && optional.length === 0) return [];
  const wanted = new Set([...missing, ...optional]);
  const expected = kind.columns.map(expectedContent);
  const telling = (column: string, by: ColumnSuggestion['by']): boolean => {
    if (!optional.includes(column) || by !== 'values') return true;
    const own = expected[kind.columns.findIndex((k) => k.name === column)];
    return expected.filter((e) => e === own).length === 1;
  };
  const pairs = suggestColumns(kind, headers, rows, 0)
    .filter((s) => mapped[s.index] === undefined && columnContent([s.header]) === 'text')
    .flatMap((s) => s.suggestions.map((g) => ({ header: s.header, index: s.index, ...g })))
    .filter((p) => wanted.has(p.column) && p.score >= CHOSEN_SCORE && telling(p.column, p.by))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const out: MissingColumnSuggestion[] = [];
  const used = new Set<number>();
  for (const p of pairs) {
    if (used.has(p.index) || out.some((o) => o.column === p.column)) continue;
    const suggestion: MissingColumnSuggestion = { column: p.column, header: p.header, reason: p.reason };
    if (optional.includes(p.column)) suggestion.optional = true;
    out.push(suggestion);
    used.add(p.index);
  }
  // In the kind's column order, as the missing columns are reported.
  return [...missing, ...optional].flatMap((c) => out.filter((o) => o.column === c));
}
