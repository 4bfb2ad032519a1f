/**
 * The boundary checks for field upload items, in the shape the field-upload checks take
 * (CheckFieldUploadOptions['checkBoundary'] in core/fields/check-field-upload.ts):
 *
 *   checkFieldUploadText(text, { checkBoundary: checkFieldUploadBoundary })
 *
 * The record's boundary value carries the map from WKT offsets to document offsets (through any escapes of
 * the JSON string), so every range lands on the document's own characters.
 */

import type { FieldRecord } from '../records/field-record.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import {
  checkRecordBoundary,
  type RecordBoundaryOptions,
  type RecordBoundaryResult,
} from './record-boundary.ts';

export function checkFieldUploadBoundary(
  record: FieldRecord,
  collector: DiagnosticCollector,
  options: RecordBoundaryOptions = {},
): RecordBoundaryResult | undefined {
  return checkRecordBoundary(record, collector, options);
}
