/**
 * Enrollment rows → the version 5 requests they will be sent as, checked by the same request, enrollment
 * and TemporalEntity rules as a request file. The rows' requests are written as one generated request
 * document ({"requests": [...]}) in which every value taken from a cell is a JSON string whose characters
 * are remembered; each diagnostic is then moved back to the cell (row, column, character) its range falls
 * in, or to its row, and fixes that rewrite a cell's string become edits of the cell.
 */

import type { Diagnostic, Location, TextEdit } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonValue } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { checkRequestDocument } from '../requests/check-request.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { batchKindById, type BatchColumn, type BatchKindId } from './batch-kinds.ts';
import { cellOffset, type CsvCell, type CsvRow } from './csv-reader.ts';
import { withColumnHint } from './csv-hints.ts';
import type { CsvStage } from './csv-stages.ts';

type CellOf = (column: string) => CsvCell | undefined;

/** A cell's value written into the generated document: [start, end) of its characters there. */
interface Segment {
  start: number;
  end: number;
  /** Characters before the value in its piece (1 for a JSON string's quote) and the value's written length. */
  lead: number;
  length: number;
  /** Whether the JSON text is the value character for character (no escapes). */
  exact: boolean;
  row: CsvRow;
  n: number;
  column: string;
  cell: CsvCell;
}

/** Placeholder for the id of an experiment the batch creates before enrolling its locations. */
const CREATED_EXPERIMENT_ID = '00000000-0000-4000-8000-000000000000';

const TEMPORAL: Array<[column: string, property: string]> = [
  ['dimensionality', 'dimensionality'],
  ['temporalEntityId', 'id'],
  ['startId', 'startId'],
  ['endId', 'endId'],
  ['temporalPeriodTypeName', 'temporalPeriodTypeName'],
];
/** A temporalEntity property → the column it is written from. */
const TEMPORAL_COLUMN = new Map(TEMPORAL.map(([column, property]) => [property, column]));

export class EnrollmentRows {
  private text = '{"requests": [';
  private readonly segments: Segment[] = [];
  /** Request index → the row it was made from. */
  private readonly requestRows: number[] = [];
  private readonly rowsByN = new Map<number, CsvRow>();
  /** Row → its cells by column, to place a finding about a value the request lacks at its empty cell. */
  private readonly cellsByN = new Map<number, CellOf>();
  private readonly columns: readonly BatchColumn[];
  private readonly experiments = new Set<string>();
  private requests = 0;
  private readonly planned: JsonValue[] = [];

  constructor(
    private readonly kind: BatchKindId,
    private readonly collector: DiagnosticCollector,
    /** Hands a stage's result to the csv-batch rules (csv-batch.ts). */
    private readonly visit: (stage: CsvStage) => void,
    private readonly now: Date | undefined,
    private readonly selection: RuleSelection = {},
    /** The file's header of a column; undefined when the file has no such column. */
    private readonly headerOf: (column: string) => string | undefined = () => undefined,
  ) {
    this.columns = batchKindById(kind)?.columns ?? [];
  }

