/**
 * The one bridge between the renderer (React screens) and a host (Electron main, or the browser host on
 * 127.0.0.1). JSON only, both ways: every request is one method name and one JSON object, every answer one
 * JSON object, and the host pushes events (submit progress, downloads) on one stream.
 *
 * Each request has a zod schema: the host validates every request at its edge (a renderer is untrusted
 * input), and `AppApi` derives its parameter types from the same schemas, so the two cannot drift apart.
 * Answers are plain types: the host produces them.
 *
 * Pure: no Node, no DOM, no Electron. The renderer imports this file too.
 */
import { z } from 'zod';
import {
  DEFAULT_PACING,
  READ_FILE_EXTENSIONS,
  type AppliedFix,
  type NotAppliedFix,
  type PlanSummary,
  type Report,
  type RowOutcome,
} from '../core/index.ts';
import { tileOrigin } from './content-security.ts';

/** Bytes cross the bridge as base64 (JSON only). Host edge limit: 256 MiB of base64 per request. */
const base64 = z
  .string()
  .max(256 * 1024 * 1024)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');
const id = z.string().min(1).max(200);
const name = z.string().min(1).max(1000);
/** A file for the host: a path it may read (a dropped file in Electron, an example), or inline bytes. */
const fileRef = z.union([
  z.strictObject({ path: z.string().min(1).max(4096) }),
  z.strictObject({ name, contentBase64: base64 }),
]);
const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'an http(s) URL');
const empty = z.strictObject({});
/** Empty, or one tile server's URL template (its origin goes into the CSP: content-security.ts). */
const tileUrl = z
  .string()
  .max(2048)
  .superRefine((value, context) => {
    if (value === '') return;
    const checked = tileOrigin(value);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
  });

/** Settings for the engine, the same the CLI takes (rule selection, sampleDate, kind settings). */
const validateOptions = z.strictObject({
  select: z.array(z.string().max(200)).max(500).optional(),
  ignore: z.array(z.string().max(200)).max(500).optional(),
  sampleDate: z.string().max(100).optional(),
  kind: z.string().max(100).optional(),
  settings: z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

const profileInput = z.strictObject({
  /** Absent: a new profile. */
  id: id.optional(),
  name: z.string().min(1).max(200),
  authUrl: httpUrl,
  baseUrl: httpUrl,
  legacyBaseUrl: httpUrl,
  clientId: z.string().min(1).max(500),
  /** Absent: keep the stored one. Empty string: remove it. Never sent back to the renderer. */
  clientSecret: z.string().max(4096).optional(),
  apiKey: z.string().max(4096).optional(),
});

const runId = z.strictObject({ runId: id });

/** A change to a file of the batch (core/batch/batch-state.ts): cell, row and line edits, chosen fixes. */
const safety = z.enum(['safe', 'unsafe']);
const fixChoice = z.union([
  z.strictObject({ all: safety }),
  z.strictObject({ rule: z.string().min(1).max(200), safety }),
  z.strictObject({
    code: z.string().min(1).max(50),
    safety,
    at: z.strictObject({
      row: z.number().int().min(1).optional(),
      field: z.string().max(1000).optional(),
      offset: z.number().int().min(0).optional(),
      entry: z.string().max(4096).optional(),
      record: z.number().int().min(0).optional(),
    }),
  }),
]);
const batchChange = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('cell'),
    row: z.number().int().min(1),
    column: z.number().int().min(0).max(10_000),
    value: z.string().max(64 * 1024 * 1024),
  }),
  z.strictObject({
    type: z.literal('row'),
    row: z.number().int().min(1),
    cells: z.array(z.string().max(64 * 1024 * 1024)).max(10_000),
  }),
  z.strictObject({
    type: z.literal('line'),
    line: z.number().int().min(1),
    text: z.string().max(64 * 1024 * 1024),
  }),
  z.strictObject({ type: z.literal('fix'), fix: fixChoice }),
]);
const settingValue = z.union([z.string().max(100_000), z.number(), z.boolean()]);
/** A CSV batch's column mapping: batch column → header, batch column → one value for every row. */
const csvMapping = z.strictObject({
  kind: z.string().max(100).optional(),
  columns: z.record(z.string().max(200), z.string().max(1000)).optional(),
  values: z.record(z.string().max(200), z.string().max(10_000)).optional(),
});
/**
 * The batch as the workbench holds it (core/batch/batch-state.ts): each file (its bytes as dropped, or a
 * path the host may read), how it is read, and what was changed in it; who receives rows that name none.
 */
