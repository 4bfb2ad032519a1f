import { settleEditTexts, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode, JsonSyntaxError } from '../json/json-document.ts';
import { JsonItemReader, type JsonItemEvent } from '../json/json-item-reader.ts';
import { reportJsonSyntax } from '../json/read-json.ts';
import { checkFieldUploadBoundary } from '../boundary/field-upload-boundary.ts';
import type { RecordBoundaryOptions, RecordBoundaryResult } from '../boundary/record-boundary.ts';
import { SweepBuffers } from '../geometry/segment-index.ts';
import { BoundaryPipeline, type BoundaryBatch, type BoundaryVerdict } from './boundary-jobs.ts';
import type { WorkerPool } from '../parallel/worker-pool.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import { fieldFeature, keepBatchField, type FeatureVerdict } from '../records/field-features.ts';
import type { BatchGeometry } from '../input/batch-geometry.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { DuplicateFieldTracker, duplicateField } from '../rules/field-upload/duplicate-field.ts';
import { fieldsArray } from '../rules/field-upload/fields-array.ts';
import { itemRules } from '../rules/field-upload/index.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { fieldRecordFromJson } from './field-records.ts';
import { fieldUploadRecord, notAFieldRecord } from './field-upload-records.ts';
import type { KindRecord } from '../records/submit-record.ts';

export interface CheckFieldUploadOptions {
  selection?: RuleSelection;
  /**
   * Deep checks of one boundary (WKT syntax, validity, WGS 84, acreage, service limits). Defaults to the
   * boundary pipeline (core/boundary); `false` checks the upload's structure only.
   */
  checkBoundary?:
    | ((
        record: FieldRecord,
        collector: DiagnosticCollector,
        options: RecordBoundaryOptions,
      ) => RecordBoundaryResult | undefined | void)
    | false;
  acreageTolerance?: number;
}

/** One checked field: its record and what the boundary checks found (absent when not checked). */
export interface CheckedField {
  record: FieldRecord;
  boundary?: RecordBoundaryResult;
}

/**
 * The checks of field records from any source, one record at a time, so they can stream in (a CSV read
 * row by row, a JSON upload read item by item): each record's rules and boundary, and the rules across
 * records (duplicates) with only a key per distinct field kept.
 */
class FieldRecordChecks {
  private readonly duplicates: DuplicateFieldTracker | undefined;
  private readonly checkBoundary: Exclude<CheckFieldUploadOptions['checkBoundary'], undefined>;
  private readonly boundaryOptions: RecordBoundaryOptions;

  constructor(
    private readonly collector: DiagnosticCollector,
    options: CheckFieldUploadOptions = {},
  ) {
    this.duplicates = collector.isEnabled(duplicateField)
      ? new DuplicateFieldTracker(collector.contextFor(duplicateField))
      : undefined;
    this.checkBoundary =
      options.checkBoundary === undefined ? checkFieldUploadBoundary : options.checkBoundary;
    // One set of the validity check's arrays for every boundary checked here, one after another.
    this.boundaryOptions = { buffers: new SweepBuffers() };
    if (options.acreageTolerance !== undefined)
      this.boundaryOptions.acreageTolerance = options.acreageTolerance;
  }

  /** `boundary`: its boundary's checks, already run (on a worker thread), in the order they reported. */
  check(record: FieldRecord, boundary?: BoundaryVerdict): CheckedField {
    this.duplicates?.add(record);
    for (const rule of itemRules) this.collector.run(rule, record);
    const field: CheckedField = { record };
    if (boundary) {
      const list = this.collector.diagnostics;
      for (const d of boundary.diagnostics) list.push(d);
      if (boundary.result) field.boundary = { ...boundary.result, wkt: String(record.boundary?.value) };
    } else if (this.checkBoundary) {
      const result = this.checkBoundary(record, this.collector, this.boundaryOptions);
      if (result) field.boundary = result;
    }
    return field;
  }
}

/** Check field records from any source in one pass (see FieldRecordChecks); every checked field. */
export function checkFieldRecords(
  records: Iterable<FieldRecord>,
  collector: DiagnosticCollector,
  options: CheckFieldUploadOptions = {},
): CheckedField[] {
  const checks = new FieldRecordChecks(collector, options);
  const checked: CheckedField[] = [];
  for (const record of records) checked.push(checks.check(record));
  return checked;
}

