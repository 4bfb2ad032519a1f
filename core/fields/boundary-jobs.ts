/**
 * Boundary checks handed to worker threads (core/parallel/worker-pool.ts): the main thread keeps reading the document and
 * posts each field's boundary as plain data; a worker runs the same boundary pipeline (record-boundary.ts)
 * and answers with the diagnostics and the verdict. A worker has no document, so it places ranges by
 * offset only; the main thread gives them their lines and columns (`placeRanges`), and the diagnostics are
 * then those one thread writes.
 */

import type { Diagnostic, TextPosition } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import { checkRecordBoundary, type RecordBoundaryResult } from '../boundary/record-boundary.ts';
import { stringOffsetMap } from './field-records.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';

/** What a worker needs of a field record to check its boundary: plain data, no document. */
export interface BoundaryJob {
  record: Pick<FieldRecord, 'format' | 'row' | 'feature' | 'location' | 'label' | 'acres' | 'boundary'>;
  /** The boundary's JSON string as written (quotes included), only when escapes make it differ. */
  written?: string;
}

export interface BoundaryBatch {
  selection?: RuleSelection;
  acreageTolerance?: number;
  jobs: BoundaryJob[];
}

/** A boundary's checks without its geometry (which stays in the worker) and its text (the caller's). */
export interface BoundaryVerdict {
  diagnostics: Diagnostic[];
  result?: Omit<RecordBoundaryResult, 'geometry' | 'wkt'>;
}

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

/** The job of one record whose boundary is a string of a JSON document (`text` from offset `base` on). */
export function boundaryJob(record: FieldRecord, window: { text: string; base: number }): BoundaryJob {
  const { format, row, location, label, acres } = record;
  const { mapOffset: _map, ...boundary } = record.boundary!;
  const job: BoundaryJob = { record: { format, row, location, label, boundary } };
  if (record.feature !== undefined) job.record.feature = record.feature;
  if (acres) job.record.acres = acres;
  const span = boundary.span;
  if (span && typeof boundary.value === 'string' && boundary.value.length !== span.end - span.start - 2)
    job.written = window.text.slice(span.start - window.base, span.end - window.base);
  return job;
}

/** In a worker: check each boundary of the batch as one thread does. */
export function checkBoundaryBatch(batch: BoundaryBatch): BoundaryVerdict[] {
  const options = batch.acreageTolerance === undefined ? {} : { acreageTolerance: batch.acreageTolerance };
  return batch.jobs.map((job) => {
    const collector = new DiagnosticCollector(batch.selection);
    const record: FieldRecord = { ...job.record, lines: offsetsOnly };
    const boundary = record.boundary;
    if (boundary?.span && typeof boundary.value === 'string') {
      const { start, end } = boundary.span;
      const written = job.written ?? '';
      record.boundary = {
        ...boundary,
        mapOffset: stringOffsetMap(written, { start, end, value: boundary.value }, start),
      };
    }
    const checked = checkRecordBoundary(record, collector, options);
    const verdict: BoundaryVerdict = { diagnostics: collector.diagnostics };
    if (checked) {
      const { geometry: _geometry, wkt: _wkt, ...result } = checked;
      verdict.result = result;
    }
    return verdict;
  });
}

/** On the main thread: the lines and columns of a worker's ranges, from the document's line index. */
export function placeRanges(diagnostics: readonly Diagnostic[], lines: LineIndex): void {
  for (const d of diagnostics) {
    const range = d.location.range;
    if (range) d.location.range = lines.range(range.start.offset, range.end.offset);
    for (const r of d.related ?? []) {
      const inner = r.location.range;
      if (inner) r.location.range = lines.range(inner.start.offset, inner.end.offset);
    }
  }
}
