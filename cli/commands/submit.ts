import { randomUUID } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  BatchRunner,
  csvReadAsFromSummary,
  decodeText,
  planBatch,
  plural,
  resultsCsv,
  rowsFromCsvBatch,
  rowsFromFieldUpload,
  rowsFromRequestDocument,
  sleepWithTimers,
  validate,
  type BatchPlan,
  type BatchProgress,
  type BatchRunResult,
  type ClientEvent,
  type ReplayedJournal,
} from '../../core/index.ts';
import { JournalFile, JournalLockedError, lockJournal, type JournalLock } from '../../node/journal-file.ts';
import { dataDir } from '../../node/user-dirs.ts';
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import { describeRowCounts, resultsPathFor, SENDING_OPTIONS, sendingOptionsFrom } from './batch-options.ts';
import { parseCommandArgs } from './command-args.ts';
import { clientFor, openConnection } from './profile.ts';

/** Exit status of a batch that stopped unfinished: `fieldgate resume` goes on. */
export const EXIT_UNFINISHED = 3;

const usage = `Usage: fieldgate submit BATCH [--profile sandbox|env|NAME] [--journal PATH] [--concurrency N]
                       [--rate R] [--burst B] [--dry-run] [--skip-invalid] [--resend-unknown]
                       [--user-name NAME] [--results PATH]

Validates the batch (a request file, a CSV batch (fieldgate template), or a field upload with --user-name), plans it (each experiment found or
created once, before the location enrollments that need it; one upload per receiving user) and sends every row
exactly once, journaling each state change to disk before going on. A crash, Ctrl+C or a lost connection
loses nothing: \`fieldgate resume JOURNAL\` reconciles what was in flight and finishes the batch.

Options:
  --profile P        sandbox (embedded, state in the user's data directory), env (FIELDGATE_* variables) or a
                     saved profile (fieldgate profile add); default sandbox
  --journal PATH     where to journal (default: the user's data directory, journals/)
  --concurrency N    requests in flight at most (default 8)
  --rate R, --burst B  client-side limit, requests per second (default: the profile's, else 20; none for
                     the embedded sandbox)
  --dry-run          validate and plan, print the plan, send nothing
  --skip-invalid     send the clean rows; rows with errors are reported as invalid
  --resend-unknown   send again an upload whose outcome is unknown (check the inbox first: it may arrive twice)
  --user-name NAME   the receiving user (X-User-Name) of a field upload
  --results PATH     the results CSV (default: the journal's name with .results.csv)

Exit status: 0 every row succeeded, 1 some rows failed (or were invalid), 2 usage error, 3 stopped unfinished
(resumable).`;

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

  constructor(
    private readonly io: CliIo,
    private readonly tty: boolean,
  ) {}

  clientEvent(event: ClientEvent): void {
    if (event.type === 'retry') this.retries++;
  }

  update(p: BatchProgress, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < (this.tty ? 150 : 2000)) return;
    this.last = now;
    const finished = p.done + p.failed + p.unknown;
    const share = p.total === 0 ? 1 : finished / p.total;
    const rate = `${p.ratePerSecond.toFixed(1)}/s`;
    const eta = p.etaSeconds === undefined ? '' : `, ETA ${seconds(p.etaSeconds)}`;
    const counts = `${finished}/${p.total} (${p.done} done, ${p.failed} failed${p.unknown ? `, ${p.unknown} unknown` : ''}), ${p.inFlight} in flight, ${p.retrying} waiting to retry, ${this.retries} retries, ${rate}${eta}`;
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

export interface RunBatchOptions {
  plan: BatchPlan;
  journalPath: string;
  resultsPath: string;
  profileName: string;
  replayed?: ReplayedJournal;
  concurrency?: number;
  rate?: number;
  burst?: number;
  resendUnknown: boolean;
  batchFile?: string;
  /** The journal's lock, when the caller took it already (resume: before reading the journal). */
  lock?: JournalLock;
}

/**
 * Take a journal's lock, saying so when it replaces a dead process's lock; undefined (after one line
 * on stderr) when another live process holds it.
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

/** Send (or go on sending) a planned batch; prints the summary and returns the exit status. */
export async function runBatch(options: RunBatchOptions, io: CliIo): Promise<number> {
  const lock = options.lock ?? (await takeJournalLock(options.journalPath, io));
  if (!lock) return EXIT_USAGE;
  try {
    return await runLockedBatch(options, io);
  } finally {
    await lock.release();
  }
}