/** Does this JSON look like a field upload (FieldsWithBoundaryAndHierarchy)? */
export function isFieldUploadDocument(root: JsonNode): boolean {
  if (root.kind !== 'object') return false;
  return root.properties.some((p) => p.key === 'fields');
}

export interface FieldUploadReadOptions extends CheckFieldUploadOptions {
  /** Keep each field's GeoJSON feature (default true). */
  features?: boolean;
  /**
   * Read as a field upload whatever the document is (`--kind field-upload`): a document without "fields"
   * is then reported (FU001) instead of handed back as `other`.
   */
  forced?: boolean;
  /**
   * Hand each record's diagnostics over as soon as it is checked (a streamed read: none is held until the
   * end); the outcome then holds only those found after the last record.
   */
  emit?: (diagnostics: Diagnostic[]) => void;
  /** Return each item of "fields" as the record it stands for (field-upload-records.ts); not with `emit`. */
  submitRecords?: boolean;
  /** Where each checked field's boundary goes for the checks across files (core/cross-file). */
  batchGeometry?: BatchGeometry;
  /**
   * Worker threads that check the boundaries while this one reads (text pushed in parts, with turns of the
   * event loop between them for the answers; not with a `checkBoundary` of its own, which runs here). They
   * send each boundary's polygons back when features or batch geometry are kept. Diagnostics come out as one
   * thread lists them.
   */
  pool?: WorkerPool;
}

/** An event of the reader waiting for its turn (its item's boundary may be out on a worker). */
interface PendingEvent {
  event: JsonItemEvent;
  /** The reader's window when the event came (escaped strings map into it). */
  window: { text: string; base: number };
  /** An object item's record, made when it was read. */
  record?: FieldRecord;
}

/** What reading a JSON document as a field upload gave. */
export type FieldUploadOutcome =
  | {
      type: 'upload';
      diagnostics: Diagnostic[];
      features?: GeoJsonFeature[];
      records: number;
      /** When asked for: each item's record, with the indexes of its diagnostics. */
      submitRecords?: KindRecord[];
    }
  /** Not valid JSON (or empty): the one JS001 diagnostic, as for any JSON file. */
  | { type: 'unreadable'; diagnostics: Diagnostic[] }
  /**
   * Another JSON document (no "fields"): its root and whole text, for the other shapes' checks. Given
   * only when not forced.
   */
  | { type: 'other'; root: JsonNode; text: string };

/**
 * A field upload read from JSON text as it arrives (whole, or in chunks of a stream): push text, take
 * what it found at the end. Each item of "fields" is checked as soon as it is read and let go; across
 * items only the duplicate keys are kept. Diagnostics are listed in the order they are found, which is
 * the document's (an item that is not an object where it is; the array as a whole after its items), the
 * same whether the text is given whole or streamed, so a streamed read can hand them over as it goes.
 */
class FieldUploadReader {
  private readonly reader = new JsonItemReader('fields');
  private readonly collector: DiagnosticCollector;
  private readonly checks: FieldRecordChecks;
  private readonly features: GeoJsonFeature[] | undefined;
  private outcome: FieldUploadOutcome | undefined;
  /** The last "fields" that was not an array (reported when no array follows). */
  private fieldsValue: JsonNode | undefined;
  /** Items of the last "fields" array read, once one was (a later "fields" is then a repeat). */
  private streamedCount: number | undefined;
  /** Records checked so far (object items of "fields"). */
  records = 0;
  /** Each item's record, when asked for (never while diagnostics are handed over: they index the list). */
  private readonly submitRecords: KindRecord[] | undefined;
  /** With workers (see FieldUploadReadOptions.pool): events wait here for their items' boundaries. */
  private readonly pipeline: BoundaryPipeline<PendingEvent> | undefined;
  /** The document's last event was queued (read on no further). */
  private sawEnd = false;

  constructor(private readonly options: FieldUploadReadOptions = {}) {
    this.collector = new DiagnosticCollector(options.selection);
    this.checks = new FieldRecordChecks(this.collector, options);
    if (options.features !== false) this.features = [];
    if (options.submitRecords && !options.emit) this.submitRecords = [];
    if (options.pool && options.checkBoundary === undefined) {
      const checks: Omit<BoundaryBatch, 'jobs'> = {};
      if (options.features !== false || options.batchGeometry) checks.outline = true;
      if (options.selection) checks.selection = options.selection;
      if (options.acreageTolerance !== undefined) checks.acreageTolerance = options.acreageTolerance;
      this.pipeline = new BoundaryPipeline(options.pool, checks, (pending, verdict) => {
        const event = pending.event;
        if (event.type === 'item' && pending.record)
          this.checkItem(event.node, event.index, pending.window, pending.record, verdict);
        else this.handle(event, pending.window);
      });
    }
  }