  add(row: CsvRow, n: number, cell: CellOf, constants: Record<string, string>): void {
    this.rowsByN.set(n, row);
    this.cellsByN.set(n, cell);
    const value = (column: string): string | undefined => {
      const c = cell(column);
      if (c) return c.value.trim() === '' ? undefined : c.value;
      return constants[column];
    };
    const str = (column: string): string => {
      const c = cell(column);
      const v = c ? c.value : (constants[column] ?? '');
      return this.string(v, c, row, n, column);
    };
    const temporal = (): string | undefined => {
      const parts = TEMPORAL.filter(([c]) => value(c) !== undefined).map(
        ([c, p]) => `${JSON.stringify(p)}: ${str(c)}`,
      );
      return parts.length === 0 ? undefined : `{${parts.join(', ')}}`;
    };
    const body = (fields: string[]): string => {
      const parts = fields
        .filter((c) => value(c) !== undefined)
        .map((c) => `${JSON.stringify(c)}: ${str(c)}`);
      const t = temporal();
      if (t) parts.push(`"temporalEntity": ${t}`);
      return `{${parts.join(', ')}}`;
    };
    if (this.kind === 'csv-enrollments-by-program') {
      this.request(n, 'POST', '"/v5/enrollments"', 'program', body(['experimentProtocolId']));
      this.planned.push({ row: n, call: 'createEnrollment', type: 'program' });
    } else if (this.kind === 'csv-enrollments-by-location') {
      const id = (value('experimentEnrollmentId') ?? '').trim().toLowerCase();
      if (!this.experiments.has(id)) {
        this.experiments.add(id);
        const path = `"/v5/experiments?experimentEnrollmentId=${this.raw(value('experimentEnrollmentId') ?? '', cell('experimentEnrollmentId'), row, n, 'experimentEnrollmentId')}"`;
        this.request(n, 'GET', path, undefined, undefined);
        const parts = [`"experimentEnrollmentId": ${str('experimentEnrollmentId')}`];
        if (value('experimentName') !== undefined) parts.push(`"name": ${str('experimentName')}`);
        const t = temporal();
        if (t) parts.push(`"temporalEntity": ${t}`);
        this.request(n, 'POST', '"/v5/experiments"', undefined, `{${parts.join(', ')}}`);
        this.planned.push({
          row: n,
          call: 'findOrCreateExperiment',
          experimentEnrollmentId: value('experimentEnrollmentId') ?? '',
        });
      }
      const fields = body(['locationId', 'experimentLocationStatus']);
      this.request(
        n,
        'POST',
        '"/v5/enrollments"',
        'location',
        `{"experimentId": "${CREATED_EXPERIMENT_ID}", ${fields.slice(1)}`,
      );
      this.planned.push({ row: n, call: 'createEnrollment', type: 'location' });
    } else {
      const type = this.choice(row, n, cell('enrollmentType'), 'enrollmentType', ['program', 'location']);
      const action = this.choice(row, n, cell('action'), 'action', ['update', 'remove']);
      if (!type || !action) return;
      const path = `"/v5/enrollments/${this.raw(value('enrollmentId') ?? '', cell('enrollmentId'), row, n, 'enrollmentId')}"`;
      if (action === 'remove') this.request(n, 'DELETE', path, type, undefined);
      else
        this.request(
          n,
          'PUT',
          path,
          type,
          body(
            type === 'program'
              ? ['experimentProtocolId']
              : ['experimentId', 'locationId', 'experimentLocationStatus'],
          ),
        );
      this.planned.push({
        row: n,
        call: action === 'remove' ? 'removeEnrollment' : 'updateEnrollment',
        type,
      });
    }
  }

  /** The batch plan: the calls in order, experiments to find or create first. */
  finish(): JsonValue {
    this.text += ']}';
    this.place();
    const read = readJson(this.text);
    if (!read.root) return { calls: this.planned };
    const collector = new DiagnosticCollector(this.selection);
    checkRequestDocument(read.root, read.lines, collector, this.now);
    // A cell's value goes into several requests (the experiment found, created, the enrollment): a finding
    // about it is said once at its cell, not once per request (the one with a fix kept).
    const said = new Map<string, number>();
    for (const found of collector.diagnostics) {
      const d = this.moveBack(found);
      const r = d.location.range;
      const key = [d.code, d.message, d.location.row, d.location.field, r?.start.offset, r?.end.offset].join(
        '\u0000',
      );
      const at = said.get(key);
      if (at === undefined) {
        said.set(key, this.collector.diagnostics.length);
        this.collector.diagnostics.push(d);
      } else if (d.fix && !this.collector.diagnostics[at]?.fix) this.collector.diagnostics[at] = d;
    }
    return { calls: this.planned };
  }

  private request(
    n: number,
    method: string,
    path: string,
    type: string | undefined,
    body: string | undefined,
  ): void {
    if (this.requests > 0) this.text += ',\n';
    this.requestRows.push(n);
    this.requests++;
    let t = `{"method": "${method}", "path": ${path}`;
    if (type) t += `, "headers": {"x-enrollment-type": "${type}"}`;
    if (body) t += `, "body": ${body}`;
    this.text += t + '}';
  }

