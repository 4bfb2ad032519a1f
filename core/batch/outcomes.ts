/**
 * What happened to each row of a batch, in one vocabulary for the journal's readers, the command line, the
 * results CSV, the HTML report and the app: created, updated, removed, already there (found, not created),
 * uploaded (to the receiving user's inbox), read, anomalous (what the service answered it cannot mean),
 * skipped for errors, failed (with the service's code), unknown (an upload no answer came for), not sent
 * (a dry run, a cancelled run) and pending (a run that goes on, or can be resumed).
 *
 * Derived from the journal (a step's status and how it got there): nothing new is written to it.
 */
import { formatCount } from '../values/format-count.ts';
import type { DoneHow } from './journal.ts';
import type { BatchPlan } from './plan.ts';

export type RowOutcome =
  | 'created'
  | 'updated'
  | 'removed'
  | 'already-there'
  | 'uploaded'
  | 'read'
  | 'anomalous'
  | 'skipped'
  | 'failed'
  | 'unknown'
  | 'not-sent'
  | 'pending';

export interface OutcomeInfo {
  outcome: RowOutcome;
  /** As a person reads it ("already there"). */
  label: string;
  /** What it means, in a sentence (a legend, a tooltip). */
  meaning: string;
  /** ok: applied; attention: look at it; neutral: nothing happened (yet). */
  tone: 'ok' | 'attention' | 'neutral';
}

/** Every outcome, in the order counts are listed. */
export const ROW_OUTCOMES: readonly OutcomeInfo[] = [
  { outcome: 'created', label: 'created', meaning: 'the service created it', tone: 'ok' },
  { outcome: 'updated', label: 'updated', meaning: 'the service changed it', tone: 'ok' },
  { outcome: 'removed', label: 'removed', meaning: 'the service removed it', tone: 'ok' },
  {
    outcome: 'already-there',
    label: 'already there',
    meaning: 'the service had it already: found, not created again',
    tone: 'ok',
  },
  {
    outcome: 'uploaded',
    label: 'uploaded',
    meaning: "sent to the receiving user's data inbox, to confirm there",
    tone: 'ok',
  },
  { outcome: 'read', label: 'read', meaning: 'read from the service (nothing changed)', tone: 'ok' },
  {
    outcome: 'anomalous',
    label: 'anomalous',
    meaning: 'the service says it applied it, but answered what it cannot mean: check it',
    tone: 'attention',
  },
  {
    outcome: 'skipped',
    label: 'skipped for errors',
    meaning: 'not sent: the row has errors',
    tone: 'attention',
  },
  {
    outcome: 'failed',
    label: 'failed',
    meaning: 'the service refused it (its code says why)',
    tone: 'attention',
  },
  {
    outcome: 'unknown',
    label: 'unknown',
    meaning: "sent, no answer came: check the receiving user's inbox before sending it again",
    tone: 'attention',
  },
  {
    outcome: 'not-sent',
    label: 'not sent',
    meaning: 'not sent: a dry run, or the run was cancelled',
    tone: 'neutral',
  },
  {
    outcome: 'pending',
    label: 'pending',
    meaning: 'not sent yet: the run goes on, or can be resumed',
    tone: 'neutral',
  },
];

const INFO = new Map(ROW_OUTCOMES.map((o) => [o.outcome, o]));

export function outcomeInfo(outcome: RowOutcome): OutcomeInfo {
  return INFO.get(outcome)!;
}

/** The outcome of a step that is done, by how it got there. */
function doneOutcome(how: DoneHow | undefined): RowOutcome {
  switch (how) {
    // `reconciled`: found after an attempt whose answer was lost (made by it, or there before): either way
    // it is there and is not created again.
    case 'found':
    case 'exists':
    case 'reconciled':
      return 'already-there';
    case 'updated':
    case 'already-updated':
      return 'updated';
    case 'removed':
    case 'already-removed':
      return 'removed';
    case 'uploaded':
      return 'uploaded';
    case 'read':
      return 'read';
    default:
      return 'created';
  }
}

