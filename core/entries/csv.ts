/**
 * `fieldgate/csv`: CSV batches on their own: read a CSV as a stream of rows, check a batch of fields,
 * enrollments or soil tests as `validate` does, and the templates and mappings, without the engine.
 */
// A fix edit's text (an edit may keep parts of the checked text instead of holding its own: TextEdit).
export { editText, type TextEdit } from '../diagnostics/diagnostic.ts';
export { validateCsvBatch, type CsvBatchOptions, type CsvBatchResult } from '../csv/csv-batch.ts';
export {
  CsvStreamReader,
  bytesToStream,
  tokenizeCsv,
  type CsvCell,
  type CsvDelimiter,
  type CsvRow,
} from '../csv/csv-reader.ts';
export { batchKinds, batchKindById, type BatchKind, type BatchKindId } from '../csv/batch-kinds.ts';
export { batchTemplate, type TemplateOptions } from '../csv/csv-template.ts';
export { parseCsvMapping, type CsvMapping } from '../csv/csv-mapping.ts';
