/**
 * A CSV batch checked row by row while it streams: the header is found (title rows above it skipped) and
 * mapped to a batch kind's columns; each row becomes the record core already checks (a FieldRecord for the
 * field rules and boundary pipeline; a version 5 request for the enrollment and TemporalEntity rules; a
 * referenced file for its own kind's validator) with every position mapped to the row, the column and the
 * character inside the cell; then the checks across rows. Data problems never throw.
 */

import { settleEditTexts, type Diagnostic, type Location } from '../diagnostics/diagnostic.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import type { JsonValue } from '../json/json-document.ts';
import { checkAcreage, DEFAULT_ACREAGE_TOLERANCE } from '../boundary/check-acreage.ts';
import { acresValue, formatAcres } from '../boundary/format-acres.ts';
import {
  checkRecordBoundary,
  statedAcresOptions,
  type RecordBoundaryOptions,
} from '../boundary/record-boundary.ts';
import { fieldFeature, keepBatchField } from '../records/field-features.ts';
import { outlinePolygons, type BatchGeometry } from '../input/batch-geometry.ts';
import {
  atRecord,
  type FieldRecord,
  type FieldRecordProperty,
  type RecordValue,
} from '../records/field-record.ts';
import {
  describeReading,
  readDecimal,
  writeDecimal,
  type DecimalMark,
  type DecimalNumber,
  type DecimalReading,
} from '../values/decimal-number.ts';
import { itemRules } from '../rules/field-upload/index.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { runSampleDateRules } from '../rules/sample-date/check-sample-date.ts';
import {
  batchKindById,
  bestHeaderScore,
  kindForHeader,
  scoreHeader,
  type BatchKind,
  type BatchKindId,
} from './batch-kinds.ts';
import type { CsvEncoding, CsvEncodingChoice } from './csv-encoding.ts';
import { mapColumns, mappingUsed, type ColumnMap, type CsvMapping } from './csv-mapping.ts';
import { suggestMissingColumns, type MissingColumnSuggestion } from './column-suggestions.ts';
import {
  cellOffset,
  CsvStreamReader,
  type CsvCell,
  type CsvDelimiter,
  type CsvReadProblem,
  type CsvRow,
} from './csv-reader.ts';
import { csvRulesInReportOrder } from './csv-rules.ts';
import type { AcresReading, CsvStage, FileReferenceFacts, SpacedCell } from './csv-stages.ts';
import { CrossRowChecks } from './csv-cross-rows.ts';
import { cellRange, rangeOf, rowLines, rowRange, shiftRange } from './csv-ranges.ts';
import { EnrollmentRows } from './csv-enrollments.ts';
import { withColumnHint } from './csv-hints.ts';
import { csvRecordOf } from './csv-records.ts';
import type { KindRecord } from '../records/submit-record.ts';
import type { FeatureVerdict } from '../records/field-features.ts';
import { BoundaryPipeline, type BoundaryBatch, type BoundaryVerdict } from '../fields/boundary-jobs.ts';
import type { WorkerPool } from '../parallel/worker-pool.ts';
import { SweepBuffers } from '../geometry/segment-index.ts';

/** What a referenced file's own validator found (injected: the kinds live above this layer). */
export interface ReferencedFileCheck {
  kind: string;
  diagnostics: Diagnostic[];
}

export interface CsvBatchOptions {
  /** Read as this batch kind instead of recognising it from the header. */
  kind?: BatchKindId;
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
  mapping?: CsvMapping;
  /**
   * The decimal mark numbers are written with (acres); default: a comma in a semicolon-delimited file (a
   * comma-decimal locale's Excel writes those), else a point.
   */
  decimalMark?: DecimalMark;
  selection?: RuleSelection;
  now?: Date;
  acreageTolerance?: number;
  /** Reads a file named by a row, relative to the CSV; undefined when it is not there. */
  resolveFile?: (relativePath: string) => Promise<Uint8Array | undefined>;
  /** Checks a referenced file as `kind` ('rx-zip', 'modus-result'); `sampleDate` for soil tests. */
  checkFile?: (
    name: string,
    bytes: Uint8Array,
    kind: string,
    sampleDate?: string,
  ) => Promise<ReferencedFileCheck>;
  /** Keep each field's GeoJSON feature for the report (default true; the benchmark turns it off). */
  keepFeatures?: boolean;
  /** Return each data row as the record it stands for (csv-records.ts), for submitting the batch. */
  records?: boolean;
  /** Features are only drawn (an HTML report's map): keep simplified outlines, a fraction of the memory. */
  mapFeatures?: boolean;
  /** Where each checked field's boundary goes for the checks across files (core/cross-file). */
  batchGeometry?: BatchGeometry;
  /** Called after each data row (progress). */
  onRow?: (row: number, bytesRead: number) => void;
  /**
   * Diagnostics handed over as they are found, row by row, instead of returned (the result's list is then
   * empty; its row statuses are complete): a big CSV's findings are never held all at once.
   */
  emit?: (found: Diagnostic[]) => void;
  /** Let the event loop run between chunks of rows. */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
  /**
   * Worker threads for a field batch's boundaries (core/parallel): each row's WKT is checked there (or here,
   * this thread's share) as the rows are read, and the rows are finished in order as their checks come
   * back, so the diagnostics are those one thread lists. Checks across rows stay here, on the outlines.
   */
  pool?: WorkerPool;
}