const batchState = z.strictObject({
  files: z
    .array(
      z.strictObject({
        file: fileRef,
        kind: z.string().max(100).optional(),
        mapping: csvMapping.optional(),
        settings: z.record(z.string().max(200), settingValue).optional(),
        changes: z.array(batchChange).max(100_000).optional(),
      }),
    )
    .min(1)
    .max(1000),
  userName: z.string().min(1).max(200).optional(),
  sampleDate: z.string().min(1).max(100).optional(),
});

/** Every request: its method name and its schema. The host accepts nothing else. */
export const requestSchemas = {
  /** Which host this is, the embedded sandbox, and whether secrets are protected at rest. */
  appInfo: empty,
  /** The bundled sample batch (examples/), offered on the first screen. */
  listExamples: empty,
  /**
   * The system's open-file dialog (Electron; `appInfo().nativeFileDialog`): the files the user chooses there
   * become files the host may read, and their paths are answered (none when the dialog is cancelled).
   */
  chooseFiles: empty,
  /** Read files the host may read (dropped paths, examples) so the renderer's worker can validate them. */
  readFiles: z.strictObject({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) }),
  /** Validate in the host (the renderer validates dropped bytes in its own worker; this is for paths). */
  validateFiles: z.strictObject({
    files: z.array(fileRef).min(1).max(1000),
    options: validateOptions.optional(),
  }),
  /** A report the host validated before, by the id validateFiles answered. */
  getReport: z.strictObject({ reportId: id }),
  /** Apply the fixes of a safety level to files; answers the fixed bytes and the report of what is left. */
  applyFixes: z.strictObject({
    files: z.array(fileRef).min(1).max(1000),
    safety: z.enum(['safe', 'unsafe']),
    options: validateOptions.optional(),
  }),
  /**
   * One fix a person chose (a problem's, a rule's, a safety's) on a file of the batch as it is now (its
   * changes so far made): core's guarded fix loop, as `fieldgate fix` runs it. Answers the bytes after it
   * and what it applied; the workbench adds the choice to the file's changes, which submit applies again.
   */
  applyFix: z.strictObject({
    file: z.strictObject({
      file: fileRef,
      kind: z.string().max(100).optional(),
      mapping: csvMapping.optional(),
      settings: z.record(z.string().max(200), settingValue).optional(),
    }),
    fix: fixChoice,
    sampleDate: z.string().min(1).max(100).optional(),
  }),
  /** A report (or a submit run's results) as a file to save: JSON, HTML or CSV text. */
  exportReport: z.strictObject({
    source: z.union([z.strictObject({ reportId: id }), z.strictObject({ runId: id })]),
    format: z.enum(['json', 'html', 'csv']),
  }),
  listProfiles: empty,
  saveProfile: profileInput,
  deleteProfile: z.strictObject({ id }),
  /** Ask the profile's token endpoint for a token: are the URLs and credentials right? */
  testProfile: z.strictObject({ id }),
  getSettings: empty,
  /** The column mapping last applied to a CSV with these headers (in any order or spelling), if any. */
  savedMapping: z.strictObject({ headers: z.array(z.string().max(1000)).max(1000) }),
  /** Remember a mapping for files with these headers: the next such file is read with it at once. */
  rememberMapping: z.strictObject({ headers: z.array(z.string().max(1000)).max(1000), mapping: csvMapping }),
  saveSettings: z.strictObject({
    theme: z.enum(['system', 'light', 'dark']),
    concurrency: z.number().int().min(1).max(16),
    ratePerSecond: z.number().min(0.1).max(100),
    tileUrl,
    /** Threads that check a big file's boundaries (1: one); absent: one per core where there are more than two. */
    checkThreads: z.number().int().min(1).max(64).optional(),
  }),
  /**
   * Submit the batch as the workbench holds it, with a profile; progress comes as events. The batch's
   * `userName` goes to the rows that name no receiving user of their own (a row's own user, a CSV userName
   * column or a mapping's constant, always wins); absent with the embedded sandbox: its first demo user.
   */
  startSubmit: z.strictObject({
    profileId: id,
    batch: batchState,
    dryRun: z.boolean(),
    /** Only these rows (1-based, across the batch as prepared): "retry failed rows". */
    onlyRows: z.array(z.number().int().min(1)).max(1_000_000).optional(),
  }),
  /**
   * What a batch will do before it is sent (nothing is): its rows, how many go and how many are skipped for
   * errors, the experiments found or created first, who the rows go to and the rows that name no user.
   */
  previewSubmit: z.strictObject({ batch: batchState }),
  pauseSubmit: runId,
  resumeSubmit: runId,
  cancelSubmit: runId,
  getSubmit: runId,
  /** Runs recorded on disk (journals), including ones interrupted when the app was closed or killed. */
  listJournals: empty,
  /** Continue an interrupted run from its journal: rows already done are not sent again. */
  resumeJournal: z.strictObject({ journalId: id }),
  /** Stop naming a resumable run in the banner (it stays in the list of runs, resumable). */
  dismissRun: z.strictObject({ journalId: id }),
  /** Move a run that is not running out of the list of runs (or back): its journal stays on disk. */
  archiveRun: z.strictObject({ journalId: id, archived: z.boolean() }),
  /** A grower's shared agronomic data (planting, application, harvest files) under a sharing key. */
  sharedData: z.strictObject({ profileId: id, sharingKey: z.string().min(1).max(200) }),
  downloadSharedFile: z.strictObject({ profileId: id, sharingKey: z.string().min(1).max(200), fileId: id }),
  /** Open a link in the system browser: only http(s) URLs are accepted. */
  openExternal: z.strictObject({ url: httpUrl }),
} as const;

