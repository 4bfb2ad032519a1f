/**
 * The rows the data grid shows for a file, and its problems by cell. A file's records are its rows (a CSV
 * batch's rows, a field upload's fields); a file sent whole (an Rx ZIP, a .wkt of boundaries, a Modus soil
 * test) has its features as rows instead: each zone with its rate and acres, each line's boundary, each
 * sample point by its number.
 */
import type { Diagnostic, FileResult, GeoJsonFeature, Severity } from '../../core/index.ts';
import type { GridRecord } from '../worker/worker-protocol.ts';
import type { Selection } from '../state/batch.tsx';
import { depthText, type ModusSummary } from './soil-groups.ts';

/** A row of the grid: a record, and the feature the map draws it as. */
export interface GridRow extends GridRecord {
  feature?: number;
}

export interface CellProblems {
  severity: Severity;
  diagnostics: Diagnostic[];
}

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };
export const severityRank = (s: Severity): number => RANK[s];

/** Properties of a feature that say how it was read, not what it holds: not shown as cells. */
const BOOKKEEPING = new Set(['row', 'record', 'label', 'valid', 'statedAcres']);

const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number'
      ? String(Math.round(value * 10_000) / 10_000)
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value.join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value as string | boolean);

/** What a person calls a feature: a zone by its number and rate, a soil sample by its number, else its label. */
function featureLabel(feature: GeoJsonFeature, row: number): string {
  const p = feature.properties;
  if (typeof p.rate === 'number') return `Zone ${row}, rate ${cellText(p.rate)}`;
  if (typeof p.sampleNumber === 'string' || typeof p.sampleNumber === 'number')
    return `Sample ${p.sampleNumber}`;
  if (typeof p.name === 'string' && p.name.trim()) return p.name;
  return typeof p.label === 'string' ? p.label : `Feature ${row}`;
}

/** Whether the file's records list its rows (else it is one record for the whole file). */
function recordsAreRows(records: readonly GridRecord[] | undefined): records is readonly GridRecord[] {
  return (
    records !== undefined &&
    records.length > 0 &&
    (records.length > 1 || Object.keys(records[0]!.columns).length > 0)
  );
}

/** The features of records by their row (the features the page has: those with problems first). */
export function featuresByRow(features: readonly GeoJsonFeature[] | undefined): Map<number, number> {
  const byRow = new Map<number, number>();
  for (const f of features ?? []) if (typeof f.properties.row === 'number') byRow.set(f.properties.row, f.id);
  return byRow;
}

/**
 * A feature's cell: a soil sample's depths by the names its file gives them ("0 - 8 in", as the lab wrote
 * it), not by the ids its samples refer to them with.
 */
function featureCell(key: string, value: unknown, modus: ModusSummary | undefined): string {
  if (key === 'depths' && modus && Array.isArray(value))
    return value.map((id) => (typeof id === 'string' ? depthText(id, modus) : cellText(id))).join(', ');
  return cellText(value);
}

/** The grid's rows of a file: its records, else its features. */
export function gridRowsOf(
  result: Pick<FileResult, 'diagnostics' | 'features' | 'summary'> | undefined,
  records: readonly GridRecord[] | undefined,
): readonly GridRow[] {
  const features = result?.features ?? [];
  // Not copied: a file can have a million records (their features are found by `featuresByRow`).
  if (recordsAreRows(records)) return records;
  const byFeature = new Map<number, string[]>();
  for (const d of result?.diagnostics ?? [])
    if (d.location.feature !== undefined && d.id !== undefined)
      byFeature.set(d.location.feature, [...(byFeature.get(d.location.feature) ?? []), d.id]);
  const modus = result?.summary?.type === 'modus' ? result.summary : undefined;
  return features.map((f) => {
    const p = f.properties;
    const row = typeof p.row === 'number' ? p.row : typeof p.record === 'number' ? p.record : f.id + 1;
    const columns: Record<string, string> = {};
    for (const [key, value] of Object.entries(p))
      if (!BOOKKEEPING.has(key)) columns[key] = featureCell(key, value, modus);
    return {
      row,
      type: 'field',
      label: featureLabel(f, row),
      columns,
      diagnostics: byFeature.get(f.id) ?? [],
      feature: f.id,
    };
  });
}

/**
 * A CSV's first rows as read, before it is checked: its cells by header, a field named by its name, farm
 * and client columns when the header has them by the batch's names (the check, which knows the file's
 * column mapping, names every record).
 */