type RowStatus = 'ok' | 'warning' | 'error';

interface CsvRowResult {
  /** 1-based data row (after the header). */
  row: number;
  line: number;
  status: RowStatus;
  errors: number;
  warnings: number;
}

export interface CsvBatchResult {
  kind: BatchKindId;
  encoding: CsvEncodingChoice;
  delimiter: CsvDelimiter;
  /** 1-based line of the header; 0 when the file had no rows. */
  headerLine: number;
  headers: string[];
  mapping: CsvMapping;
  /**
   * The mapping used with the headers that probably hold the required columns the file lacks: what to try
   * next (`--mapping`). Only when some missing column has a likely header.
   */
  suggestedMapping?: CsvMapping;
  diagnostics: Diagnostic[];
  features: GeoJsonFeature[];
  /** Data rows read. */
  rowCount: number;
  /** The status of every row, or of the rows with problems when there are more than ALL_ROWS_LISTED. */
  rows: CsvRowResult[];
  rowsListed: 'all' | 'with-problems';
  bytes: number;
  /** The decimal mark numbers were read with (`readDecimal` reads a cell the same way). */
  decimalMark: DecimalMark;
  /** What the rows will become when sent (for the submit planner). */
  plan: JsonValue;
  /** Each data row's record, when asked for (`records`); their diagnostics are not attached yet. */
  records?: KindRecord[];
}

/** Rows searched for the header: title rows above it are skipped. */
export const HEADER_SEARCH = 5;

/** Data rows whose values suggest the columns a header lacks (column-suggestions.ts). */
const SAMPLE_ROWS = 3;

/** A cell as a sample of its column's content: its start is enough to tell (a 48 MB WKT cell is not copied). */
function sampleValue(value: string): string {
  return value.length > 1000 ? value.slice(0, 1000) : value;
}

/**
 * Which of the first rows is the header, and of which batch kind: the first whose cells hold every header
 * the mapping names, else (the kind forced) the first that scores as that kind, else the first a kind
 * recognises. Undefined when none is; validation then takes the first row (and says so).
 */
export function chooseCsvHeader(
  candidates: readonly CsvRow[],
  mapping: CsvMapping,
  forced: BatchKindId | undefined,
): { at: number; kind: BatchKind } | undefined {
  const mapped = Object.values(mapping.columns ?? {});
  for (let i = 0; i < candidates.length; i++) {
    const cells = (candidates[i] as CsvRow).cells.map((c) => c.value);
    if (mapped.length > 0 && mapped.every((h) => cells.some((c) => c.trim() === h.trim()))) {
      const k = (forced && batchKindById(forced)) || kindForHeader(cells) || batchKindById('csv-fields')!;
      return { at: i, kind: k };
    }
    if (forced) {
      const k = batchKindById(forced)!;
      const s = scoreHeader(k, cells);
      if (s.missing === 0 || s.mapped >= 2) return { at: i, kind: k };
      continue;
    }
    const k = kindForHeader(cells);
    if (k) return { at: i, kind: k };
  }
  return undefined;
}
/** Up to this many rows the report lists every row's status; beyond, the rows with problems. */
const ALL_ROWS_LISTED = 10000;

function shiftDiagnostic(d: Diagnostic, row: CsvRow): Diagnostic {
  const location = (l: Location): Location => (l.range ? { ...l, range: shiftRange(l.range, row) } : l);
  const out: Diagnostic = { ...d, location: location(d.location) };
  if (d.related) out.related = d.related.map((r) => ({ ...r, location: location(r.location) }));
  if (d.fix?.edits)
    out.fix = {
      ...d.fix,
      edits: d.fix.edits.map((e) => ({ ...e, start: e.start + row.start, end: e.end + row.start })),
    };
  return out;
}

/** [start, end) of a cell's value as written (inside quotes). */
function valueSpan(cell: CsvCell): { start: number; end: number } {
  return { start: cell.valueStart, end: cellOffset(cell, cell.value.length) };
}

const REPLACEMENT = '\ufffd';

/** A value for a message: whole when short, else the part around offset `at`. */
function excerpt(value: string, at: number): string {
  if (value.length <= 60) return value;
  const from = Math.max(0, at - 25);
  return `${from > 0 ? '…' : ''}${value.slice(from, from + 50)}${from + 50 < value.length ? '…' : ''}`;
}

const SPACE = /[\s\u00a0]/;