export type AppMethod = keyof typeof requestSchemas;
export type AppRequest<M extends AppMethod> = z.infer<(typeof requestSchemas)[M]>;
export type FileRef = z.infer<typeof fileRef>;
export type ValidateOptionsInput = z.infer<typeof validateOptions>;
export type ProfileInput = z.infer<typeof profileInput>;
export type Settings = AppRequest<'saveSettings'>;
export type BatchStateInput = z.infer<typeof batchState>;
export type SavedMapping = z.infer<typeof csvMapping>;

/** Extensions of the files a batch takes (the file picker's filter; any file may still be dropped). */
export const BATCH_FILE_EXTENSIONS = READ_FILE_EXTENSIONS;

/** The same pacing defaults as the command line's (core/batch/pacing.ts). */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  concurrency: DEFAULT_PACING.concurrency,
  ratePerSecond: DEFAULT_PACING.ratePerSecond,
  tileUrl: '',
};

/** How secrets are kept at rest. `basic_text`: Electron's safeStorage has no keyring (warn the user). */
export type SecretStorage = 'os-keychain' | 'basic_text' | 'memory-only';

export interface AppInfo {
  host: 'electron' | 'browser' | 'test';
  version: string;
  secretStorage: SecretStorage;
  /** Shown to the user when set (e.g. "secrets are stored as plain text"). */
  warnings: string[];
  /** Whether `chooseFiles` opens the system's file dialog (Electron); else the page's file input is used. */
  nativeFileDialog: boolean;
  /** The embedded sandbox, when the host started one (`npm start`). */
  sandbox?: { baseUrl: string; profileId: string; userNames: string[]; sharingKeys: string[] };
}

