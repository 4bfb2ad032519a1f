/**
 * A batch sent from a script, with what `fieldgate submit` and `fieldgate resume` do around the one submit
 * session they share (node/submit-session.ts): files read from disk (a CSV row's prescription beside its
 * CSV), checked and planned as the command line plans them, journaled where it journals (the user's data
 * directory, journals/), paced as it paces, the results CSV written beside the journal. A SIGKILL at any
 * point loses nothing: `resumeBatch(journal)` reconciles what was in flight and finishes, sending no row
 * twice.
 */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  prepareBatch,
  replayJournal,
  rowResultsOf,
  runEndOf,
  describeDamage,
  emptyRowCounts,
  type BatchFile,
  type BatchPlan,
  type BatchRunResult,
  type CsvMapping,
  type FetchLike,
  type KindSettingValues,
  type PreparedBatch,
  type RowResult,
  type SourceFile,
} from '../core/index.ts';
import { readAll } from '../core/input/file-kind.ts';
import { writeAtomically } from './atomic-write.ts';
import { readJournal } from './journal-file.ts';
import { profileFromEnv, readProfiles, type ConnectionProfile } from './profiles.ts';
import type { Connection, PacingOptions } from './service-connection.ts';
import { fromPath, type PathSource } from './sources.ts';
import { SubmitSession, type SessionEvent, type SessionProgress } from './submit-session.ts';
import { configDir, dataDir } from './user-dirs.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** Where to send, and how fast. */
export interface ConnectionOptions {
  /**
   * The service: its addresses and credentials, `'env'` (the FIELDGATE_* variables, as `--profile env`) or
   * the name of a profile saved with `fieldgate profile add`. (The command line's embedded `sandbox` is not
   * started from a script: run `fieldgate sandbox --json` and pass its addresses.)
   */
  profile: ConnectionProfile | string;
  /** Its name in the journal (never its secrets); default: the name given, or `script` for a profile object. */
  profileName?: string;
  /** Requests per second, burst and requests in flight; default the profile's, else 10 per second and 8. */
  pacing?: PacingOptions;
  /** Send again, once, each upload whose outcome was unknown when the run started (it may arrive twice). */
  resendUnknown?: boolean;
  /** The results CSV; default the journal's path with `.results.csv` for `.jsonl`. */
  results?: string;
  /** Progress (rows whose outcome changed, and counts), client events and notices, as they come. */
  onEvent?: (event: SessionEvent) => void;
  /** Aborting stops the run as Ctrl+C stops `fieldgate submit`: journaled, resumable. */
  signal?: AbortSignal;
  /** Where the user's data and config directories are found (XDG_DATA_HOME, HOME, …); default process.env. */
  env?: Env;
  /** Instead of the global fetch (tests, proxies). */
  fetch?: FetchLike;
}

/** How the batch's files are read, as `fieldgate submit` reads them with its options. */
export interface SubmitOptions extends ConnectionOptions {
  /** Where to journal; default the user's data directory, journals/<first file's name>-<time>.jsonl. */
  journal?: string;
  /** Read every file as this kind (`--kind`). */
  kind?: string;
  /** Kind settings every file is read with (encoding, delimiter, acreageTolerance, …). */
  settings?: KindSettingValues;
  /** A CSV batch's column mapping and constant values. */
  mapping?: CsvMapping;
  /** The receiving user (X-User-Name) of rows that name none. */
  userName?: string;
  /** The sampleDate of soil tests that give none. */
  sampleDate?: string;
  now?: () => Date;
}

export interface SubmitOutcome extends BatchRunResult {
  /** The journal: `resumeBatch(journal)` goes on with a run that stopped. */
  journal: string;
  /** The results CSV written at the end: each row's outcome, in the encoding of the batch's CSV. */
  results: string;
  /** The batch as checked and planned (rows with errors are in `plan.rows`, marked `invalid`). */
  plan: BatchPlan;
}

/**
 * Check, plan and send a batch exactly once: rows with errors are kept back (as `fieldgate submit` does by
 * default), the others sent, each state change journaled durably before going on. Files are paths, sources
 * (`fromPath`, `fromDir`) or bytes (`{ name, bytes }`).
 */
export async function submitBatch(
  files: readonly (string | SourceFile)[],
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  if (files.length === 0) throw new Error('submitBatch: give one or more files');
  const sources = files.map((f) => (typeof f === 'string' ? fromPath(f) : f));
  const folders = new Map<string, string>();
  const batchFiles: BatchFile[] = [];
  for (const source of sources) {
    if (folders.has(source.name))
      throw new Error(`two files named ${source.name}: a batch names each file once`);
    folders.set(source.name, 'path' in source ? dirname((source as PathSource).path) : process.cwd());
    const { bytes } = await readAll(source);
    batchFiles.push({
      name: source.name,
      bytes,
      ...(options.kind !== undefined ? { kind: options.kind } : {}),
      ...(options.mapping && /\.(csv|tsv|txt)$/i.test(source.name) ? { mapping: options.mapping } : {}),
      ...(options.settings ? { settings: { ...options.settings } } : {}),
    });
  }
  const now = options.now ?? (() => new Date());
  const prepared: PreparedBatch = await prepareBatch(
    {
      files: batchFiles,
      ...(options.userName !== undefined ? { userName: options.userName } : {}),
      ...(options.sampleDate !== undefined ? { sampleDate: options.sampleDate } : {}),
    },
    {
      now: now(),
      ...(options.signal ? { signal: options.signal } : {}),
      // A CSV row's file is read beside the CSV, as the command line reads it.
      readFile: async (relative, from) => {
        const folder = folders.get(from);
        if (folder === undefined) return undefined;
        try {
          const { bytes } = await readAll(fromPath(resolve(folder, relative)));
          return bytes;
        } catch {
          return undefined;
        }
      },
    },
  );
  const title = basename(sources[0]!.name).replace(/\.[^.]*$/, '');
  const stamp = now().toISOString().replace(/[:.]/g, '-');
  const journal = resolve(
    options.journal ?? join(dataDir(options.env ?? process.env), 'journals', `${title}-${stamp}.jsonl`),
  );
  await mkdir(dirname(journal), { recursive: true });
  const connection = await openConnection(options);
  try {
    const session = await SubmitSession.start(prepared, sessionOptions(journal, connection, options, now));
    return await runToEnd(session, options);
  } finally {
    await connection.close();
  }
}