/** Whether a value starts or ends with a space; two characters looked at, whatever its length (a 48 MB WKT). */
function spaceAround(value: string): boolean {
  return value.length > 0 && (SPACE.test(value.charAt(0)) || SPACE.test(value.charAt(value.length - 1)));
}

/**
 * What hands a stage's result to every rule of the batch's reading, in report order (csv-rules.ts): the
 * batch finds the facts, the rules decide what is a problem. Each rule's context is made once, not per row.
 */
function ruleVisitor(collector: DiagnosticCollector): (stage: CsvStage) => void {
  const visitors = csvRulesInReportOrder.map((rule) => ({ rule, context: collector.contextFor(rule) }));
  return (stage) => {
    for (const { rule, context } of visitors) rule.check?.(stage, context);
  };
}

const NO_SPACED_CELLS: readonly SpacedCell[] = [];

/** Check a CSV batch from a stream of bytes. */
export async function validateCsvBatch(
  source: ReadableStream<Uint8Array>,
  options: CsvBatchOptions = {},
): Promise<CsvBatchResult> {
  const collector = new DiagnosticCollector(options.selection);
  const visit = ruleVisitor(collector);
  const reader = new CsvStreamReader(source, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    headerScore: bestHeaderScore,
  });
  const mapping = options.mapping ?? {};
  const forced = options.kind ?? mapping.kind;
  const pending: CsvRow[] = [];
  let header: CsvRow | undefined;
  let kind: BatchKind | undefined;
  let columns: ColumnMap | undefined;
  /** The headers that probably hold the required columns the file lacks. */
  let suggested: MissingColumnSuggestion[] = [];
  let session: RowSession | undefined;
  /** With workers, a field batch's rows wait here for their boundaries' checks (see CsvBatchOptions.pool). */
  let pipeline: BoundaryPipeline<QueuedRow> | undefined;
  let dataRows = 0;
  /** The line of each data row (index row - 1): all a row's status needs until the end. */
  let rowLines = new Int32Array(1024);
  const iterator = reader.rows();

  // Characters lost to bytes that are not UTF-8 (or to an earlier save): reported at their row and cell.
  const problems = reader.info.problems;
  let problemAt = 0;
  const damage = (r: CsvRow, n?: number): void => {
    while (problemAt < problems.length && (problems[problemAt] as CsvReadProblem).offset < r.start)
      problemAt++;
    if (r.text.indexOf(REPLACEMENT) < 0) return;
    r.cells.forEach((cell, i) => {
      const at = cell.value.indexOf(REPLACEMENT);
      if (at < 0) return;
      const offset = cellOffset(cell, at);
      let bad: CsvReadProblem | undefined;
      for (let k = problemAt; k < problems.length; k++) {
        const p = problems[k] as CsvReadProblem;
        if (p.offset >= cell.end) break;
        if (p.offset >= cell.valueStart) {
          bad = p;
          break;
        }
      }
      const range = rangeOf(offset, offset + 1, r);
      // In the header or a title row above it (no row number) the names are the columns' own.
      const column = n === undefined ? undefined : session?.columnAt(i);
      visit({
        stage: 'lostCharacter',
        row: n,
        column,
        name: column ?? header?.cells[i]?.value ?? String(i + 1),
        excerpt: excerpt(cell.value, at),
        byte: bad?.byte,
        range,
      });
    });
  };

  const decimalMark = (): DecimalMark =>
    options.decimalMark ?? (reader.info.delimiter.delimiter === ';' ? ',' : '.');

  const startSession = (found: CsvRow, k: BatchKind, titleRows: CsvRow[], samples: CsvRow[]): void => {
    header = found;
    kind = k;
    for (const t of titleRows) damage(t);
    damage(found);
    for (const t of titleRows) visit({ stage: 'titleRow', line: t.line, range: rangeOf(t.start, t.end, t) });
    const headers = found.cells.map((c) => c.value);
    columns = mapColumns(k, headers, mapping);
    suggested = suggestMissingColumns(
      k,
      headers,
      samples.map((r) => r.cells.map((c) => sampleValue(c.value))),
      columns.byIndex,
      columns.missing,
      // Optional columns neither read from a header nor given a value by the mapping.
      k.columns
        .filter(
          (c) => !c.required && !columns!.byIndex.includes(c.name) && mapping?.values?.[c.name] === undefined,
        )
        .map((c) => c.name),
    );
    visit({
      stage: 'columns',
      kind: k,
      map: columns,
      range: rangeOf(found.start, found.end, found),
      cells: found.cells.map((c) => ({ value: c.value, range: rangeOf(c.start, c.end, found) })),
      suggested,
    });
    session = new RowSession(k, found, columns, collector, options, mapping, decimalMark());
    if (options.pool && k.id === 'csv-fields') {
      const checks: Omit<BoundaryBatch, 'jobs'> = { decimalMark: decimalMark(), outline: true };
      if (options.selection) checks.selection = options.selection;
      if (options.acreageTolerance !== undefined) checks.acreageTolerance = options.acreageTolerance;
      pipeline = new BoundaryPipeline(options.pool, checks, (q, verdict) =>
        finishRow(q.r, q.n, q.field, verdict),
      );
    }
  };

  const finishHeaderSearch = (final: boolean): void => {
    const choice = chooseCsvHeader(pending, mapping, forced);
    if (!choice && !final && pending.length < HEADER_SEARCH) return;
    if (pending.length === 0) return;
    if (choice) {
      const found = pending[choice.at] as CsvRow;
      const samples = pending.slice(choice.at + 1);
      // A header that lacks a required column, or has one that maps to nothing, waits for a few rows:
      // their values tell which column it is.
      if (!final && samples.length < SAMPLE_ROWS) {
        const map = mapColumns(
          choice.kind,
          found.cells.map((c) => c.value),
          mapping,
        );
        const unmapped = map.byIndex.some((c, i) => c === undefined && found.cells[i]?.value.trim());
        if (map.missing.length > 0 || unmapped) return;
      }
      startSession(found, choice.kind, pending.slice(0, choice.at), samples);
      for (const r of samples) processData(r);
    } else {
      const k = (forced && batchKindById(forced)) || batchKindById('csv-fields')!;
      const first = pending[0] as CsvRow;
      visit({ stage: 'noHeader', kind: k.id, range: rangeOf(first.start, first.end, first) });
      startSession(first, k, [], pending.slice(1));
      for (const r of pending.slice(1)) processData(r);
    }
    pending.length = 0;
  };

  // Data row `n` read, its boundary checked (on a worker, or `verdict` undefined: here) and the rest done.
  const finishRow = (r: CsvRow, n: number, field?: PreparedField, verdict?: BoundaryVerdict): void => {
    damage(r, n);
    session?.row(r, n, field, verdict);
    options.onRow?.(n, reader.info.bytesRead);
  };

  const processData = (r: CsvRow): void => {
    if (!session || !header) return;
    dataRows++;
    if (dataRows > rowLines.length) {
      const grown = new Int32Array(rowLines.length * 2);
      grown.set(rowLines);
      rowLines = grown;
    }
    rowLines[dataRows - 1] = r.line;
    if (!pipeline) return finishRow(r, dataRows);
    const field = session.prepareField(r, dataRows);
    const cell = session.cell(r, 'boundary');
    const queued = { r, n: dataRows, field };
    // A boundary that is no cell of the row (the mapping's constant) has no place in it: checked here.
    if (!cell) {
      pipeline.addPlain(queued);
      pipeline.finishReady();
      return;
    }
    const source = { offset: cell.valueStart - r.start, escapes: cell.escapes };
    pipeline.add(queued, field.record, field.record.lines!, source);
    // Rows checked here (every worker busy) behind rows whose checks are back go at once, not held.
    pipeline.finishReady();
  };

  // Row status, from every diagnostic of the row (checks across rows and referenced files included),
  // counted as the diagnostics are handed over or, when they are kept, at the end.
  const byRow = new Map<number, CsvRowResult>();
  const entry = (row: number): CsvRowResult => {
    let r = byRow.get(row);
    if (!r) {
      r = { row, line: rowLines[row - 1] ?? 0, status: 'ok', errors: 0, warnings: 0 };
      byRow.set(row, r);
    }
    return r;
  };
  const countAtRow = (d: Diagnostic): void => {
    const row = d.location.row;
    if (row === undefined || row < 1 || row > dataRows || d.severity === 'info') return;
    const r = entry(row);
    if (d.severity === 'error') r.errors++;
    else r.warnings++;
    r.status = r.errors ? 'error' : 'warning';
  };
  const emit = options.emit;
  const handOver = (): void => {
    if (!emit) return;
    const found = collector.take();
    if (found.length === 0) return;
    for (const d of found) countAtRow(d);
    emit(found);
  };

  let count = 0;
  for await (const r of iterator) {
    if (options.signal?.aborted) break;
    if (!session) {
      pending.push(r);
      finishHeaderSearch(false);
    } else processData(r);
    if (++count % 256 === 0) {
      // Rows whose checks came back are finished; the reading waits only while too many are out.
      await pipeline?.settle(false);
      if (options.pause) await options.pause();
    }
    if (session?.waiting()) await session.drain();
    handOver();
  }
  if (!session) finishHeaderSearch(true);
  // Stopped: the rows still out are not waited for (the caller drops the result).
  if (!options.signal?.aborted) await pipeline?.settle(true);
  const info = reader.info;
  visit({ stage: 'encoding', encoding: info.encoding });
  visit({ stage: 'delimiterRows', skipped: info.delimiterRows });
  const finalKind = kind ?? batchKindById(forced ?? 'csv-fields')!;
  const headerRange = header ? rangeOf(header.start, header.end, header) : undefined;
  visit({ stage: 'end', kind: finalKind.id, header: headerRange, dataRows });
  let plan: JsonValue = {};
  if (session) {
    await session.drain();
    plan = session.finish(dataRows);
  }
  handOver();
  const listAll = dataRows <= ALL_ROWS_LISTED;
  if (listAll) for (let row = 1; row <= dataRows; row++) entry(row);
  if (!emit) for (const d of collector.diagnostics) countAtRow(d);
  const rows = [...byRow.values()].sort((a, b) => a.row - b.row);
  const headers = header ? header.cells.map((c) => c.value) : [];
  const used = columns ? mappingUsed(finalKind, headers, columns, mapping) : { kind: finalKind.id };
  return {
    kind: finalKind.id,
    encoding: info.encoding,
    delimiter: info.delimiter.delimiter,
    headerLine: header?.line ?? 0,
    headers,
    mapping: used,
    ...(suggested.length > 0
      ? {
          suggestedMapping: {
            ...used,
            columns: { ...used.columns, ...Object.fromEntries(suggested.map((s) => [s.column, s.header])) },
          },
        }
      : {}),
    diagnostics: collector.diagnostics,
    features: session?.features ?? [],
    rowCount: dataRows,
    rows,
    rowsListed: listAll ? 'all' : 'with-problems',
    bytes: info.bytesRead,
    decimalMark: decimalMark(),
    plan,
    ...(options.records ? { records: session?.records ?? [] } : {}),
  };
}