export interface ExampleFile {
  /** A path the host accepts in readFiles / validateFiles. */
  path: string;
  /** Relative to examples/, for display. */
  name: string;
  /** "fields", "requests", "rx", "soil": the folder, to group them. */
  group: string;
  bytes: number;
}

interface FileBytes {
  name: string;
  path: string;
  contentBase64: string;
}

interface ValidatedReport {
  reportId: string;
  report: Report;
}

interface FixedFile {
  name: string;
  contentBase64: string;
  applied: number;
}

/** What one chosen fix did: the file's bytes after it, or why it could not be applied (nothing changed). */
export type FixedByChoice =
  { contentBase64: string; applied: AppliedFix[]; notApplied: NotAppliedFix[] } | { problem: string };

interface ExportedFile {
  fileName: string;
  mediaType: string;
  /** The file as text (UTF-8 when saved)… */
  text: string;
  /** …or, when set, its bytes (a results CSV in the Windows-1252 its input came in): saved as they are. */
  contentBase64?: string;
}

/** A profile as the renderer sees it: secrets never leave the host, only whether they are set. */
export interface Profile {
  id: string;
  name: string;
  kind: 'sandbox' | 'service';
  authUrl: string;
  baseUrl: string;
  legacyBaseUrl: string;
  clientId: string;
  hasClientSecret: boolean;
  hasApiKey: boolean;
}

interface ProfileTest {
  ok: boolean;
  message: string;
}

/** cancelling: asked to cancel, its requests in flight answering and rows sent without an answer looked up. */
export type SubmitState = 'running' | 'paused' | 'cancelling' | 'cancelled' | 'finished' | 'interrupted';

/** One row (one record of the batch) of a run. */
export interface SubmitRowResult {
  /** Its number in the batch (numbered through every file). */
  row: number;
  file: string;
  /** Its row in its file (a CSV data row, a request, a field item); 1 for a file sent whole. */
  fileRow: number;
  /** What a person calls it: the field's name, the file's name. */
  label: string;
  /** The call that sends it (createEnrollment, uploadFields …); empty for a row that is not sent. */
  operation: string;
  /** What happened to it, in the words of every report (core/batch/outcomes.ts: ROW_OUTCOMES). */
  outcome: RowOutcome;
  /** The receiving user (X-User-Name) of an upload. */
  userName?: string;
  /** The HTTP status and the service's error code of the answer that decided it. */
  status?: number;
  errorCode?: string;
  /** The id of what was created or changed, when the service gave one. */
  id?: string;
  requestId?: string;
  message?: string;
  /** What the service answered that it should not have (the row is `anomalous`). */
  anomalies?: string[];
  /** What was read tolerantly and noted (another media type, a repeated page token); no harm meant. */
  notices?: string[];
}

/** Rows of a run by outcome. */
export type SubmitCounts = Record<RowOutcome, number>;

export interface SubmitStatus {
  runId: string;
  profileId: string;
  state: SubmitState;
  dryRun: boolean;
  total: number;
  /** Rows the run has dealt with: every one but those pending and those not sent (a dry run, cancelled). */
  done: number;
  /** Rows a person should look at: anomalous, skipped for errors, failed or unknown. */
  failed: number;
  counts: SubmitCounts;
  startedAt: string;
  /** Rows per second over the last seconds; ETA in seconds from it. */
  ratePerSecond: number;
  etaSeconds?: number;
  /**
   * When the run's journal has damaged lines (it was resumed around them): which lines, and which rows that
   * puts in doubt (reconciled before anything is sent again), as `fieldgate status` says it.
   */
  journalDamage?: string;
  rows: SubmitRowResult[];
}

/**
 * What a batch will do before it is sent: the plan's summary (`fieldgate submit` prints the same first) and
 * who its rows go to (rows with errors are left out).
 */
