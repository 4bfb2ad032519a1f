/**
 * `fieldgate/node`: the library's Node side. Files on disk as sources for `validate`, `fix` and
 * `runEngine` (streamed, so big files stay in bounded memory), and a batch sent exactly once with the
 * command line's defaults: `submitBatch`, `resumeBatch` after a stop or a crash, `openJournal` to read
 * where one stands. Built on the submit session the command line and the app share.
 */
export { fromDir, fromPath, type FromDirOptions, type PathSource } from './sources.ts';
export { boundaryWorkers } from './worker-threads.ts';
export { modusScanWorkers } from './modus-threads.ts';
export {
  openJournal,
  resumeBatch,
  submitBatch,
  type ConnectionOptions,
  type JournalView,
  type SubmitOptions,
  type SubmitOutcome,
} from './submit-batch.ts';
export { JournalInUseError, type SessionEvent, type SessionProgress } from './submit-session.ts';
export { JournalLockedError } from './journal-file.ts';
export type { ConnectionProfile } from './profiles.ts';
export type { PacingOptions } from './service-connection.ts';