/** A field row read and waiting for its boundary's checks (see CsvBatchOptions.pool). */
interface QueuedRow {
  r: CsvRow;
  n: number;
  field: PreparedField;
}

/** A field row's record as its checks take it, and acres that read two ways (compared once the area is known). */
interface PreparedField {
  record: FieldRecord;
  twoWays: { read: DecimalNumber; alternative: DecimalReading; value: RecordValue } | undefined;
}

/** The state of one batch while its rows come in. */
class RowSession {
  readonly features: GeoJsonFeature[] = [];
  readonly records: KindRecord[] = [];
  private readonly headers: string[];
  private readonly cross: CrossRowChecks;
  private readonly enrollments: EnrollmentRows | undefined;
  private readonly files: Array<Promise<void>> = [];
  private readonly uploads = new Map<string, number>();
  private fileRows = 0;
  /** Field rows whose record was made: the next one's feature (its index among the features kept). */
  private fieldRecords = 0;
  private readonly visit: (stage: CsvStage) => void;
  /** The validity check's arrays, reused from row to row for the boundaries checked on this thread. */
  private readonly sweepBuffers = new SweepBuffers();

  constructor(
    private readonly kind: BatchKind,
    private readonly header: CsvRow,
    private readonly map: ColumnMap,
    private readonly collector: DiagnosticCollector,
    private readonly options: CsvBatchOptions,
    private readonly mapping: CsvMapping,
    private readonly decimal: DecimalMark,
  ) {
    this.headers = header.cells.map((c) => c.value);
    this.visit = ruleVisitor(collector);
    this.cross = new CrossRowChecks(kind.id, collector);
    this.enrollments =
      kind.id === 'csv-fields' || kind.id === 'csv-prescriptions' || kind.id === 'csv-soil-tests'
        ? undefined
        : new EnrollmentRows(kind.id, collector, this.visit, options.now, options.selection, (c) =>
            this.headerOf(c),
          );
  }