  /** A cell's value as a JSON string, its characters remembered. */
  private string(value: string, cell: CsvCell | undefined, row: CsvRow, n: number, column: string): string {
    const json = JSON.stringify(value);
    // +1: the opening quote. The request text is appended before this string is, so count what precedes.
    return this.remember(json, 1, value, cell, row, n, column);
  }

  /** A value inside a longer string (a path): kept as written when URL-safe. */
  private raw(value: string, cell: CsvCell | undefined, row: CsvRow, n: number, column: string): string {
    const safe = /^[A-Za-z0-9\-_.~{}]*$/.test(value) ? value : encodeURIComponent(value);
    return this.remember(safe, 0, value, cell, row, n, column);
  }

  /**
   * Pieces are built before they are appended, so positions are found when the request is appended: a
   * unique marker would cost a search; instead each piece records itself relative to the text at append.
   */
  private remember(
    piece: string,
    lead: number,
    value: string,
    cell: CsvCell | undefined,
    row: CsvRow,
    n: number,
    column: string,
  ): string {
    if (!cell) return piece;
    const id = this.segments.length;
    this.segments.push({
      start: -1,
      end: -1,
      lead,
      length: piece.length - 2 * lead,
      exact: piece.length - 2 * lead === value.length,
      row,
      n,
      column,
      cell,
    });
    return `\u0001${id}\u0002${piece}`;
  }

  private choice(
    row: CsvRow,
    n: number,
    cell: CsvCell | undefined,
    column: string,
    choices: string[],
  ): string | undefined {
    const raw = cell?.value.trim() ?? '';
    if (choices.includes(raw)) return raw;
    const start = cell ? cell.valueStart : row.start;
    const end = cell ? cellOffset(cell, cell.value.length) : row.start;
    const location: Location = {
      row: n,
      field: column,
      range: new LineIndex(row.text).range(start - row.start, end - row.start),
    };
    shift(location, row);
    const lower = raw.toLowerCase();
    const fixed =
      raw === ''
        ? undefined
        : choices.includes(lower)
          ? lower
          : lower === 'delete' || lower === 'removal'
            ? 'remove'
            : undefined;
    this.visit({
      stage: 'cellValue',
      row: n,
      column,
      location,
      value: raw,
      choices,
      readAs: fixed,
      cell: cell ? { value: cell.value, start, end } : undefined,
    });
    return fixed;
  }

  /** The column a finding's property comes from (`name` of an experiment is experimentName), if any. */
  private columnOf(d: Diagnostic): BatchColumn | undefined {
    const field = d.location.field;
    if (field === undefined) return undefined;
    const inTemporal = (d.location.path ?? []).includes('temporalEntity');
    const name = inTemporal ? TEMPORAL_COLUMN.get(field) : field === 'name' ? 'experimentName' : field;
    return this.columns.find((c) => c.name === name);
  }

  private moveBack(d: Diagnostic): Diagnostic {
    const offset = d.location.range?.start.offset;
    const endAt = d.location.range?.end.offset;
    // At a cell's characters, or around exactly one cell (the enrollment id inside a request path).
    let seg =
      offset === undefined
        ? undefined
        : (this.segmentAt(offset) ?? (endAt === undefined ? undefined : this.onlySegmentIn(offset, endAt)));
    const path = d.location.path ?? [];
    const request = typeof path[1] === 'number' ? path[1] : undefined;
    const n = seg?.n ?? (request !== undefined ? this.requestRows[request] : undefined);
    // A finding about a value the request lacks (a missing temporalPeriodTypeName) belongs to that value's
    // column, not to whichever cell the enclosing object happens to hold.
    const column = this.columnOf(d);
    if (column && seg && seg.column !== column.name) seg = undefined;
    const location: Location = {};
    if (n !== undefined) location.row = n;
    const cellAt = n === undefined ? undefined : this.cellsByN.get(n);
    const ownCell = column ? cellAt?.(column.name) : undefined;
    if (seg) {
      location.field = seg.column;
      const from =
        seg.exact && offset !== undefined
          ? Math.max(0, Math.min(offset - seg.start, seg.cell.value.length))
          : 0;
      const endOffset = d.location.range?.end.offset;
      const to =
        seg.exact && endOffset !== undefined
          ? Math.max(from, Math.min(endOffset - seg.start, seg.cell.value.length))
          : seg.cell.value.length;
      location.range = new LineIndex(seg.row.text).range(
        cellOffset(seg.cell, from) - seg.row.start,
        cellOffset(seg.cell, to) - seg.row.start,
      );
      shift(location, seg.row);
    } else if (n !== undefined) {
      const row = this.rowsByN.get(n);
      if (column) location.field = column.name;
      if (row && ownCell) {
        const lines = new LineIndex(row.text);
        location.range = lines.range(
          ownCell.valueStart - row.start,
          cellOffset(ownCell, ownCell.value.length) - row.start,
        );
        shift(location, row);
      } else if (row) {
        location.range = new LineIndex(row.text).range(0, row.text.length);
        shift(location, row);
      }
    }
    const out: Diagnostic = { ...d, location };
    delete out.related;
    delete out.fix;
    if (d.fix?.edits && seg) {
      const edits: TextEdit[] = [];
      for (const e of d.fix.edits) {
        const mapped = this.mapEdit(e);
        if (!mapped) return this.columnHint(out);
        edits.push(mapped);
      }
      out.fix = { ...d.fix, edits };
    }
    return this.columnHint(out);
  }

