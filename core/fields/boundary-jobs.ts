/**
 * Boundary checks handed to worker threads (core/parallel/worker-pool.ts): the main thread keeps reading the document and
 * posts each field's boundary as plain data; a worker runs the same boundary pipeline (record-boundary.ts)
 * and answers with the diagnostics and the verdict. A worker has no document, so it places ranges by
 * offset only; the main thread gives them their lines and columns (`placeRanges`), and the diagnostics are
 * then those one thread writes.
 */

import type { Diagnostic, TextPosition } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import {
  checkRecordBoundary,
  type RecordBoundaryOptions,
  type RecordBoundaryResult,
} from '../boundary/record-boundary.ts';
import { SweepBuffers } from '../geometry/segment-index.ts';
import { stringOffsetMap } from './field-records.ts';
import type { FieldRecord } from '../records/field-record.ts';
import type { FeatureVerdict } from '../records/field-features.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import type { WorkerPool } from '../parallel/worker-pool.ts';
import { writeDecimal, type DecimalMark } from '../values/decimal-number.ts';

/** What a worker needs of a field record to check its boundary: plain data, no document. */
export interface BoundaryJob {
  record: Pick<FieldRecord, 'format' | 'row' | 'feature' | 'location' | 'label' | 'acres' | 'boundary'>;
  /** The boundary's JSON string as written (quotes included), only when escapes make it differ. */
  written?: string;
  /**
   * For a boundary that is its document's text as it stands (a .wkt line, a CSV cell): its first
   * character's offset.
   */
  offset?: number;
  /** With `offset`, a quoted CSV cell's doubled quotes: offsets in the value where `""` stands for `"`. */
  escapes?: readonly number[];
}

export interface BoundaryBatch {
  selection?: RuleSelection;
  acreageTolerance?: number;
  /** How the acreage fix writes a number (a CSV batch's decimal mark); default String(n). */
  decimalMark?: DecimalMark;
  /**
   * Send back each boundary's outline (`BoundaryVerdict.outline`): for a caller that compares boundaries
   * across records (a CSV batch's overlapping fields) or draws them.
   */
  outline?: boolean;
  jobs: BoundaryJob[];
}

/**
 * A boundary's checks without its parsed geometry (which stays in the worker: its spans are many) and its
 * text (the caller's); its polygons and lines when the batch asked for them.
 */
export interface BoundaryVerdict {
  diagnostics: Diagnostic[];
  result?: Omit<RecordBoundaryResult, 'geometry' | 'wkt'>;
  /** The parsed outline (polygons, type, lines), when the batch asked for it and the WKT parsed. */
  outline?: NonNullable<FeatureVerdict['geometry']>;
}

/** Where a boundary's text is: see `boundaryJob`. */
export type BoundarySource =
  { text: string; base: number } | number | { offset: number; escapes: readonly number[] | undefined };

/** Positions by offset only (line and column 0): the main thread places them (placeRanges). */
class OffsetsOnly extends LineIndex {
  constructor() {
    super('');
  }

  override position(offset: number): TextPosition {
    return { offset, line: 0, column: 0 };
  }
}
const offsetsOnly = new OffsetsOnly();

/**
 * The job of one record whose boundary is WKT text in a document: a string of a JSON document (`source`:
 * the document's text from offset `base` on, for escapes), the document's own text at offset `source`, or
 * a CSV cell's value at `offset` with its doubled quotes at `escapes`.
 */
function boundaryJob(record: FieldRecord, source: BoundarySource): BoundaryJob {
  const { format, row, location, label, acres } = record;
  const { mapOffset: _map, ...boundary } = record.boundary!;
  const job: BoundaryJob = { record: { format, row, location, label, boundary } };
  if (record.feature !== undefined) job.record.feature = record.feature;
  if (acres) {
    // Plain data only: a CSV cell's value maps its offsets with a function (the acres' are not needed).
    const { mapOffset: _acresMap, ...plainAcres } = acres;
    job.record.acres = plainAcres;
  }
  const span = boundary.span;
  if (typeof source === 'number') job.offset = source;
  else if ('offset' in source) {
    job.offset = source.offset;
    if (source.escapes && source.escapes.length > 0) job.escapes = source.escapes;
  } else if (
    span &&
    typeof boundary.value === 'string' &&
    boundary.value.length !== span.end - span.start - 2
  )
    job.written = source.text.slice(span.start - source.base, span.end - source.base);
  return job;
}