  /** Whether file checks are waiting (bounded, so memory stays flat). */
  waiting(): boolean {
    return this.files.length >= 8;
  }

  async drain(): Promise<void> {
    const all = this.files.splice(0);
    await Promise.all(all);
  }

  /** `field`, `verdict`: a field row's record made and its boundary checked ahead (on a worker). */
  row(row: CsvRow, n: number, field?: PreparedField, verdict?: BoundaryVerdict): void {
    const expected = this.header.cells.length;
    let found = row.cells.length;
    // Trailing empty cells past the header (a sheet's stray delimiters) do not count.
    while (found > expected && row.cells[found - 1]?.value === '' && !row.cells[found - 1]?.quoted) found--;
    let unterminated: { column: string; start: number | undefined } | undefined;
    if (row.unterminated) {
      const last = row.cells[row.cells.length - 1];
      unterminated = last
        ? { column: this.columnName(row.cells.length - 1), start: last.start }
        : { column: '?', start: undefined };
    }
    let closedEarly: { column: string; quote: number; after: string } | undefined;
    const early = row.cells.findIndex((cell) => cell.closedBefore !== undefined);
    if (early >= 0) {
      const cell = row.cells[early] as CsvCell;
      const quote = cell.closedBefore as number;
      const after = row.text.slice(quote + 1 - row.start, cell.end - row.start);
      closedEarly = { column: this.columnName(early), quote, after };
    }
    let spaced: SpacedCell[] | undefined;
    row.cells.forEach((cell, i) => {
      const column = this.map.byIndex[i];
      if (column === undefined || !spaceAround(cell.value)) return;
      // The cell whose quote is never closed (the rest of the file): its line breaks are not spaces to trim.
      if (row.unterminated && i === row.cells.length - 1) return;
      const span = valueSpan(cell);
      (spaced ??= []).push({ column, value: cell.value, quoted: cell.quoted, ...span });
    });
    this.visit({
      stage: 'row',
      row: n,
      found,
      expected,
      start: row.start,
      end: row.end,
      unterminated,
      closedEarly,
      spaced: spaced ?? NO_SPACED_CELLS,
      range: (start, end) => rangeOf(start, end, row),
    });
    // A field's record waits for its checks: its acres are the number they read (decimal mark, two ways).
    if (this.options.records && this.kind.id !== 'csv-fields') this.records.push(this.record(row, n));
    this.cross.duplicateRow(row, n, this.map);
    switch (this.kind.id) {
      case 'csv-fields':
        this.field(row, n, field ?? this.prepareField(row, n), verdict);
        break;
      case 'csv-prescriptions':
      case 'csv-soil-tests':
        this.file(row, n);
        break;
      default:
        this.enrollments?.add(row, n, (c) => this.cell(row, c), this.mapping.values ?? {});
        this.cross.enrollment(row, n, (c) => this.cell(row, c));
    }
  }