  /** The hint of a finding placed on a column, worded for the sheet (csv-hints.ts). */
  private columnHint(d: Diagnostic): Diagnostic {
    const field = d.location.field;
    const column = field === undefined ? undefined : this.columns.find((c) => c.name === field);
    const n = d.location.row;
    if (!column || n === undefined) return d;
    const cell = this.cellsByN.get(n)?.(column.name);
    return withColumnHint(d, column, this.headerOf(column.name), !cell || cell.value.trim() === '');
  }

  private mapEdit(e: TextEdit): TextEdit | undefined {
    // A whole JSON string replaced: the new string's value goes into the cell.
    const seg =
      this.segments.find((s) => s.start - 1 === e.start && s.end + 1 === e.end) ?? this.segmentAt(e.start);
    if (!seg) return undefined;
    const valueEnd = cellOffset(seg.cell, seg.cell.value.length);
    if (seg.start - 1 === e.start && seg.end + 1 === e.end) {
      let value: unknown;
      try {
        value = JSON.parse(e.text);
      } catch {
        return undefined;
      }
      if (typeof value !== 'string') return undefined;
      return {
        start: seg.cell.valueStart,
        end: valueEnd,
        text: seg.cell.quoted ? value.replace(/"/g, '""') : value,
      };
    }
    if (!seg.exact || e.end > seg.end || /["\\]/.test(e.text)) return undefined;
    return {
      start: cellOffset(seg.cell, e.start - seg.start),
      end: cellOffset(seg.cell, e.end - seg.start),
      text: e.text,
    };
  }

  private onlySegmentIn(start: number, end: number): Segment | undefined {
    const inside = this.segments.filter((s) => s.start >= start && s.end <= end);
    return inside.length === 1 ? inside[0] : undefined;
  }

  private segmentAt(offset: number): Segment | undefined {
    this.place();
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.segments[mid] as Segment;
      if (offset < s.start - 1) hi = mid - 1;
      else if (offset > s.end) lo = mid + 1;
      else return s;
    }
    return undefined;
  }

  private placed = false;

  /** Find each segment's marker in the text, record its place and remove the markers. */
  private place(): void {
    if (this.placed) return;
    this.placed = true;
    const t = this.text;
    let out = '';
    let from = 0;
    for (;;) {
      const at = t.indexOf('\u0001', from);
      if (at < 0) break;
      const close = t.indexOf('\u0002', at);
      out += t.slice(from, at);
      const seg = this.segments[Number(t.slice(at + 1, close))];
      if (seg) {
        seg.start = out.length + seg.lead;
        seg.end = seg.start + seg.length;
      }
      from = close + 1;
    }
    this.text = out + t.slice(from);
  }
}

function shift(location: Location, row: CsvRow): void {
  const r = location.range;
  if (!r) return;
  const at = (p: typeof r.start): typeof r.start => ({
    offset: p.offset + row.start,
    line: row.line + p.line - 1,
    column: p.line === 1 ? row.column + p.column - 1 : p.column,
  });
  location.range = { start: at(r.start), end: at(r.end) };
}
