import { resolve } from 'node:path';
import {
  countOutcomes,
  describeDamage,
  describeOutcomes,
  JournalFormatError,
  MAX_CONCURRENCY,
  outcomeInfo,
  replayJournal,
  type ReplayedJournal,
  type RowOutcome,
  type RowResult,
  type RowResultStatus,
} from '../../core/index.ts';
import { plural } from '../../core/values/plural.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import { readJournal } from '../../node/journal-file.ts';
import { UsageError, type CliIo } from '../command.ts';

/** The options submit and resume share: how fast to send, what to do with unknown uploads, where results go. */
export const SENDING_OPTIONS = {
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  burst: { type: 'string' },
  'resend-unknown': { type: 'boolean', default: false },
  results: { type: 'string' },
} as const;

/** `--NAME value` as a number above 0; undefined when not given. */
export function positiveNumberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${name} must be a number above 0, got "${value}"`);
  return n;
}

/** `--NAME value` as a whole number from `min` to `max`; undefined when not given. */
function wholeNumberOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

/** Exit status of a batch that stopped unfinished: `fieldgate resume` goes on. */
export const EXIT_UNFINISHED = 3;
/** A finished batch with uploads of unknown outcome: check the receiving users' inboxes. */
export const EXIT_UNKNOWN = 4;
/** A finished batch some of whose answers were impossible (StepOutcome.anomalies): check those rows. */
const EXIT_ANOMALOUS = 5;

/**
 * The exit status of a batch run (submit, resume, status): stopped first, then impossible answers, then rows
 * that failed or were not sent for their errors, then uploads of unknown outcome; 0 when every row was applied.
 */
export function batchExitStatus(result: {
  outcome: 'finished' | 'stopped';
  counts: Partial<Record<RowResultStatus, number>>;
}): number {
  const c = result.counts;
  if (result.outcome === 'stopped' || (c.pending ?? 0) > 0) return EXIT_UNFINISHED;
  if ((c.anomalous ?? 0) > 0) return EXIT_ANOMALOUS;
  if ((c.failed ?? 0) + (c.invalid ?? 0) > 0) return 1;
  if ((c.unknown ?? 0) > 0) return EXIT_UNKNOWN;
  return 0;
}

/** The sending options submit and resume both take, checked the same way (SENDING_OPTIONS). */
export function sendingOptionsFrom(values: {
  concurrency?: string | undefined;
  rate?: string | undefined;
  burst?: string | undefined;
}): { concurrency?: number; rate?: number; burst?: number } {
  const concurrency = wholeNumberOption('concurrency', values.concurrency, 1, MAX_CONCURRENCY);
  const rate = positiveNumberOption('rate', values.rate);
  const burst = positiveNumberOption('burst', values.burst);
  return {
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(rate !== undefined ? { rate } : {}),
    ...(burst !== undefined ? { burst } : {}),
  };
}

/** The results CSV: `--results PATH`, else beside the journal with its name and .results.csv. */
export function resultsPathFor(results: string | undefined, journalPath: string, io: CliIo): string {
  return results ? resolve(io.cwd, results) : journalPath.replace(/\.jsonl$/, '') + '.results.csv';
}

/**
 * A journal replayed, with a note on stderr when lines in it are damaged (which rows that puts in doubt);
 * undefined (after one line on stderr) when it is not a journal this version reads.
 */
export async function replayJournalFile(path: string, io: CliIo): Promise<ReplayedJournal | undefined> {
  try {
    const replayed = replayJournal(await readJournal(path));
    const damage = describeDamage(replayed);
    if (damage) io.stderr(`${path}: ${damage}\n`);
    return replayed;
  } catch (error) {
    if (error instanceof JournalFormatError) {
      io.stderr(`${path}: ${error.message}\n`);
      return undefined;
    }
    throw error;
  }
}

/**
 * "4 rows: 2 created, 1 already there, 1 skipped for errors": submit's, resume's and status's line, in the
 * words of every report (core/batch/outcomes.ts).
 */
export function describeRowOutcomes(rows: readonly { outcome: RowOutcome }[]): string {
  // Counted as the outcomes are ("3,000 rows: 3,000 uploaded", not "3000 rows").
  return `${plural(rows.length, 'row')}: ${describeOutcomes(countOutcomes(rows.map((r) => r.outcome)))}`;
}

/** A row as the command line names it: its file and row there ("fields.csv row 4"). */
export function rowPlace(r: { row: number; source?: { file: string; row: number } | undefined }): string {
  return r.source ? `${terminalSafe(r.source.file)} row ${r.source.row}` : `row ${r.row}`;
}

/** The rows a person should look at (anomalous, failed, unknown, skipped), one line each, the first ten. */
export function attentionLines(rows: readonly RowResult[]): string[] {
  const attention = rows.filter((r) => outcomeInfo(r.outcome).tone === 'attention');
  const lines = attention.slice(0, 10).map((r) => {
    const what = r.anomalies?.length ? r.anomalies.join('; ') : r.message;
    return `  ${rowPlace(r)}: ${outcomeInfo(r.outcome).label}: ${terminalSafe(what)}`;
  });
  if (attention.length > 10) lines.push(`  … and ${attention.length - 10} more (see the results CSV)`);
  return lines;
}

/**
 * Rows whose answers the client read tolerantly (RowResult.notices): not failures, but not what the document
 * says either, so a batch that has them is never summed up as if every answer were as documented.
 */
export function noticeLines(rows: readonly RowResult[]): string[] {
  const noticed = rows.filter((r) => r.notices?.length);
  if (noticed.length === 0) return [];
  const distinct = [...new Set(noticed.flatMap((r) => r.notices ?? []))];
  return [
    `${plural(noticed.length, 'row')} answered otherwise than the service's document says, read tolerantly (the notices column of the results): ${terminalSafe(distinct.slice(0, 3).join('; '))}${distinct.length > 3 ? ` (and ${distinct.length - 3} more)` : ''}`,
  ];
}