  /**
   * The row as a record: its cells, and its values as the checks read them (cell, else the constant); a
   * field's acres as the checks read the number.
   */
  private record(row: CsvRow, n: number, acres?: number): KindRecord {
    const constants = this.mapping.values ?? {};
    const value = (column: string): string | undefined => {
      const cell = this.cell(row, column)?.value.trim();
      if (cell !== undefined && cell !== '') return cell;
      const constant = constants[column]?.trim();
      return constant === undefined || constant === '' ? undefined : constant;
    };
    return csvRecordOf(
      this.kind.id,
      n,
      this.headers,
      row.cells.map((c) => c.value),
      value,
      acres,
    );
  }

  /** The batch column of the file's column `i`; undefined when it maps to none (its values are ignored). */
  columnAt(i: number): string | undefined {
    return this.map.byIndex[i];
  }

  private columnName(i: number): string {
    return this.map.byIndex[i] ?? this.header.cells[i]?.value ?? String(i + 1);
  }

  /** The file's header of a column (as the user wrote it); undefined when the file has no such column. */
  private headerOf(column: string): string | undefined {
    const at = this.map.index.get(column);
    return at === undefined ? undefined : this.header.cells[at]?.value;
  }

  cell(row: CsvRow, column: string): CsvCell | undefined {
    const at = this.map.index.get(column);
    return at === undefined ? undefined : row.cells[at];
  }

  private value(row: CsvRow, column: string): string | undefined {
    const cell = this.cell(row, column);
    if (cell) return cell.value;
    return this.mapping.values?.[column];
  }

  /**
   * Acres that read two ways ("1.234" in a decimal-comma file: 1234, or 1.234 typed with a point): the
   * reading nearer the boundary's own area is taken (the file's convention when the area is not known),
   * compared with it as any stated acres are (ACR001), and the choice said (CSV012), with a fix that writes
   * the value so that it reads one way only.
   */
  private acresTwoWays(
    record: FieldRecord,
    n: number,
    read: DecimalNumber,
    area: number | undefined,
    options: RecordBoundaryOptions,
  ): void {
    const acres = record.acres as RecordValue;
    const known = area !== undefined && area > 0;
    // Readings are in the column's unit (acres, or hectares for a "Fläche (ha)"); the area is in acres.
    const unit = acres.unit;
    const inAcres = (v: number): number => (unit ? acresValue(v * unit.acresPer) : v);
    const off = (v: number): number => (known && v > 0 ? Math.abs(Math.log(inAcres(v) / area)) : Infinity);
    const alternative = read.alternative as DecimalReading;
    const swap = known && off(alternative.value) < off(read.reading.value);
    const chosen = swap ? alternative : read.reading;
    const other = swap ? read.reading : alternative;
    acres.value = inAcres(chosen.value);
    const tolerance = options.acreageTolerance ?? DEFAULT_ACREAGE_TOLERANCE;
    const reading = (r: DecimalReading): AcresReading => ({
      value: r.value,
      how: describeReading(r),
      written: writeDecimal(r.value, this.decimal),
    });
    this.visit({
      stage: 'acresTwoWays',
      row: n,
      raw: String(acres.raw ?? ''),
      chosen: reading(chosen),
      other: reading(other),
      decimalMark: this.decimal,
      area: !known
        ? undefined
        : unit
          ? `${formatAcres(area / unit.acresPer)} ${unit.symbol} (${formatAcres(area)} acres)`
          : `${formatAcres(area)} acres`,
      agrees: known && Math.abs(inAcres(chosen.value) - area) / area <= tolerance,
      location: atRecord(record, acres.location),
      span: acres.span,
    });
    const stated = statedAcresOptions(record, options);
    checkAcreage(area, stated, this.collector, () => atRecord(record, record.boundary?.location ?? {}));
  }

