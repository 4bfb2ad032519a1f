import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { checkFieldUploadBoundary } from '../boundary/field-upload-boundary.ts';
import type { RecordBoundaryOptions, RecordBoundaryResult } from '../boundary/record-boundary.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import { fieldFeature } from '../records/field-features.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { itemRules, recordsRules, uploadRules } from '../rules/field-upload/index.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { fieldRecordsFromUpload } from './field-records.ts';

export { stringOffsetMap } from './field-records.ts';

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

/** Does this JSON look like a field upload (FieldsWithBoundaryAndHierarchy)? */
export function isFieldUploadDocument(root: JsonNode): boolean {
  if (root.kind !== 'object') return false;
  return root.properties.some((p) => p.key === 'fields');
}

/**
 * Check field records from any source: the rules across records (duplicates), then each record's rules and
 * its boundary. Takes any iterable, so records can stream in.
 */
export function checkFieldRecords(
  records: Iterable<FieldRecord>,
  collector: DiagnosticCollector,
  options: CheckFieldUploadOptions = {},
): CheckedField[] {
  const list = Array.isArray(records) ? (records as FieldRecord[]) : [...records];
  for (const rule of recordsRules) collector.run(rule, list);
  const checkBoundary =
    options.checkBoundary === undefined ? checkFieldUploadBoundary : options.checkBoundary;
  const boundaryOptions: RecordBoundaryOptions =
    options.acreageTolerance === undefined ? {} : { acreageTolerance: options.acreageTolerance };
  return list.map((record) => {
    for (const rule of itemRules) collector.run(rule, record);
    const checked: CheckedField = { record };
    if (checkBoundary) {
      const result = checkBoundary(record, collector, boundaryOptions);
      if (result) checked.boundary = result;
    }
    return checked;
  });
}

export function checkFieldUploadDocument(
  root: JsonNode,
  lines: LineIndex,
  collector: DiagnosticCollector,
  options: CheckFieldUploadOptions = {},
): CheckedField[] {
  const subject = { node: root, path: [], lines };
  for (const rule of uploadRules) collector.run(rule, subject);
  return checkFieldRecords(fieldRecordsFromUpload(root, lines), collector, options);
}

/**
 * The report's features for checked fields: one per field record (`Location.feature` of their diagnostics
 * indexes this list), the boundary as parsed (null when it did not parse or is missing).
 */
export function fieldUploadFeatures(checked: readonly CheckedField[]): GeoJsonFeature[] {
  return checked.map(({ record, boundary }) => fieldFeature(record, boundary));
}

/** Check a POST /v2/fields body given as text (the sandbox uses this). */
export function checkFieldUploadText(text: string, options: CheckFieldUploadOptions = {}): Diagnostic[] {
  const read = readJson(text, options.selection);
  if (!read.root) return read.diagnostics;
  const collector = new DiagnosticCollector(options.selection);
  checkFieldUploadDocument(read.root, read.lines, collector, options);
  return collector.diagnostics;
}