/**
 * In a worker: check each boundary of the batch as one thread does; `buffers`, the validity check's arrays,
 * kept by the worker from batch to batch.
 */
export function checkBoundaryBatch(
  batch: BoundaryBatch,
  buffers: SweepBuffers = new SweepBuffers(),
): BoundaryVerdict[] {
  return batch.jobs.map((job) => {
    const record: FieldRecord = { ...job.record, lines: offsetsOnly };
    const boundary = record.boundary;
    const offset = job.offset;
    const escapes = job.escapes;
    if (boundary && offset !== undefined)
      record.boundary = {
        ...boundary,
        mapOffset: escapes ? (o) => offset + o + escapesBefore(escapes, o) : (o) => offset + o,
      };
    else if (boundary?.span && typeof boundary.value === 'string') {
      const { start, end } = boundary.span;
      const written = job.written ?? '';
      record.boundary = {
        ...boundary,
        mapOffset: stringOffsetMap(written, { start, end, value: boundary.value }, start),
      };
    }
    return checkHere(record, batch, buffers);
  });
}

/** Doubled quotes before offset `o` of a cell's value (as cellOffset of core/csv counts them). */
function escapesBefore(escapes: readonly number[], o: number): number {
  let n = 0;
  for (const at of escapes) if (at < o) n++;
  return n;
}

/** On the main thread: the lines and columns of a worker's ranges, from the document's line index. */
function placeRanges(diagnostics: readonly Diagnostic[], lines: LineIndex): void {
  for (const d of diagnostics) {
    const range = d.location.range;
    if (range) d.location.range = lines.range(range.start.offset, range.end.offset);
    for (const r of d.related ?? []) {
      const inner = r.location.range;
      if (inner) r.location.range = lines.range(inner.start.offset, inner.end.offset);
    }
  }
}

/** The checks of one boundary, as a worker answers them (the geometry let go); in a worker or on this thread. */
function checkHere(
  record: FieldRecord,
  batch: Omit<BoundaryBatch, 'jobs'>,
  buffers: SweepBuffers,
): BoundaryVerdict {
  const collector = new DiagnosticCollector(batch.selection);
  const options: RecordBoundaryOptions = { buffers };
  if (batch.acreageTolerance !== undefined) options.acreageTolerance = batch.acreageTolerance;
  const mark = batch.decimalMark;
  if (mark) options.writeNumber = (n) => writeDecimal(n, mark);
  const checked = checkRecordBoundary(record, collector, options);
  const verdict: BoundaryVerdict = { diagnostics: collector.diagnostics };
  if (checked) {
    const { geometry, wkt: _wkt, ...result } = checked;
    verdict.result = result;
    // Only what a feature and the checks across records read of it: the spans stay in the worker.
    if (batch.outline && geometry)
      verdict.outline = { polygons: geometry.polygons, type: geometry.type, lines: geometry.lines };
  }
  return verdict;
}

/** Boundary text per batch posted to a worker: big enough that posting costs little against the checks. */
const BATCH_CHARS = 64 * 1024;
/**
 * Batches every worker has still to do before this thread checks the next boundaries itself (its share):
 * enough that a worker never waits for this thread to post more.
 */
const IN_FLIGHT_PER_WORKER = 2;
/** Items read ahead of the first not finished, at most (memory stays bounded whatever the workers do). */
const MAX_PENDING = 2048;

interface Pending<T> {
  item: T;
  /** Its boundary's checks once done; undefined when checked in its turn (none sent, or a worker failed). */
  verdict?: BoundaryVerdict;
  /** False while its batch is out on a worker; `ready` resolves when the answer (or a failure) came. */
  done: boolean;
  ready?: Promise<void>;
}