/** How a run ended, as far as its rows not sent are concerned. */
export interface RunEnd {
  /** Nothing was sent: every row that would be reads "not sent". */
  dryRun?: boolean;
  /** The run was cancelled (the journal's last stop says so): its rows not sent read "not sent". */
  cancelled?: boolean;
}

/**
 * A row's outcome from its result: its status, how its step got done, and the run's end (a dry run's or a
 * cancelled run's rows that were not sent are "not sent", not pending; a cancelled run's row sent without
 * an answer is "unknown": it may have been applied).
 */
export function rowOutcome(
  row: { status: string; how?: DoneHow | undefined; inDoubt?: boolean | undefined },
  run: RunEnd = {},
): RowOutcome {
  switch (row.status) {
    case 'done':
      return doneOutcome(row.how);
    case 'anomalous':
    case 'failed':
    case 'unknown':
      return row.status;
    case 'invalid':
      return 'skipped';
    default:
      if (run.cancelled && row.inDoubt) return 'unknown';
      return run.dryRun || run.cancelled ? 'not-sent' : 'pending';
  }
}

/** Rows by outcome, every outcome counted (0 when none). */
export function countOutcomes(outcomes: Iterable<RowOutcome>): Record<RowOutcome, number> {
  const counts = Object.fromEntries(ROW_OUTCOMES.map((o) => [o.outcome, 0])) as Record<RowOutcome, number>;
  for (const o of outcomes) counts[o]++;
  return counts;
}

/** "2,990 created, 10 skipped for errors": the outcomes a run has, in the vocabulary's order. */
export function describeOutcomes(counts: Record<RowOutcome, number>): string {
  const parts = ROW_OUTCOMES.filter((o) => counts[o.outcome] > 0).map(
    (o) => `${formatCount(counts[o.outcome])} ${o.label}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'no rows';
}

/**
 * A row's words in one line, for a table cell: the message, then what the service answered that it should
 * not have (anomalies), then what was read tolerantly (notices, marked so). The results CSV keeps them in
 * columns of their own.
 */
export function rowMessageLine(r: {
  message?: string | undefined;
  anomalies?: readonly string[] | undefined;
  notices?: readonly string[] | undefined;
}): string {
  return [r.message, ...(r.anomalies ?? []), ...(r.notices ?? []).map((n) => `notice: ${n}`)]
    .filter(Boolean)
    .join(' · ');
}

/** What a plan will do, before anything is sent: the same summary on screen and on the command line. */
export interface PlanSummary {
  rows: number;
  /** Rows to send. */
  toSend: number;
  /** Rows with errors (or that cannot be sent): skipped, each saying why. */
  skipped: number;
  /** Experiments found or created first (before the location enrollments that need them). */
  experiments: number;
  /** Requests the plan makes (an upload carries many fields). */
  steps: number;
  /** Steps by call ("createEnrollment": 2,990). */
  calls: Record<string, number>;
}

export function planSummary(plan: BatchPlan): PlanSummary {
  const calls: Record<string, number> = {};
  for (const s of plan.steps) calls[s.operation.call] = (calls[s.operation.call] ?? 0) + 1;
  const skipped = plan.rows.filter((r) => r.invalid !== undefined).length;
  return {
    rows: plan.rows.length,
    toSend: plan.rows.length - skipped,
    skipped,
    experiments: plan.steps.filter((s) => s.operation.call === 'findOrCreateExperiment').length,
    steps: plan.steps.length,
    calls,
  };
}

const n = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * "3,000 rows: 2,990 will be sent (2,990 requests), 10 have errors and will be skipped; 2 experiments will
 * be found or created first."
 */
export function describePlanSummary(s: PlanSummary): string {
  const parts = [`${n(s.rows, 'row')}: ${formatCount(s.toSend)} will be sent (${n(s.steps, 'request')})`];
  if (s.skipped > 0)
    parts.push(`${formatCount(s.skipped)} ${s.skipped === 1 ? 'has' : 'have'} errors and will be skipped`);
  const experiments =
    s.experiments > 0 ? `; ${n(s.experiments, 'experiment')} will be found or created first` : '';
  return `${parts.join(', ')}${experiments}.`;
}