/** Go on with a batch that stopped (or whose process was killed), from its journal, until it ends. */
export async function resumeBatch(
  journal: string,
  options: Partial<ConnectionOptions> & { now?: () => Date } = {},
): Promise<SubmitOutcome> {
  const path = resolve(journal);
  const profile = options.profile ?? replayJournal(await readJournal(path)).profile;
  if (profile === undefined)
    throw new Error(`${journal} names no profile: give resumeBatch the profile the batch was sent with`);
  const withProfile: ConnectionOptions = { ...options, profile };
  const connection = await openConnection(withProfile);
  try {
    const session = await SubmitSession.resume(
      sessionOptions(path, connection, withProfile, options.now ?? (() => new Date())),
    );
    return await runToEnd(session, withProfile);
  } finally {
    await connection.close();
  }
}

/** A journal read, not resumed (no lock taken): its plan, each row's outcome so far, and any damage. */
export interface JournalView {
  journal: string;
  plan: BatchPlan;
  /** The profile the batch was sent with (its name). */
  profile?: string;
  /** Every row of the plan with its result as the journal has it. */
  rows: RowResult[];
  counts: SessionProgress['counts'];
  /** Every step reached its final outcome. */
  finished: boolean;
  /** The last stop, when nothing came after it. */
  stopped?: { reason: string; message: string };
  /** Damaged lines and the rows they put in doubt, in words; undefined when there are none. */
  damage?: string;
}

/** Read a journal (while a run appends to it, too): the batch as far as the disk knows it. */
export async function openJournal(journal: string): Promise<JournalView> {
  const path = resolve(journal);
  const replayed = replayJournal(await readJournal(path));
  const rows = rowResultsOf(replayed.plan, (id) => replayed.steps.get(id), runEndOf(replayed));
  const counts = emptyRowCounts();
  for (const r of rows) counts[r.status]++;
  const damage = describeDamage(replayed);
  return {
    journal: path,
    plan: replayed.plan,
    ...(replayed.profile !== undefined ? { profile: replayed.profile } : {}),
    rows,
    counts,
    finished: replayed.finished,
    ...(replayed.stopped ? { stopped: replayed.stopped } : {}),
    ...(damage ? { damage } : {}),
  };
}

function sessionOptions(
  journalPath: string,
  connection: Connection,
  options: ConnectionOptions,
  now: () => Date,
): Parameters<typeof SubmitSession.start>[1] {
  return {
    journalPath,
    connection,
    now,
    ...(options.pacing ? { pacing: options.pacing } : {}),
    ...(options.resendUnknown ? { resendUnknown: true } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  };
}

/** Run until the batch ends or stops (the signal stopping it as Ctrl+C does); the results CSV written. */
async function runToEnd(session: SubmitSession, options: ConnectionOptions): Promise<SubmitOutcome> {
  const stop = (): void => {
    void session.stopAndWait('interrupted', 'stopped: the signal was aborted');
  };
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  let result: BatchRunResult;
  try {
    result = await session.run();
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  const results = resolve(options.results ?? `${session.journalPath.replace(/\.jsonl$/, '')}.results.csv`);
  await writeAtomically(results, session.resultsCsvFile().bytes);
  return { ...result, journal: session.journalPath, results, plan: session.plan };
}

/** The connection a profile names; nothing to close (the embedded sandbox is the command line's). */
async function openConnection(options: ConnectionOptions): Promise<Connection> {
  const { profile } = options;
  const env = options.env ?? process.env;
  let resolved: ConnectionProfile;
  let name: string;
  if (typeof profile !== 'string') {
    resolved = profile;
    name = options.profileName ?? 'script';
  } else if (profile === 'env') {
    const got = profileFromEnv(env);
    if (!got.ok)
      throw new Error(`profile env: ${'problem' in got ? got.problem : `set ${got.missing.join(', ')}`}`);
    resolved = got.profile;
    name = profile;
  } else if (profile === 'sandbox') {
    throw new Error(
      'profile sandbox: the embedded sandbox runs with the command line only; start one with `fieldgate sandbox --json` and pass its addresses and demo credentials as the profile',
    );
  } else {
    const saved = (await readProfiles(configDir(env))).profiles[profile];
    if (!saved) throw new Error(`no profile named ${profile} (fieldgate profile add ${profile} …)`);
    resolved = saved;
    name = profile;
  }
  return { name: options.profileName ?? name, profile: resolved, local: false, close: async () => undefined };
}