/**
 * Items of a document read in order, whose boundaries are checked on worker threads (or on this thread,
 * its share, while every worker is busy) as they are read, and finished in the order they were read
 * (`finish`, with the boundary's checks when they were made), so what the finishing reports is listed as
 * one thread lists it. Items without a boundary to send wait their turn too.
 */
export class BoundaryPipeline<T> {
  private readonly queue: Pending<T>[] = [];
  private batch: { jobs: BoundaryJob[]; entries: Pending<T>[]; lines: LineIndex[]; chars: number } = {
    jobs: [],
    entries: [],
    lines: [],
    chars: 0,
  };

  /** The validity check's arrays for the boundaries this thread checks itself. */
  private readonly buffers = new SweepBuffers();

  constructor(
    private readonly pool: WorkerPool,
    private readonly checks: Omit<BoundaryBatch, 'jobs'>,
    private readonly finish: (item: T, verdict: BoundaryVerdict | undefined) => void,
  ) {}

  /** Items read and not finished yet. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * An item whose record's boundary is WKT text of the document (see `boundaryJob` for `source`); `lines`
   * places the ranges of its diagnostics. Its boundary is checked now, on a worker or here.
   */
  add(item: T, record: FieldRecord, lines: LineIndex, source: BoundarySource): void {
    const entry: Pending<T> = { item, done: true };
    const wkt = record.boundary?.value;
    if (typeof wkt === 'string' && record.boundary?.kind === 'string' && wkt.trim() !== '') {
      if (this.pool.leastBusy >= IN_FLIGHT_PER_WORKER)
        entry.verdict = checkHere(record, this.checks, this.buffers);
      else {
        entry.done = false;
        this.batch.jobs.push(boundaryJob(record, source));
        this.batch.entries.push(entry);
        this.batch.lines.push(lines);
        this.batch.chars += wkt.length;
        if (this.batch.chars >= BATCH_CHARS) this.post();
      }
    }
    this.queue.push(entry);
  }

  /** An item with nothing to check on a worker: finished in its turn. */
  addPlain(item: T): void {
    this.queue.push({ item, done: true });
  }

  /** Send the batch being filled to a worker. */
  post(): void {
    const { jobs, entries, lines } = this.batch;
    if (jobs.length === 0) return;
    this.batch = { jobs: [], entries: [], lines: [], chars: 0 };
    const ready = this.pool.run({ ...this.checks, jobs } satisfies BoundaryBatch).then(
      (reply) => {
        const verdicts = reply as BoundaryVerdict[];
        entries.forEach((entry, i) => {
          const verdict = verdicts[i];
          if (verdict) {
            placeRanges(verdict.diagnostics, lines[i]!);
            entry.verdict = verdict;
          }
          entry.done = true;
        });
      },
      () => {
        // A worker that failed: its boundaries are checked here in their turn.
        for (const entry of entries) entry.done = true;
      },
    );
    for (const entry of entries) entry.ready = ready;
  }

  /**
   * Finish the items whose boundaries are back, in order (posting the batch being filled first); with
   * `all`, wait for every one, else only while more than MAX_PENDING wait.
   */
  async settle(all: boolean): Promise<void> {
    this.post();
    for (;;) {
      const head = this.finishDone();
      if (!head || (!all && this.queue.length <= MAX_PENDING)) return;
      await head.ready;
    }
  }

  /**
   * Finish the items at the head whose checks are done (nothing posted, nothing waited for), so a reader
   * that calls it after each item holds only those behind one still out.
   */
  finishReady(): void {
    this.finishDone();
  }

  /** finishReady; the oldest item left, if any. */
  private finishDone(): Pending<T> | undefined {
    let head = this.queue[0];
    let finished = 0;
    while (head?.done) {
      this.finish(head.item, head.verdict);
      head = this.queue[++finished];
    }
    if (finished > 0) this.queue.splice(0, finished);
    return head;
  }

  /** The oldest item not finished. */
  get first(): T | undefined {
    return this.queue[0]?.item;
  }
}
