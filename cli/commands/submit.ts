import { access, constants, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  describePlanSummary,
  planSummary,
  prepareBatch,
  type BatchProgress,
  type BatchRunResult,
  type ClientEvent,
  type PreparedBatch,
} from '../../core/index.ts';
import { plural } from '../../core/values/plural.ts';
import { writeAtomically } from '../../node/atomic-write.ts';
import { JournalLockedError, lockJournal, type JournalLock } from '../../node/journal-file.ts';
import type { Connection } from '../../node/service-connection.ts';
import { JournalInUseError, SubmitSession, type SessionOptions } from '../../node/submit-session.ts';
import { dataDir } from '../../node/user-dirs.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import {
  batchExitStatus,
  attentionLines,
  describeRowOutcomes,
  noticeLines,
  rowPlace,
  EXIT_UNFINISHED,
  resultsPathFor,
  SENDING_OPTIONS,
  sendingOptionsFrom,
} from './batch-options.ts';
import { BATCH_STATE_OPTIONS, batchStateFromArgs } from './batch-state-args.ts';
import { parseCommandArgs } from './command-args.ts';
import { checkProfile, usableConnection } from './profile.ts';
import { quoteArg } from '../render/shell-arg.ts';

export { EXIT_UNFINISHED, usableConnection };

const usage = `Usage: fieldgate submit FILE... [--profile sandbox|env|NAME] [--user-name NAME] [--sample-date DATE]
                       [--mapping FILE|JSON] [--kind KIND] [--encoding E] [--setting KEY=VALUE]...
                       [--journal PATH] [--results PATH] [--concurrency N] [--rate R] [--burst B]
                       [--dry-run] [--all-or-nothing] [--resend-unknown]
       fieldgate submit --state BATCH.json [options]

Checks the batch (request files, CSV batches, field uploads, prescription ZIPs and Modus soil tests; a CSV
row's prescription or soil test is read beside the CSV), makes one row per record, plans it (each experiment
found or created once, before the location enrollments that need it; one upload per receiving user and file)
and sends every row without errors exactly once, journaling each state change to disk before going on.
Rows with errors are listed and not sent. A crash, Ctrl+C or a lost connection loses nothing:
\`fieldgate resume JOURNAL\` reconciles what was in flight and finishes the batch.

The batch (files, column mapping and constant values, cell edits, chosen fixes, receiving user) can also be
given as a state file: the app's "Save batch" writes one, and the same state sends the same requests.

Options:
  --profile P        sandbox (embedded, state in the user's data directory), env (FIELDGATE_* variables) or a
                     saved profile (fieldgate profile add); default sandbox
  --user-name NAME   the receiving user (X-User-Name) of rows that name none (a row's own user wins)
  --sample-date D    the sampleDate of soil tests that give none (YYYY-MM-DDThh:mm:ss.sssZ)
  --mapping M        a CSV batch's column mapping, as a file or as JSON ({"columns": {...}, "values": {...}})
  --kind, --encoding, --setting   how files are read, as for fieldgate validate
  --state FILE       the batch as a saved state (paths in it are relative to it)
  --journal PATH     where to journal (default: the user's data directory, journals/)
  --results PATH     the results CSV (default: the journal's name with .results.csv)
  --concurrency N    requests in flight at most (default 8)
  --rate R, --burst B  requests per second at most (default: the profile's, else 10; the embedded sandbox
                     is not paced unless asked)
  --dry-run          check and plan, print the plan, send nothing
  --all-or-nothing   send nothing when any row has errors (default: send the rows without errors)
  --resend-unknown   send again, once, each upload whose outcome was unknown when the run started (check the
                     inbox first: it may arrive twice)

Exit status: 0 every row was applied; 1 some rows failed or were not sent for their errors; 2 usage error;
3 stopped unfinished (resumable); 4 finished, but uploads of unknown outcome remain (check the receiving
users' inboxes); 5 finished, but the service's answers for some rows were impossible (see their anomalies).

Examples:
  fieldgate submit examples/requests/enroll-by-program.json --dry-run
  fieldgate submit examples/fields/clean-fields.json --user-name grower.demo@example.com
  fieldgate submit csb.csv --mapping '{"columns":{"name":"CSBID"},"values":{"clientName":"Smith Farms"}}' \\
      --user-name grower.demo@example.com
  fieldgate submit --state batch.fieldgate.json --profile production`;

function seconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${Math.ceil(s)}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(Math.ceil(s % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${m % 60}m`;
}

/** Progress for people: a bar redrawn in place on a terminal, a plain line every few seconds otherwise. */
export class ProgressDisplay {
  private last = 0;
  private retries = 0;
  private drawn = false;
  private unreachable = false;
  private readonly tokenNotices = new Set<string>();

  constructor(
    private readonly io: CliIo,
    private readonly tty: boolean,
  ) {}

  clientEvent(event: ClientEvent): void {
    if (event.type === 'retry') this.retries++;
    // A row's notices go to its results; the token's belong to no row, so they are said here, each once.
    if (
      event.type === 'notice' &&
      event.operationId === 'requestToken' &&
      !this.tokenNotices.has(event.message)
    ) {
      this.tokenNotices.add(event.message);
      this.end();
      this.io.stderr(`notice: the token response was read tolerantly: ${terminalSafe(event.message)}\n`);
    }
    // Said at once, with its cause, not after the retries as "the service kept refusing".
    if (event.type === 'unreachable' && !this.unreachable) {
      this.unreachable = true;
      this.end();
      this.io.stderr(`fieldgate: ${event.message}\n`);
    }
  }

  update(p: BatchProgress, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < (this.tty ? 150 : 2000)) return;
    this.last = now;
    const finished = p.done + p.anomalous + p.failed + p.unknown;
    const share = p.total === 0 ? 1 : finished / p.total;
    const rate = `${p.ratePerSecond.toFixed(1)}/s`;
    const eta = p.etaSeconds === undefined ? '' : `, ETA ${seconds(p.etaSeconds)}`;
    const odd = `${p.anomalous ? `, ${p.anomalous} anomalous` : ''}${p.unknown ? `, ${p.unknown} unknown` : ''}`;
    const counts = `${finished}/${p.total} (${p.done} done, ${p.failed} failed${odd}), ${p.inFlight} in flight, ${p.retrying} waiting to retry, ${this.retries} retries, ${rate}${eta}`;
    if (this.tty) {
      const width = 24;
      const full = Math.round(share * width);
      this.io.stderr(`\r\x1b[2K[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${counts}`);
      this.drawn = true;
    } else {
      this.io.stderr(`progress: ${counts}\n`);
    }
  }

  end(): void {
    if (this.drawn) this.io.stderr('\n');
    this.drawn = false;
  }
}

/**
 * Checked before anything is sent: a results path the run could not write at its end. The default one, in
 * the user's data folder, has its folder made.
 */
export async function checkWritable(path: string, given: boolean): Promise<void> {
  if (!given) await mkdir(dirname(path), { recursive: true });
  try {
    await access(dirname(path), constants.W_OK);
  } catch {
    throw new UsageError(`--results ${path}: its folder does not exist or cannot be written`);
  }
  try {
    await access(path, constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new UsageError(`--results ${path}: the file cannot be written`);
  }
}

export interface RunOptions {
  session: SubmitSession;
  resultsPath: string;
  profileName: string;
  display: ProgressDisplay;
}

/** Run a session until it ends, Ctrl+C stopping it (twice: cancelling what is in flight); the summary. */
export async function runSession(options: RunOptions, io: CliIo): Promise<number> {
  const { session, display } = options;
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts++;
    if (interrupts === 1) {
      display.end();
      io.stderr('stopping after the requests in flight (Ctrl+C again to cancel them)…\n');
      session.requestStop('interrupted', 'stopped by Ctrl+C');
    } else session.cancelInFlight();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  let result: BatchRunResult;
  try {
    result = await session.run();
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    display.update(session.progress(), true);
    display.end();
  }
  await writeAtomically(options.resultsPath, session.resultsCsvFile().bytes);
  return summarise(result, options, io);
}

function summarise(result: BatchRunResult, options: RunOptions, io: CliIo): number {
  const lines = [
    describeRowOutcomes(result.rows),
    ...attentionLines(result.rows),
    ...noticeLines(result.rows),
  ];
  lines.push(`results: ${options.resultsPath}`, `journal: ${options.session.journalPath}`);
  if (result.outcome === 'stopped')
    lines.push(
      `stopped: ${terminalSafe(result.message ?? result.stopReason ?? '')}${result.retryAt && !(result.message ?? '').includes(result.retryAt) ? ` (go on after ${result.retryAt})` : ''}`,
      `resume with: fieldgate resume ${quoteArg(options.session.journalPath)} --profile ${quoteArg(options.profileName)}`,
    );
  io.stdout(lines.join('\n') + '\n');
  return batchExitStatus(result);
}

/**
 * What is about to happen, from the plan: the first lines of a submit (and all of a --dry-run), the same
 * summary the app shows before it sends (core/batch/outcomes.ts).
 */
export function describePlan(prepared: PreparedBatch): string[] {
  const { plan } = prepared;
  const invalid = plan.rows.filter((r) => r.invalid !== undefined);
  const lines = [`plan: ${describePlanSummary(planSummary(plan))}`];
  for (const r of invalid.slice(0, 10))
    lines.push(`  ${rowPlace(r)}: will be skipped: ${terminalSafe(r.invalid ?? '')}`);
  if (invalid.length > 10) lines.push(`  … and ${invalid.length - 10} more`);
  return lines;
}

/**
 * A step of a dry run's plan: "s2 createEnrollment after s1: enrollments.csv rows 3, 4": the rows named as
 * the plan's summary names them (file and row), not by their numbers through the whole batch.
 */
function describeStep(
  s: PreparedBatch['plan']['steps'][number],
  rows: ReadonlyMap<number, PreparedBatch['plan']['rows'][number]>,
): string {
  // An upload answers for every row of its file: the first ten are named, the rest counted.
  const places = s.rows.slice(0, 10).map((n) => rowPlace(rows.get(n) ?? { row: n }));
  const more = s.rows.length > 10 ? ` and ${s.rows.length - 10} more` : '';
  // One file's rows as "f.csv rows 3, 4"; rows of several files each named in full.
  const file = (p: string): string => p.replace(/ row \d+$/, '');
  const oneFile = places.length > 1 && places.every((p) => file(p) === file(places[0] ?? ''));
  const listed = oneFile
    ? `${file(places[0] ?? '')} rows ${places.map((p) => p.slice(file(p).length + 5)).join(', ')}`
    : places.join(', ');
  return `${s.id} ${s.operation.call}${s.dependsOn ? ` after ${s.dependsOn}` : ''}: ${listed}${more}`;
}

export const submitCommand: CliCommand = {
  name: 'submit',
  summary: 'send a batch exactly once (rows with errors stay back), journaled so that a crash loses nothing',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      profile: { type: 'string', default: 'sandbox' },
      journal: { type: 'string' },
      ...SENDING_OPTIONS,
      ...BATCH_STATE_OPTIONS,
      'dry-run': { type: 'boolean', default: false },
      'all-or-nothing': { type: 'boolean', default: false },
      // The default now: rows with errors are not sent. Kept so that scripts that say it go on working.
      'skip-invalid': { type: 'boolean', default: false },
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    const sending = sendingOptionsFrom(values);
    // A dry run checks the profile too: a misspelt one is found before the real run.
    await checkProfile(values.profile, io);
    const batch = await batchStateFromArgs(values, positionals, io);
    const prepared = await prepareBatch(batch.state, { now: io.now(), readFile: batch.readFile });
    io.stderr(describePlan(prepared).join('\n') + '\n');
    const invalid = prepared.plan.rows.filter((r) => r.invalid !== undefined).length;
    if (values['dry-run']) {
      const rowsByNumber = new Map(prepared.plan.rows.map((r) => [r.row, r]));
      for (const s of prepared.plan.steps.slice(0, 50)) io.stdout(describeStep(s, rowsByNumber) + '\n');
      if (prepared.plan.steps.length > 50) io.stdout(`… and ${prepared.plan.steps.length - 50} more steps\n`);
      return EXIT_OK;
    }
    if (values['all-or-nothing'] && invalid > 0) {
      io.stderr(`not sent: ${plural(invalid, 'row')} have errors (--all-or-nothing)\n`);
      return batchExitStatus({ outcome: 'finished', counts: { invalid } });
    }
    const stamp = io.now().toISOString().replace(/[:.]/g, '-');
    const journalPath = values.journal
      ? resolve(io.cwd, values.journal)
      : join(dataDir(io.env), 'journals', `${batch.title}-${stamp}.jsonl`);
    const resultsPath = resultsPathFor(values.results, journalPath, io);
    await checkWritable(resultsPath, values.results !== undefined);
    // Locked before looking, so two submits to one journal cannot both find it empty.
    const lock = await takeJournalLock(journalPath, io);
    if (!lock) return EXIT_USAGE;
    let handedOver = false;
    try {
      // The profile is opened (and its addresses checked) before the journal is said or written.
      const connection = await usableConnection(values.profile, io);
      try {
        const display = new ProgressDisplay(io, io.isTTY);
        let session: SubmitSession;
        try {
          session = await SubmitSession.start(prepared, {
            ...sessionOptions(journalPath, connection, display, io),
            lock,
            pacing: sending,
            resendUnknown: values['resend-unknown'],
          });
          handedOver = true;
        } catch (error) {
          if (error instanceof JournalInUseError) {
            io.stderr(`fieldgate: ${error.message}\n`);
            return EXIT_USAGE;
          }
          throw error;
        }
        io.stderr(`journal: ${journalPath}\n`);
        deprecationNotices(prepared, io);
        return await runSession({ session, resultsPath, profileName: connection.name, display }, io);
      } finally {
        await connection.close();
      }
    } finally {
      // The session lets go of the lock it was given; before that point, it is ours to.
      if (!handedOver) await lock.release();
    }
  },
};

/** The session's options every command shares: its journal, connection, and events shown as they come. */
export function sessionOptions(
  journalPath: string,
  connection: Connection,
  display: ProgressDisplay,
  io: CliIo,
): SessionOptions {
  return {
    journalPath,
    connection,
    onEvent: (event) => {
      if (event.type === 'progress') display.update(event.progress);
      else if (event.type === 'client') display.clientEvent(event.event);
      else io.stderr(`${event.message}\n`);
    },
  };
}

/**
 * Take a journal's lock, saying so when it replaces a dead process's lock; undefined (after one line on
 * stderr) when another live process holds it.
 */
export async function takeJournalLock(journalPath: string, io: CliIo): Promise<JournalLock | undefined> {
  try {
    const lock = await lockJournal(journalPath);
    if (lock.tookOverFrom !== undefined)
      io.stderr(
        `note: took over the lock of process ${lock.tookOverFrom} on this journal (it is no longer running)\n`,
      );
    return lock;
  } catch (error) {
    if (error instanceof JournalLockedError) {
      io.stderr(`fieldgate: ${error.message}\n`);
      return undefined;
    }
    throw error;
  }
}

/** The earlier upload endpoints are deprecated: said once per run, naming the replacement. */
export function deprecationNotices(prepared: { plan: PreparedBatch['plan'] }, io: CliIo): void {
  const calls = new Set(prepared.plan.steps.map((s) => s.operation.call));
  if (calls.has('uploadFields'))
    io.stderr(
      'notice: POST /v2/fields is deprecated; its replacement is /v4/uploads (field GeoJSON media type)\n',
    );
  if (calls.has('uploadRx'))
    io.stderr(
      'notice: POST /v2/rx is deprecated; its replacement is /v4/uploads (planting prescription shapefile media type)\n',
    );
}
