/**
 * Fieldgate core: pure validation, fixing and preparation of data for the partner service.
 * No Node built-ins, no side effects at import; I/O is passed in.
 */
export {
  compareSeverity,
  countBySeverity,
  editText,
  hasErrors,
  sortDiagnostics,
  type ArtifactFix,
  type Diagnostic,
  type DiagnosticCounts,
  type EditsFix,
  type Fix,
  type FixBase,
  type FixSafety,
  type Location,
  type PathSegment,
  type RelatedLocation,
  type RuleCode,
  type Severity,
  type TextEdit,
  type TextPosition,
  type TextRange,
} from './diagnostics/diagnostic.ts';
export type { ReportDescriptor, Rule, RuleContext, RuleDocs, RuleMeta } from './rules/rule.ts';
export * from './rules/selection.ts';
export { allRules, findRule, ruleGroups } from './rules/registry.ts';
export { parseJson, type JsonNode, type JsonValue } from './json/json-document.ts';
export { readJson } from './json/read-json.ts';
export { checkSampleDate } from './rules/sample-date/check-sample-date.ts';
export { formatSampleDate } from './rules/sample-date/sample-date-subject.ts';
export { checkTemporalEntityText } from './rules/temporal-entity/check-temporal-entity.ts';
export { checkServiceRequest, checkRequestDocument } from './requests/check-request.ts';
export type { ServiceRequest } from './requests/request-subject.ts';
export { checkFieldUploadText } from './fields/check-field-upload.ts';
export { isUuid, canonicalUuid } from './values/uuid.ts';
export { formatCount } from './values/format-count.ts';
export {
  isStreamed,
  summaryJson,
  type CheckedFileReport,
  type FileKind,
  type FileReport,
  type FixResult,
  type InputFile,
  type KindCapabilities,
  type KindInfo,
  type KindProgress,
  type SourceFile,
  type StatementFixer,
  type StatementToFix,
  type StreamFixResult,
  type StreamedFile,
  type ValidateOptions,
  READ_FILE_EXTENSIONS,
} from './input/file-kind.ts';
export type * from './input/kind-summary.ts';
export { fileKinds, detectFileKind, fileKindById } from './formats/registry.ts';
export { describeLocation, formatPath } from './report/describe-location.ts';
export { validate, fix, runEngine, resolveOptions } from './engine/every-kind.ts';
export {
  EngineOptionsError,
  STREAM_ABOVE_BYTES,
  type EngineInput,
  type EngineSource,
  type EngineOptions,
  type EngineEvent,
  type RunOptions,
  type FixOutcome,
} from './engine/engine.ts';
export { MAX_FIX_PASSES, type DiagnosticRef, type FixSelection } from './engine/fix-loop.ts';
export type { PoolEnvelope, PoolWorker, WorkerFactory } from './parallel/worker-pool.ts';
export { LongLivedPool, type LongLivedPoolOptions } from './parallel/long-lived-pool.ts';
export { defaultJobs } from './parallel/default-jobs.ts';
export {
  REPORT_VERSION,
  emptyReport,
  reportHasErrors,
  type AppliedFix,
  type FileFixes,
  type FileResult,
  type NotAppliedFix,
  type Report,
  type ReportedDiagnostic,
  type Unreadable,
  type Written,
} from './engine/report.ts';
export { checkSettings, describeSettings, settingSpecs, settingsFor } from './engine/every-kind.ts';
export type { SettingSpec, SettingProblem, SettingsCheck } from './engine/settings.ts';
export type { DetectedAs, KindDetection } from './formats/detect-kind.ts';
export { kindCatalogue } from './formats/registry.ts';
export { decodeText, encodeText, sniffTextEncoding, type DecodedText } from './input/text-decoding.ts';
export {
  isFieldFeature,
  isZoneFeature,
  type FeatureProperties,
  type FieldFeatureProperties,
  type GeoJsonFeature,
  type GeoJsonFeatureCollection,
  type GeoJsonGeometry,
  type SampleFeatureProperties,
  type ZoneFeatureProperties,
} from './geojson/geojson.ts';
export {
  createReportJsonWriter,
  reportToJson,
  type ReportJsonWriter,
  type TextSpool,
} from './engine/report-json.ts';
export * from './client/index.ts';
export { describeCrs } from './crs/identify-crs.ts';
export {
  convertBoundaries,
  type ConvertBoundariesOptions,
  type ConvertBoundariesResult,
} from './boundary/convert-boundaries.ts';
export { FIELD_TARGETS, type FieldTarget } from './boundary/field-attributes.ts';
export { toUploadCsv, toUploadJson } from './boundary/field-output.ts';
export { BOUNDARY_FORMATS, type BoundaryFormat } from './boundary/import-boundaries.ts';
export { batchTemplate, batchKindIds, type TemplateOptions } from './csv/csv-template.ts';
export {
  problemsCsv,
  problemsCsvBytes,
  problemsCsvFormat,
  problemsCsvRows,
  PROBLEMS_CSV_HEADER,
  type ReportFileLike,
} from './report/problems-csv.ts';
export {
  DEFAULT_SPREADSHEET_FORMAT,
  spreadsheetCsvBytes,
  spreadsheetCsvText,
  spreadsheetFormatFor,
  type SpreadsheetCsvFormat,
  type SpreadsheetCsvOptions,
  type SpreadsheetDelimiter,
} from './report/spreadsheet-csv.ts';
export { readValuesAt } from './report/values-from-stream.ts';
export { htmlReport } from './report/html-report.ts';
export { csvSafeCell, defuseFormula } from './report/safe-cell.ts';
export { validateCsvBatch, type CsvBatchOptions, type CsvBatchResult } from './csv/csv-batch.ts';
export {
  CsvStreamReader,
  bytesToStream,
  tokenizeCsv,
  type CsvDelimiter,
  type CsvRow,
  type CsvCell,
} from './csv/csv-reader.ts';
export { batchKinds, batchKindById, type BatchKind, type BatchKindId } from './csv/batch-kinds.ts';
export { parseCsvMapping, type CsvMapping } from './csv/csv-mapping.ts';
export {
  suggestColumns,
  suggestedMapping,
  headerSetKey,
  rowsAsMapped,
  columnContent,
  CONTENT_WORDS,
  type ColumnContent,
  type ColumnSuggestion,
  type SourceColumn,
} from './csv/column-suggestions.ts';
export { parseCsvDelimiter } from './csv/csv-options.ts';
export { parseCsvEncoding, type CsvEncoding } from './csv/csv-encoding.ts';
export { decodeWindows1252, encodeWindows1252 } from './values/windows-1252.ts';
export { applyCsvRowChanges, type CsvRowChange, type CsvEditResult } from './csv/csv-edits.ts';
export { applyLineChanges, type LineChange } from './input/byte-edits.ts';
export type {
  FileReference,
  KindRecord,
  RecordAction,
  RecordType,
  SubmitRecord,
} from './records/submit-record.ts';
export type { ServiceOperation, UploadCall } from './records/service-operation.ts';
export {
  readDecimal,
  writeDecimal,
  type DecimalMark,
  type DecimalNumber,
  type DecimalReading,
} from './values/decimal-number.ts';
export * from './batch/index.ts';
// The checks across the files of one batch, for callers that check files one at a time (the app).
export {
  acrossFilesApply,
  checkAcrossFiles,
  type AcrossFilesOptions,
  type FileGeometry,
} from './cross-file/check-across-files.ts';
export type { BatchField, BatchGeometry, BatchSample, BatchZone } from './input/batch-geometry.ts';
