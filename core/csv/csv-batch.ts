/**
 * A CSV batch checked row by row while it streams: the header is found (title rows above it skipped) and
 * mapped to a batch kind's columns; each row becomes the record core already checks (a FieldRecord for the
 * field rules and boundary pipeline; a version 5 request for the enrollment and TemporalEntity rules; a
 * referenced file for its own kind's validator) with every position mapped to the row, the column and the
 * character inside the cell; then the checks across rows. Data problems never throw.
 */

import type { Diagnostic, Location } from '../diagnostics/diagnostic.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import type { JsonValue } from '../json/json-document.ts';
import { checkAcreage, DEFAULT_ACREAGE_TOLERANCE } from '../boundary/check-acreage.ts';
import { formatAcres } from '../boundary/format-acres.ts';
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
  let session: RowSession | undefined;
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

  const startSession = (found: CsvRow, k: BatchKind, titleRows: CsvRow[]): void => {
    header = found;
    kind = k;
    for (const t of titleRows) damage(t);
    damage(found);
    for (const t of titleRows) visit({ stage: 'titleRow', line: t.line, range: rangeOf(t.start, t.end, t) });
    const headers = found.cells.map((c) => c.value);
    columns = mapColumns(k, headers, mapping);
    visit({
      stage: 'columns',
      kind: k,
      map: columns,
      range: rangeOf(found.start, found.end, found),
      cells: found.cells.map((c) => ({ value: c.value, range: rangeOf(c.start, c.end, found) })),
    });
    session = new RowSession(k, found, columns, collector, options, mapping, decimalMark());
  };

  const finishHeaderSearch = (final: boolean): void => {
    const choice = chooseCsvHeader(pending, mapping, forced);
    if (!choice && !final && pending.length < HEADER_SEARCH) return;
    if (pending.length === 0) return;
    if (choice) {
      startSession(pending[choice.at] as CsvRow, choice.kind, pending.slice(0, choice.at));
      for (const r of pending.slice(choice.at + 1)) processData(r);
    } else {
      const k = (forced && batchKindById(forced)) || batchKindById('csv-fields')!;
      const first = pending[0] as CsvRow;
      visit({ stage: 'noHeader', kind: k.id, range: rangeOf(first.start, first.end, first) });
      startSession(first, k, []);
      for (const r of pending.slice(1)) processData(r);
    }
    pending.length = 0;
  };

  const processData = (r: CsvRow): void => {
    if (!session || !header) return;
    dataRows++;
    damage(r, dataRows);
    session.row(r, dataRows);
    if (dataRows > rowLines.length) {
      const grown = new Int32Array(rowLines.length * 2);
      grown.set(rowLines);
      rowLines = grown;
    }
    rowLines[dataRows - 1] = r.line;
    options.onRow?.(dataRows, reader.info.bytesRead);
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
    if (++count % 256 === 0 && options.pause) await options.pause();
    if (session?.waiting()) await session.drain();
    handOver();
  }
  if (!session) finishHeaderSearch(true);
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
  return {
    kind: finalKind.id,
    encoding: info.encoding,
    delimiter: info.delimiter.delimiter,
    headerLine: header?.line ?? 0,
    headers,
    mapping: columns ? mappingUsed(finalKind, headers, columns, mapping) : { kind: finalKind.id },
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
  private readonly visit: (stage: CsvStage) => void;

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

  row(row: CsvRow, n: number): void {
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
    let spaced: SpacedCell[] | undefined;
    row.cells.forEach((cell, i) => {
      const column = this.map.byIndex[i];
      if (column === undefined || !spaceAround(cell.value)) return;
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
      spaced: spaced ?? NO_SPACED_CELLS,
      range: (start, end) => rangeOf(start, end, row),
    });
    // A field's record waits for its checks: its acres are the number they read (decimal mark, two ways).
    if (this.options.records && this.kind.id !== 'csv-fields') this.records.push(this.record(row, n));
    this.cross.duplicateRow(row, n, this.map);
    switch (this.kind.id) {
      case 'csv-fields':
        this.field(row, n);
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
    const off = (v: number): number => (known && v > 0 ? Math.abs(Math.log(v / area)) : Infinity);
    const alternative = read.alternative as DecimalReading;
    const swap = known && off(alternative.value) < off(read.reading.value);
    const chosen = swap ? alternative : read.reading;
    const other = swap ? read.reading : alternative;
    acres.value = chosen.value;
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
      area: known ? formatAcres(area) : undefined,
      agrees: known && Math.abs(chosen.value - area) / area <= tolerance,
      location: atRecord(record, acres.location),
      span: acres.span,
    });
    const stated = statedAcresOptions(record, options);
    checkAcreage(area, stated, this.collector, () => atRecord(record, record.boundary?.location ?? {}));
  }

  private field(row: CsvRow, n: number): void {
    let twoWays: { read: DecimalNumber; alternative: DecimalReading; value: RecordValue } | undefined;
    const lines = rowLines(row);
    const local = (offset: number): number => offset - row.start;
    const record: FieldRecord = {
      format: 'csv',
      row: n,
      feature: this.features.length,
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
        if (read) {
          value.kind = 'number';
          value.value = read.reading.value;
          value.raw = cell.value;
          if (read.alternative) twoWays = { read, alternative: read.alternative, value };
        }
      }
      record[property] = value;
    }
    const before = this.collector.diagnostics.length;
    for (const rule of itemRules) this.collector.run(rule, record);
    const tolerance = this.options.acreageTolerance;
    const writeNumber = (v: number): string => writeDecimal(v, this.decimal);
    const boundaryOptions = {
      writeNumber,
      ...(tolerance === undefined ? {} : { acreageTolerance: tolerance }),
    };
    // Acres that read two ways are compared with the boundary once its area is known (below).
    if (twoWays) delete record.acres;
    const boundary = checkRecordBoundary(record, this.collector, boundaryOptions);
    if (twoWays) {
      record.acres = twoWays.value;
      this.acresTwoWays(record, n, twoWays.read, boundary?.areaAcres, boundaryOptions);
    }
    const list = this.collector.diagnostics;
    for (let i = before; i < list.length; i++) {
      const d = shiftDiagnostic(list[i] as Diagnostic, row);
      const column = this.kind.columns.find((c) => c.name === d.location.field);
      const cell = column && this.cell(row, column.name);
      list[i] = column
        ? withColumnHint(d, column, this.headerOf(column.name), !cell || cell.value.trim() === '')
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
