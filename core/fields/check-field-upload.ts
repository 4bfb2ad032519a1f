import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonNode } from '../json/json-document.ts';
import { readJson } from '../json/read-json.ts';
import { checkFieldUploadBoundary } from '../boundary/field-upload-boundary.ts';
import type { RecordBoundaryOptions, RecordBoundaryResult } from '../boundary/record-boundary.ts';
import type { GeoJsonFeature } from '../geojson/geojson.ts';
import { fieldFeature } from '../records/field-features.ts';
import type { FieldRecord } from '../records/field-record.ts';
import { DuplicateFieldTracker, duplicateField } from '../rules/field-upload/duplicate-field.ts';
import { itemRules, uploadRules } from '../rules/field-upload/index.ts';
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
 * Check field records from any source, one pass over them, so they can stream in (a CSV read row by row):
 * each record's rules and boundary, and the rules across records (duplicates) as each arrives.
 */
export function checkFieldRecords(
  records: Iterable<FieldRecord>,
  collector: DiagnosticCollector,
  options: CheckFieldUploadOptions = {},
): CheckedField[] {
  const duplicates = collector.isEnabled(duplicateField)
    ? new DuplicateFieldTracker(collector.contextFor(duplicateField))
    : undefined;
  const checkBoundary =
    options.checkBoundary === undefined ? checkFieldUploadBoundary : options.checkBoundary;
  const boundaryOptions: RecordBoundaryOptions =
    options.acreageTolerance === undefined ? {} : { acreageTolerance: options.acreageTolerance };
  const checked: CheckedField[] = [];
  for (const record of records) {
    duplicates?.add(record);
    for (const rule of itemRules) collector.run(rule, record);
    const field: CheckedField = { record };
    if (checkBoundary) {
      const result = checkBoundary(record, collector, boundaryOptions);
      if (result) field.boundary = result;
    }
    checked.push(field);
  }
  return checked;
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
