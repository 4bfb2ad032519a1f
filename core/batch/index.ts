/** Submitting batches exactly once: rows → plan → runner (journaled) → results. */
export {
  operationOfRequest,
  rowFromFieldRecord,
  rowFromRequestRecord,
  rowOfDiagnostic,
  rowsFromFieldUpload,
  rowsFromRequestDocument,
  uploadFieldOf,
  type BatchOperation,
  type BatchRow,
  type BatchRowsRead,
  type RowDiagnostic,
  type UploadField,
} from './batch-rows.ts';
export {
  BATCH_EXPERIMENT_ID,
  FIELDS_PER_UPLOAD,
  planBatch,
  type BatchPlan,
  type PlanOptions,
  type PlanResult,
  type PlannedRow,
  type PlanStep,
} from './plan.ts';
export { enrollmentKey, recordMatches, recordHoldsUpdate, temporalKey } from './natural-key.ts';
export {
  JOURNAL_VERSION,
  JournalFormatError,
  describeDamage,
  journalLine,
  replayJournal,
  type DamagedLines,
  type DoneHow,
  type JournalLine,
  type ReplayedJournal,
  type StepOutcome,
  type StepState,
  type StepStatus,
} from './journal.ts';
export {
  BatchRunner,
  rowResultsOf,
  UNKNOWN_UPLOAD_MESSAGE,
  type BatchClient,
  type BatchProgress,
  type BatchRunnerOptions,
  type BatchRunResult,
  type RowResult,
  type RowResultStatus,
} from './runner.ts';
export { RESULT_COLUMNS, resultsCsv } from './results-csv.ts';
export { csvReadAsFromSummary, rowsFromCsvBatch, type CsvReadAs, type CsvRowsOptions } from './csv-rows.ts';