export function previewRows(preview: { header: readonly string[]; rows: readonly string[][] }): GridRow[] {
  return preview.rows.map((cells, i) => {
    const columns: Record<string, string> = {};
    preview.header.forEach((h, k) => (columns[h] = cells[k] ?? ''));
    const name = columns.name?.trim();
    const parents = [columns.farmName, columns.clientName].map((p) => p?.trim()).filter(Boolean);
    const label = name ? (parents.length > 0 ? `${name} (${parents.join(', ')})` : name) : `Row ${i + 1}`;
    return { row: i + 1, type: 'field', label, columns, diagnostics: [] };
  });
}

/** The grid's columns: a CSV batch's header in order, else the cells of its first rows. */
export function gridColumnsOf(summary: unknown, rows: readonly GridRow[]): string[] {
  const s = summary as { type?: string; headers?: unknown } | undefined;
  if (s?.type === 'csv-batch' && Array.isArray(s.headers))
    return s.headers.filter((h): h is string => typeof h === 'string');
  const seen = new Set<string>();
  for (const row of rows.slice(0, 200)) for (const c of Object.keys(row.columns)) seen.add(c);
  return [...seen];
}

/**
 * Whether a row has a problem: an error or a warning of its own, as the files' table and the problem list
 * count problems (a note, info, is not one).
 */
export function rowHasProblem(diagnostics: readonly Diagnostic[]): (row: GridRow) => boolean {
  const flagged = new Set(diagnostics.filter((d) => d.severity !== 'info').map((d) => d.id));
  return (row) => row.diagnostics.some((id) => flagged.has(id));
}

/**
 * The file's header of each batch column a CSV batch's mapping reads from another header (`acres` →
 * `Fläche`): a row's problem names the batch column its rule checks, the grid shows the file's header.
 */
export function headersOfMappedColumns(summary: unknown): Map<string, string> {
  const s = summary as { type?: string; mapping?: { columns?: Record<string, string> } } | undefined;
  return new Map(s?.type === 'csv-batch' ? Object.entries(s.mapping?.columns ?? {}) : []);
}

/**
 * Problems by row and column ('' for the row as a whole: a problem of no column the grid shows), a CSV
 * batch's problem at the cell of the header its column is read from (`summary`'s mapping).
 */
export function problemsByCell(
  diagnostics: readonly Diagnostic[],
  rows: readonly GridRow[],
  summary?: unknown,
): Map<number, Map<string, CellProblems>> {
  const headerOf = headersOfMappedColumns(summary);
  const byId = new Map(diagnostics.map((d) => [d.id, d]));
  const out = new Map<number, Map<string, CellProblems>>();
  for (const row of rows) {
    if (row.diagnostics.length === 0) continue;
    const cells = new Map<string, CellProblems>();
    for (const id of row.diagnostics) {
      const d = byId.get(id);
      if (!d) continue;
      const field =
        d.location.field === undefined ? undefined : (headerOf.get(d.location.field) ?? d.location.field);
      const column = field !== undefined && field in row.columns ? field : '';
      const cell = cells.get(column);
      if (cell) {
        if (RANK[d.severity] > RANK[cell.severity]) cell.severity = d.severity;
        cell.diagnostics.push(d);
      } else cells.set(column, { severity: d.severity, diagnostics: [d] });
    }
    out.set(row.row, cells);
  }
  return out;
}

/**
 * Where the selected record is among the rows shown (-1: not there). Rows that are features (a file sent
 * whole: zones, lines, samples, points of a ZIP's entries) are found by the selection's feature, as the map
 * draws it: two of them can have one row number (row 3 of each entry). Records (a CSV's rows) by the row's
 * number, where a row in file order is (no scan of a million rows); else by the feature of their row, or by
 * holding the selected problem.
 */
export function selectedRowIndex(
  shown: readonly GridRow[],
  selection: Pick<Selection, 'row' | 'feature' | 'diagnosticId'>,
  featureOfRow: ReadonlyMap<number, number>,
): number {
  const feature = selection.feature;
  if (feature !== undefined && shown[0]?.feature !== undefined)
    return shown.findIndex((r) => r.feature === feature);
  if (selection.row !== undefined) {
    const at = selection.row - 1;
    if (shown[at]?.row === selection.row) return at;
    return shown.findIndex((r) => r.row === selection.row);
  }
  if (feature !== undefined) return shown.findIndex((r) => featureOfRow.get(r.row) === feature);
  const id = selection.diagnosticId;
  if (id !== undefined) return shown.findIndex((r) => r.diagnostics.includes(id));
  return -1;
}