  /** Check what the text pushed so far holds; true once the document is done (read to its end). */
  push(chunk: string): boolean {
    this.reader.push(chunk);
    return this.drain();
  }

  /** The text is all there: the outcome. */
  end(): FieldUploadOutcome {
    this.reader.end();
    this.drain();
    if (!this.outcome) throw new Error('the JSON reader ended without an outcome');
    return this.outcome;
  }

  /**
   * With workers: the text is all there; finish every event in order once its boundaries came back.
   */
  async endAll(): Promise<FieldUploadOutcome> {
    if (!this.pipeline) return this.end();
    this.reader.end();
    this.drain();
    await this.settle(true);
    if (!this.outcome) throw new Error('the JSON reader ended without an outcome');
    return this.outcome;
  }

  /** With workers: finish the events whose boundaries are back, in order (all of them with `all`). */
  async settle(all: boolean): Promise<void> {
    if (!this.pipeline) return;
    await this.pipeline.settle(all);
    this.reader.keepLinesFrom = this.pipeline.first?.window.base;
  }

  private drain(): boolean {
    if (this.outcome || this.sawEnd) return true;
    if (this.pipeline) {
      for (let event = this.reader.next(); event; event = this.reader.next())
        if (this.enqueue(this.pipeline, event)) break;
      this.pipeline.post();
      return this.sawEnd;
    }
    for (let event = this.reader.next(); event; event = this.reader.next())
      if (this.handle(event, this.reader.window)) return true;
    return false;
  }

  /** Queue an event; an object item's record is made now and its boundary sent (or checked here). */
  private enqueue(pipeline: BoundaryPipeline<PendingEvent>, event: JsonItemEvent): boolean {
    const pending: PendingEvent = { event, window: this.reader.window };
    if (event.type === 'item' && event.node.kind === 'object') {
      const lines = this.reader.lines;
      pending.record = fieldRecordFromJson(event.node, lines, event.index, this.records++, pending.window);
      pipeline.add(pending, pending.record, lines, pending.window);
    } else pipeline.addPlain(pending);
    this.sawEnd = event.type === 'end' || event.type === 'empty' || event.type === 'error';
    return this.sawEnd;
  }

  /** One event of the reader; true once the document is done. */
  private handle(event: JsonItemEvent, window: { text: string; base: number }): boolean {
    const lines = this.reader.lines;
    switch (event.type) {
      case 'item':
        this.checkItem(event.node, event.index, window);
        break;
      case 'property': {
        const { key, keyStart, keyEnd, value } = event.property;
        if (key !== 'fields') break;
        if (this.streamedCount === undefined) {
          this.fieldsValue = value;
          break;
        }
        // "fields" again after the streamed array: JSON readers (the service's too) keep the last
        // one, so it is said, and the later value is checked as the upload.
        this.collector.run(fieldsArray, {
          part: 'repeated',
          key: { start: keyStart, end: keyEnd },
          count: this.streamedCount,
          lines,
        });
        const count = value.kind === 'array' ? value.items.length : 0;
        this.collector.run(fieldsArray, { part: 'fields', node: value, count, lines });
        if (value.kind === 'array') value.items.forEach((item, index) => this.checkItem(item, index, window));
        this.streamedCount = count;
        break;
      }
      case 'array-end':
        this.streamedCount = event.count;
        this.collector.run(fieldsArray, {
          part: 'fields',
          node: event.property.value,
          count: event.count,
          lines,
        });
        break;
      case 'array-start':
        break;
      case 'end':
        this.finish(event.root, event.text);
        return true;
      case 'empty':
      case 'error':
        this.outcome = { type: 'unreadable', diagnostics: syntaxDiagnostics(event, lines, this.options) };
        return true;
    }
    return false;
  }