  /** A field row's record, made from its cells (before its checks, which may run on a worker). */
  prepareField(row: CsvRow, n: number): PreparedField {
    let twoWays: PreparedField['twoWays'];
    const lines = rowLines(row);
    const local = (offset: number): number => offset - row.start;
    // Each field row adds one feature (the index is that of the feature it adds, or would add when they
    // are not kept: location.feature numbers it all the same).
    const feature = this.fieldRecords++;
    const record: FieldRecord = {
      format: 'csv',
      row: n,
      feature,
      location: { row: n, range: lines.range(0, row.text.length) },
      label: `Row ${n}`,
      lines,
    };
    const optional = new Set(this.kind.columns.filter((c) => !c.required).map((c) => c.name));
    for (const c of this.kind.columns) {
      const property = c.name as FieldRecordProperty;
      const cell = this.cell(row, c.name);
      const constant = this.mapping.values?.[c.name];
      if (!cell) {
        if (constant !== undefined)
          record[property] = { kind: 'string', value: constant, location: { row: n, field: c.name } };
        continue;
      }
      if (cell.value.trim() === '' && optional.has(c.name)) continue;
      const span = valueSpan(cell);
      const value: RecordValue = {
        kind: 'string',
        value: cell.value,
        location: { row: n, field: c.name, range: lines.range(local(span.start), local(span.end)) },
        span: { start: local(span.start), end: local(span.end) },
        mapOffset: (o) => local(cellOffset(cell, o)),
      };
      // A CSV cell is text: acres that read as a number (by the file's decimal mark) are the number the
      // upload will carry.
      if (property === 'acres') {
        const read = readDecimal(cell.value, this.decimal);
        const unit = this.map.acresUnit;
        if (read) {
          value.kind = 'number';
          value.value = read.reading.value;
          value.raw = cell.value;
          // An area in hectares (say): sent and checked as acres (rounded as a fix rounds them), fixed in its
          // unit; two readings are told apart the same way, in acres.
          if (unit) {
            value.unit = { name: unit.name, symbol: unit.symbol, acresPer: unit.acresPer };
            value.value = acresValue(read.reading.value * unit.acresPer);
          }
          if (read.alternative) twoWays = { read, alternative: read.alternative, value };
        }
      }
      record[property] = value;
    }
    // Acres that read two ways are compared with the boundary once its area is known (field).
    if (twoWays) delete record.acres;
    return { record, twoWays };
  }

  /** A field row's checks; `verdict`: its boundary's, made on a worker (else made here). */
  private field(row: CsvRow, n: number, prepared: PreparedField, verdict?: BoundaryVerdict): void {
    const { record, twoWays } = prepared;
    if (twoWays) record.acres = twoWays.value;
    const before = this.collector.diagnostics.length;
    for (const rule of itemRules) this.collector.run(rule, record);
    const tolerance = this.options.acreageTolerance;
    const writeNumber = (v: number): string => writeDecimal(v, this.decimal);
    const boundaryOptions = {
      writeNumber,
      buffers: this.sweepBuffers,
      ...(tolerance === undefined ? {} : { acreageTolerance: tolerance }),
    };
    // Acres that read two ways are compared with the boundary once its area is known (below).
    if (twoWays) delete record.acres;
    let boundary: FeatureVerdict | undefined;
    if (verdict) {
      const list = this.collector.diagnostics;
      for (const d of verdict.diagnostics) list.push(d);
      if (verdict.result)
        boundary = verdict.outline ? { ...verdict.result, geometry: verdict.outline } : verdict.result;
    } else boundary = checkRecordBoundary(record, this.collector, boundaryOptions);
    if (twoWays) {
      record.acres = twoWays.value;
      this.acresTwoWays(record, n, twoWays.read, boundary?.areaAcres, boundaryOptions);
    }
    const list = this.collector.diagnostics;
    for (let i = before; i < list.length; i++) {
      const d = shiftDiagnostic(list[i] as Diagnostic, row);
      // Handed over as the stream moves on: an edit keeping parts of the row's text reads them now.
      if (this.options.emit) settleEditTexts(d, row.text, row.start);
      const column = this.kind.columns.find((c) => c.name === d.location.field);
      const cell = column && this.cell(row, column.name);
      list[i] = column
        ? withColumnHint(
            d,
            column,
            this.headerOf(column.name),
            !cell || cell.value.trim() === '',
            column.name === 'acres' ? this.map.acresUnit?.name : undefined,
          )
        : d;
    }
    record.location = { row: n, range: rangeOf(row.start, row.end, row) };
    this.cross.duplicateField(record, n);
    if (this.options.keepFeatures !== false)
      this.features.push(
        fieldFeature(
          record,
          this.options.mapFeatures && boundary?.geometry
            ? {
                ...boundary,
                geometry: { ...boundary.geometry, polygons: outlinePolygons(boundary.geometry.polygons) },
              }
            : boundary,
        ),
      );
    const boundaryCell = this.cell(row, 'boundary');
    const boundaryRange = boundaryCell
      ? rangeOf(valueSpan(boundaryCell).start, valueSpan(boundaryCell).end, row)
      : record.location.range;
    keepBatchField(this.options.batchGeometry, record, boundary, undefined, {
      row: n,
      field: 'boundary',
      ...(boundaryRange ? { range: boundaryRange } : {}),
    });
    this.cross.field(record, n, boundary, boundaryRange);
    if (this.options.records) {
      const acres = record.acres?.kind === 'number' ? record.acres.value : undefined;
      this.records.push(this.record(row, n, typeof acres === 'number' ? acres : undefined));
    }
    const user = this.value(row, 'userName')?.trim() ?? '';
    this.uploads.set(user, (this.uploads.get(user) ?? 0) + 1);
  }