export interface SubmitPreview {
  plan: PlanSummary;
  /** The plan's summary in a sentence. */
  summary: string;
  rows: number;
  /** Rows that will be sent: without errors, and with a receiving user (their own, or the one given). */
  sendable: number;
  /** Users rows name themselves (a CSV's userName column, a field's userName), with their row counts. */
  users: { userName: string; rows: number }[];
  /** Rows that name no user: they go to the user startSubmit is given. */
  rowsWithoutUser: number[];
}

export interface JournalSummary {
  journalId: string;
  profileId: string;
  startedAt: string;
  state: SubmitState;
  /** It can go on: interrupted (the app was closed or killed) or paused. */
  resumable: boolean;
  /** Not named in the banner any more (the user dismissed it there). */
  dismissed: boolean;
  /** Moved out of the list of runs; its journal stays on disk. */
  archived: boolean;
  total: number;
  done: number;
  failed: number;
  counts: SubmitCounts;
  /** As SubmitStatus.journalDamage. */
  journalDamage?: string;
}

export interface SharedFile {
  id: string;
  name: string;
  type: string;
  bytes?: number;
}

/** Every answer, by method. */
interface AppResponses {
  appInfo: AppInfo;
  listExamples: { examples: ExampleFile[] };
  chooseFiles: { paths: string[] };
  readFiles: { files: FileBytes[] };
  validateFiles: ValidatedReport;
  getReport: ValidatedReport;
  applyFixes: ValidatedReport & { fixed: FixedFile[] };
  applyFix: FixedByChoice;
  exportReport: ExportedFile;
  listProfiles: { profiles: Profile[] };
  saveProfile: { profile: Profile; secretStorage: SecretStorage };
  deleteProfile: { deleted: boolean };
  testProfile: ProfileTest;
  getSettings: Settings;
  savedMapping: { mapping?: SavedMapping };
  rememberMapping: { remembered: boolean };
  saveSettings: Settings;
  startSubmit: SubmitStatus;
  previewSubmit: SubmitPreview;
  pauseSubmit: SubmitStatus;
  resumeSubmit: SubmitStatus;
  cancelSubmit: SubmitStatus;
  getSubmit: SubmitStatus;
  listJournals: { journals: JournalSummary[] };
  resumeJournal: SubmitStatus;
  dismissRun: JournalSummary;
  archiveRun: JournalSummary;
  sharedData: { files: SharedFile[] };
  downloadSharedFile: { fileId: string; name: string; contentBase64: string };
  openExternal: { opened: boolean };
}

export type AppResponse<M extends AppMethod> = AppResponses[M];

/** Events the host pushes to the renderer. */
export type AppEvent =
  /** Where a run stands, and the rows whose outcome changed since its last event (not every row again). */
  | { type: 'submit-progress'; status: Omit<SubmitStatus, 'rows'>; rows: SubmitRowResult[] }
  | { type: 'submit-finished'; status: Omit<SubmitStatus, 'rows'>; rows: SubmitRowResult[] }
  | { type: 'download-progress'; fileId: string; received: number; total?: number }
  | { type: 'warning'; message: string };

/** The typed API the renderer uses: one async method per request, and a subscription to events. */
export type AppApi = { [M in AppMethod]: (request: AppRequest<M>) => Promise<AppResponse<M>> } & {
  onEvent(listener: (event: AppEvent) => void): () => void;
};

/** A request that failed: what the host answers instead (and what a bridge client throws as BridgeError). */
export interface BridgeFailure {
  error: {
    /** `bad-request`: the request did not match its schema; `not-found`; `failed`: the handler failed. */
    kind: 'bad-request' | 'not-found' | 'unauthorized' | 'failed';
    message: string;
  };
}

export const appMethods = Object.keys(requestSchemas) as AppMethod[];

export function isAppMethod(value: string): value is AppMethod {
  return Object.prototype.hasOwnProperty.call(requestSchemas, value);
}

export * from './bridge-channels.ts';
export { tileOrigin } from './content-security.ts';