async function runLockedBatch(options: RunBatchOptions, io: CliIo): Promise<number> {
  const connection = await openConnection(options.profileName, io);
  const journal = await JournalFile.open(options.journalPath);
  const display = new ProgressDisplay(io, io.isTTY);
  const client = clientFor(connection.profile, {
    ...(options.rate !== undefined ? { rate: options.rate } : {}),
    ...(options.burst !== undefined ? { burst: options.burst } : {}),
    unpaced: connection.name === 'sandbox',
    onEvent: (e) => display.clientEvent(e),
  });
  // The earlier upload endpoints are deprecated: say so once per run, naming the replacement.
  const calls = new Set(options.plan.steps.map((s) => s.operation.call));
  if (calls.has('uploadFields'))
    io.stderr(
      'notice: POST /v2/fields is deprecated; its replacement is /v4/uploads (field GeoJSON media type)\n',
    );
  if (calls.has('uploadRx'))
    io.stderr(
      'notice: POST /v2/rx is deprecated; its replacement is /v4/uploads (planting prescription shapefile media type)\n',
    );
  const abort = new AbortController();
  const runner = new BatchRunner({
    plan: options.plan,
    client,
    append: (line) => journal.append(line),
    now: () => new Date(),
    sleep: sleepWithTimers,
    batchId: randomUUID(),
    profile: options.profileName,
    resendUnknown: options.resendUnknown,
    signal: abort.signal,
    readFile: async (path) => {
      try {
        return new Uint8Array(await readFile(resolve(io.cwd, path)));
      } catch {
        return undefined;
      }
    },
    onProgress: (p) => display.update(p),
    ...(options.replayed ? { replayed: options.replayed } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
  });
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts++;
    if (interrupts === 1) {
      display.end();
      io.stderr('stopping after the requests in flight (Ctrl+C again to cancel them)…\n');
      runner.requestStop('interrupted', 'stopped by Ctrl+C');
    } else abort.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  let result: BatchRunResult;
  try {
    result = await runner.run();
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    display.update(runner.snapshot(), true);
    display.end();
    await journal.close();
    await connection.close();
  }
  await writeFile(options.resultsPath, resultsCsv(options.plan.columns, result.rows));
  return summarise(result, options, io);
}

async function hasContent(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

export function quoteArg(arg: string): string {
  return /^[\w./:@=-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function summarise(result: BatchRunResult, options: RunBatchOptions, io: CliIo): number {
  const c = result.counts;
  const lines = [describeRowCounts(c, result.rows.length)];
  const problems = result.rows.filter((r) => r.status === 'failed' || r.status === 'unknown');
  for (const r of problems.slice(0, 10))
    lines.push(`  row ${r.row}: ${r.status}: ${terminalSafe(r.message)}`);
  if (problems.length > 10) lines.push(`  … and ${problems.length - 10} more (see the results CSV)`);
  lines.push(`results: ${options.resultsPath}`, `journal: ${options.journalPath}`);
  if (result.outcome === 'stopped') {
    lines.push(
      `stopped: ${terminalSafe(result.message ?? result.stopReason ?? '')}${result.retryAt && !(result.message ?? '').includes(result.retryAt) ? ` (go on after ${result.retryAt})` : ''}`,
      `resume with: fieldgate resume ${quoteArg(options.journalPath)} --profile ${quoteArg(options.profileName)}`,
    );
    io.stdout(lines.join('\n') + '\n');
    return EXIT_UNFINISHED;
  }
  io.stdout(lines.join('\n') + '\n');
  return c.failed + c.invalid + c.unknown + c.pending === 0 ? EXIT_OK : EXIT_PROBLEMS;
}

/** Validate a batch file and read its rows; undefined (after saying why) when it is not a batch. */
async function readBatch(
  path: string,
  userName: string | undefined,
  io: CliIo,
): Promise<{ rows: ReturnType<typeof rowsFromRequestDocument>; kind: string } | undefined> {
  const bytes = new Uint8Array(await readFile(path));
  const besideBatch = (relative: string): string => resolve(dirname(path), relative);
  const report = await validate([{ name: basename(path), bytes }], {
    features: false,
    now: io.now(),
    // A CSV batch's rows may name files (prescriptions, soil tests) beside it.
    resolveFile: async (relative) => {
      try {
        return new Uint8Array(await readFile(besideBatch(relative)));
      } catch {
        return undefined;
      }
    },
  });
  const file = report.files[0];
  if (!file) {
    io.stderr(`${path}: ${report.unreadable[0]?.reason ?? 'unreadable'}\n`);
    return undefined;
  }
  const text = decodeText(bytes).text;
  if (file.kind === 'service-requests')
    return { rows: rowsFromRequestDocument(text, file.diagnostics), kind: file.kind };
  if (file.kind === 'field-upload')
    return { rows: rowsFromFieldUpload(text, file.diagnostics, userName), kind: file.kind };
  const csv = csvReadAsFromSummary(file.kind, file.summary);
  if (csv) {
    const rows = await rowsFromCsvBatch(bytes, csv, file.diagnostics, {
      resolvePath: besideBatch,
      ...(userName !== undefined ? { userName } : {}),
    });
    return { rows, kind: file.kind };
  }
  io.stderr(
    `${path} is ${file.kind}, not a batch submit sends (a request file, a CSV batch, or a field upload with --user-name)\n`,
  );
  return undefined;
}

export const submitCommand: CliCommand = {
  name: 'submit',
  summary: 'send a validated batch exactly once, journaled so that a crash or Ctrl+C loses nothing',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      profile: { type: 'string', default: 'sandbox' },
      journal: { type: 'string' },
      ...SENDING_OPTIONS,
      'dry-run': { type: 'boolean', default: false },
      'skip-invalid': { type: 'boolean', default: false },
      'user-name': { type: 'string' },
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length !== 1) throw new UsageError('name one batch file');
    const batchPath = resolve(io.cwd, positionals[0]!);
    const sending = sendingOptionsFrom(values);
    const read = await readBatch(batchPath, values['user-name'], io);
    if (!read) return EXIT_USAGE;
    if (!read.rows) {
      io.stderr(`${batchPath}: not valid JSON; run fieldgate validate on it\n`);
      return EXIT_PROBLEMS;
    }
    const planned = planBatch(read.rows.rows, {
      source: { name: basename(batchPath), kind: read.kind },
      skipInvalid: values['skip-invalid'],
      unplaced: read.rows.unplaced,
    });
    if (!planned.ok) {
      const lines = [`not sent: ${planned.message}`];
      for (const r of planned.invalidRows.slice(0, 10))
        lines.push(`  row ${r.row}: ${terminalSafe(r.invalid ?? '')}`);
      if (planned.invalidRows.length > 10) lines.push(`  … and ${planned.invalidRows.length - 10} more`);
      lines.push(`fieldgate validate ${quoteArg(positionals[0]!)} explains each problem.`);
      io.stderr(lines.join('\n') + '\n');
      return EXIT_PROBLEMS;
    }
    const plan = planned.plan;
    const calls = new Map<string, number>();
    for (const s of plan.steps) calls.set(s.operation.call, (calls.get(s.operation.call) ?? 0) + 1);
    const invalid = plan.rows.filter((r) => r.invalid !== undefined).length;
    io.stderr(
      `plan: ${plural(plan.rows.length, 'row')} → ${plural(plan.steps.length, 'step')} (${[...calls].map(([k, n]) => `${n} ${k}`).join(', ')})${invalid ? `; ${plural(invalid, 'invalid row')} left out` : ''}\n`,
    );
    if (values['dry-run']) {
      for (const s of plan.steps.slice(0, 50))
        io.stdout(
          `${s.id} rows ${s.rows.join(',')}: ${s.operation.call}${s.dependsOn ? ` after ${s.dependsOn}` : ''}\n`,
        );
      if (plan.steps.length > 50) io.stdout(`… and ${plan.steps.length - 50} more steps\n`);
      return EXIT_OK;
    }
    const stamp = io.now().toISOString().replace(/[:.]/g, '-');
    const journalPath = values.journal
      ? resolve(io.cwd, values.journal)
      : join(dataDir(io.env), 'journals', `${basename(batchPath).replace(/\.[^.]*$/, '')}-${stamp}.jsonl`);
    // Locked before looking, so two submits to one journal cannot both find it empty.
    const lock = await takeJournalLock(journalPath, io);
    if (!lock) return EXIT_USAGE;
    if (await hasContent(journalPath)) {
      await lock.release();
      io.stderr(
        `${journalPath} holds a batch already: fieldgate resume ${quoteArg(journalPath)} goes on with it\n`,
      );
      return EXIT_USAGE;
    }
    io.stderr(`journal: ${journalPath}\n`);
    return runBatch(
      {
        lock,
        plan,
        journalPath,
        resultsPath: resultsPathFor(values.results, journalPath, io),
        profileName: values.profile,
        resendUnknown: values['resend-unknown'],
        batchFile: batchPath,
        ...sending,
      },
      io,
    );
  },
};