  /** `record` and `boundary`: made and checked when the item was read (see `enqueue`). */
  private checkItem(
    node: JsonNode,
    index: number,
    window: { text: string; base: number },
    record?: FieldRecord,
    boundary?: BoundaryVerdict,
  ): void {
    const lines = this.reader.lines;
    const first = this.collector.diagnostics.length;
    this.collector.run(fieldsArray, { part: 'item', node, index, lines });
    if (node.kind !== 'object') {
      this.submitRecords?.push(this.withDiagnostics(notAFieldRecord(index + 1), first));
      return;
    }
    record ??= fieldRecordFromJson(node, lines, index, this.records++, window);
    const checked = this.checks.check(record, boundary);
    this.submitRecords?.push(this.withDiagnostics(fieldUploadRecord(checked.record), first));
    // A boundary checked on a worker: its polygons came back beside its verdict.
    const shape: FeatureVerdict | undefined =
      checked.boundary && boundary?.outline
        ? { ...checked.boundary, geometry: boundary.outline }
        : checked.boundary;
    this.features?.push(fieldFeature(checked.record, shape));
    keepBatchField(this.options.batchGeometry, checked.record, shape);
    const emit = this.options.emit;
    if (emit) {
      const found = this.collector.take();
      // The window goes as the stream moves on: an edit keeping parts of it reads them now.
      for (const d of found) settleEditTexts(d, window.text, window.base);
      if (found.length > 0) emit(found);
    }
  }

  /** The record with the diagnostics found since `first` (those of its item). */
  private withDiagnostics(record: KindRecord, first: number): KindRecord {
    const last = this.collector.diagnostics.length;
    for (let i = first; i < last; i++) record.diagnostics.push(i);
    return record;
  }

  private finish(root: JsonNode, text: string | undefined): void {
    const lines = this.reader.lines;
    if (!this.reader.streaming) {
      const upload = this.fieldsValue !== undefined || this.options.forced;
      if (!upload) {
        this.outcome = { type: 'other', root, text: text ?? '' };
        return;
      }
      if (root.kind !== 'object') this.collector.run(fieldsArray, { part: 'root', node: root, lines });
      else if (this.fieldsValue)
        this.collector.run(fieldsArray, { part: 'fields', node: this.fieldsValue, count: 0, lines });
      else this.collector.run(fieldsArray, { part: 'no-fields', root, lines });
    }
    const outcome: FieldUploadOutcome = {
      type: 'upload',
      diagnostics: this.collector.diagnostics,
      records: this.records,
    };
    if (this.features) outcome.features = this.features;
    if (this.submitRecords) outcome.submitRecords = this.submitRecords;
    this.outcome = outcome;
  }
}

function syntaxDiagnostics(
  event: { type: 'empty' } | { type: 'error'; error: JsonSyntaxError },
  lines: LineIndex,
  options: FieldUploadReadOptions,
): Diagnostic[] {
  const collector = new DiagnosticCollector(options.selection);
  reportJsonSyntax(collector, lines, event.type === 'error' ? event.error : undefined);
  return collector.diagnostics;
}

/** Read a field upload given whole as text (see FieldUploadReader). */
export function readFieldUploadText(text: string, options: FieldUploadReadOptions = {}): FieldUploadOutcome {
  const reader = new FieldUploadReader(options);
  reader.push(text);
  return reader.end();
}

/** What a streamed read reports as it goes. */
export interface FieldUploadStreamHooks {
  /** After every few items: text units read and records checked so far. */
  progress?: (read: { units: number; records: number }) => void;
  /** Resolves after the event loop had a turn; awaited between chunks. */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}

/** Read a field upload from chunks of text (a decoded stream); undefined when aborted. */
export async function readFieldUploadStream(
  chunks: AsyncIterable<string>,
  options: FieldUploadReadOptions = {},
  hooks: FieldUploadStreamHooks = {},
): Promise<FieldUploadOutcome | undefined> {
  const reader = new FieldUploadReader(options);
  let units = 0;
  for await (const chunk of chunks) {
    units += chunk.length;
    const done = reader.push(chunk);
    await reader.settle(false);
    if (done) break;
    hooks.progress?.({ units, records: reader.records });
    if (hooks.pause) await hooks.pause();
    if (hooks.signal?.aborted) return undefined;
  }
  return reader.endAll();
}

/** Check a POST /v2/fields body given as text (the sandbox uses this). */
export function checkFieldUploadText(text: string, options: CheckFieldUploadOptions = {}): Diagnostic[] {
  const outcome = readFieldUploadText(text, { ...options, features: false, forced: true });
  return outcome.type === 'other' ? [] : outcome.diagnostics;
}