  private file(row: CsvRow, n: number): void {
    const cell = this.cell(row, 'file');
    const path = (cell?.value ?? this.mapping.values?.file ?? '').trim();
    const location: Location = {
      row: n,
      field: 'file',
      range: cell ? rangeOf(valueSpan(cell).start, valueSpan(cell).end, row) : rowRange(row),
    };
    this.fileRows++;
    if (this.kind.id === 'csv-soil-tests') {
      const dateCell = this.cell(row, 'sampleDate');
      const value = dateCell?.value ?? this.mapping.values?.sampleDate;
      runSampleDateRules(this.collector, {
        value: value?.trim() === '' ? undefined : value,
        location: dateCell
          ? {
              row: n,
              field: 'sampleDate',
              range: rangeOf(valueSpan(dateCell).start, valueSpan(dateCell).end, row),
            }
          : { row: n, field: 'sampleDate' },
        ...(dateCell ? { valueRange: valueSpan(dateCell) } : {}),
        ...(this.options.now ? { now: this.options.now } : {}),
      });
    }
    const required = (column: string, value: string, at: Location): void =>
      this.visit({
        stage: 'cellValue',
        row: n,
        column,
        location: at,
        value,
        choices: undefined,
        readAs: undefined,
        cell: undefined,
      });
    const userCell = this.cell(row, 'userName');
    required('userName', this.value(row, 'userName')?.trim() ?? '', {
      row: n,
      field: 'userName',
      range: userCell ? cellRange(row, userCell) : rowRange(row),
    });
    required('file', path, location);
    if (path === '') return;
    const reference = (facts: FileReferenceFacts): void =>
      this.visit({ stage: 'fileReference', row: n, path, location, facts });
    // An absolute path is not looked for, nor is a file without a folder to read it from.
    if (/^([a-zA-Z]:)?[\\/]/.test(path)) {
      reference({ found: 'absolute' });
      return;
    }
    const resolve = this.options.resolveFile;
    if (!resolve) {
      reference({ found: 'noFolder' });
      return;
    }
    const kindId = this.kind.id === 'csv-soil-tests' ? 'modus-result' : 'rx-zip';
    const sampleDate = this.value(row, 'sampleDate')?.trim();
    this.files.push(
      (async () => {
        const bytes = await resolve(path);
        if (!bytes) {
          reference({ found: 'missing' });
          return;
        }
        if (!this.options.checkFile) return;
        const checked = await this.options.checkFile(path, bytes, kindId, sampleDate);
        const errors = checked.diagnostics.filter((d) => d.severity === 'error');
        const firstError = errors[0]?.message ?? '';
        reference({ found: 'checked', kind: checked.kind, errors: errors.length, firstError });
        for (const d of checked.diagnostics) {
          const { range: _range, file: _file, ...rest } = d.location;
          // At the row's file cell (a code frame shows the row); where in the file itself, related.
          const attached: Diagnostic = {
            ...d,
            location: {
              ...rest,
              row: n,
              field: 'file',
              entry: rest.entry ? `${path}:${rest.entry}` : path,
              ...(location.range ? { range: location.range } : {}),
            },
            related: [
              { message: 'where in the file', location: { ...d.location, file: path } },
              ...(d.related ?? []).map((r) => ({ ...r, location: { ...r.location, file: path } })),
            ],
          };
          delete attached.fix;
          this.collector.diagnostics.push(attached);
        }
      })(),
    );
  }

  finish(rowCount: number): JsonValue {
    this.cross.finish();
    if (this.enrollments) return this.enrollments.finish();
    if (this.kind.id === 'csv-fields')
      return {
        uploads: [...this.uploads].map(([userName, fields]) => ({ userName, fields })),
        rows: rowCount,
      };
    return { files: this.fileRows };
  }
}
