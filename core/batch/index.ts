/** Submitting batches exactly once: rows → plan → runner (journaled) → results. */
export type { BatchOperation, BatchRow, RowDiagnostic, RowSource, UploadField } from './batch-rows.ts';
export {
  base64ToBytes,
  batchStateFromJson,
  batchStateToJson,
  BatchStateError,
  bytesToBase64,
  engineSettingsOf,
  type BatchChange,
  type BatchFile,
  type BatchState,
  type BatchStateJson,
  type FixChoice,
  type KindSettingValues,
  type ProblemAnchor,
} from './batch-state.ts';
export {
  applyFileChanges,
  applyFixChoice,
  kindOfFile,
  type ChangedFile,
  type ChangeProblem,
  type FixChoiceOutcome,
} from './batch-changes.ts';
export {
  prepareBatch,
  type PreparedBatch,
  type PreparedFile,
  type PrepareOptions,
  type Receivers,
} from './prepare.ts';
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
export {
  JOURNAL_VERSION,
  JournalFormatError,
  describeDamage,
  runEndOf,
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
  emptyRowCounts,
  ROW_RESULT_STATUSES,
  rowResultAtEnd,
  rowResultOf,
  rowResultsOf,
  UNKNOWN_UPLOAD_MESSAGE,
  type BatchClient,
  type BatchProgress,
  type BatchRunnerOptions,
  type BatchRunResult,
  type RowResult,
  type RowResultStatus,
} from './runner.ts';
export { RESULT_COLUMNS, resultsCsv, resultsCsvFile, resultsRows } from './results-csv.ts';
export { DEFAULT_PACING, MAX_CONCURRENCY } from './pacing.ts';
export {
  countOutcomes,
  describeOutcomes,
  describePlanSummary,
  outcomeInfo,
  planSummary,
  ROW_OUTCOMES,
  rowMessageLine,
  rowOutcome,
  type OutcomeInfo,
  type PlanSummary,
  type RowOutcome,
  type RunEnd,
} from './outcomes.ts';
