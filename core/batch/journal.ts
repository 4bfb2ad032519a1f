/**
 * The batch journal: append-only JSON lines, one per state change, written (and flushed to disk by the
 * adapter) before the runner goes on: the plan ("batch"), each step's "sending" before its request leaves,
 * and its "outcome" after. Replaying the lines tells, after any crash, which steps are finished, which
 * are pending, and which were being sent when the process died ("in doubt": reconciled before any
 * re-send). Lines hold no secret: no credential, token or key is ever part of a step or an outcome.
 */
import type { RunEnd } from './outcomes.ts';
import type { BatchPlan } from './plan.ts';

export const JOURNAL_VERSION = 1;

/** A step's final or intermediate state. */
export type StepStatus =
  /** Applied (created, found, already there, updated, removed, uploaded). */
  | 'done'
  /** Refused for its data (or its dependency failed): will not be sent again. */
  | 'failed'
  /** An upload whose outcome is unknown: check the receiving user's data inbox (re-sent only when asked). */
  | 'unknown'
  /** Not applied, may be sent again (rate limit, service unavailable, stopped). */
  | 'retry'
  /** Sent, outcome unknown: reconcile before any re-send. */
  | 'in-doubt';

/** How a done step got there, for people reading results. */
export type DoneHow =
  | 'created'
  | 'found'
  | 'exists'
  | 'reconciled'
  | 'updated'
  | 'already-updated'
  | 'removed'
  | 'already-removed'
  | 'read'
  | 'uploaded';

export interface StepOutcome {
  status: StepStatus;
  how?: DoneHow;
  /** The record's id (enrollment, experiment). */
  id?: string;
  /** X-Http-Request-Id of the answer that decided the outcome. */
  requestId?: string;
  httpStatus?: number;
  errorCode?: string;
  message: string;
  /** When the outcome was decided. */
  time?: string;
  /**
   * What the service answered that it should not have (a count of fields created that is not the count
   * sent, a size that is not the size sent, no request id, the id of another row's create): the row is done,
   * but not cleanly. Told apart from `notices`, answers read tolerantly that mean no harm.
   */
  anomalies?: string[];
  /** What the tolerant reader accepted that differs from the document (an answer 200 instead of 201 …). */
  notices?: string[];
}

export type JournalLine =
  | {
      type: 'batch';
      version: typeof JOURNAL_VERSION;
      batchId: string;
      at: string;
      /** The profile's name (never its secrets), for the resume command. */
      profile?: string;
      plan: BatchPlan;
    }
  | { type: 'resumed'; at: string; profile?: string }
  | { type: 'sending'; step: string; attempt: number; at: string }
  | ({ type: 'outcome'; step: string; at: string } & StepOutcome)
  | { type: 'stopped'; at: string; reason: string; message: string; retryAt?: string }
  /** Found after a step's outcome was written (another create answered with its id). */
  | { type: 'anomaly'; step: string; at: string; message: string }
  | { type: 'finished'; at: string; counts: Record<string, number> };

/**
 * One journal line as JSON text, without its line end: the sink that writes it adds "\n" (and fsyncs before
 * it resolves). A line cut short by a crash is told apart by its missing line end (`replayJournal`).
 */
export function journalLine(line: JournalLine): string {
  return JSON.stringify(line);
}

export interface StepState {
  status: StepStatus | 'pending';
  attempts: number;
  outcome?: StepOutcome;
  /** An earlier attempt may have been applied (sent without a known outcome). */
  inDoubt: boolean;
}

export interface ReplayedJournal {
  batchId: string;
  profile?: string;
  plan: BatchPlan;
  steps: Map<string, StepState>;
  /** The last line is "finished". */
  finished: boolean;
  /** The batch's last stop, when nothing came after it (no resume): why, in the `stopped` line's words. */
  stopped?: { reason: string; message: string };
  /** Lines that could not be read (a line cut short by a crash is expected; others are reported). */
  unreadable: number[];
  /**
   * The last line, when a crash cut it short while it was being written (not JSON, no line end): left out
   * of the replay; `resume` removes it before appending, so the journal goes on from the last whole line.
   */
  cutShort?: number;
  /** Lines before the last that are not journal lines (the file was damaged or edited); see replayJournal. */
  damaged?: DamagedLines;
}

export interface DamagedLines {
  /** 1-based line numbers, and the start of the first one as it reads. */
  lines: number[];
  firstText: string;
  /** Steps left in doubt only because a damaged line may have been theirs: reconciled before any re-send. */
  steps: string[];
}

const LINE_TYPES = new Set(['batch', 'resumed', 'sending', 'outcome', 'stopped', 'finished', 'anomaly']);

/** The start of a line as a quoted string, for messages. */
function quoteStart(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

export class JournalFormatError extends Error {}

/**
 * Read a journal's text back into the plan and each step's state.
 *
 * A line that is not a journal line (not JSON, or not one of its types) is either the last line, cut short
 * by a crash (`cutShort`), or damage. What a damaged line said is unknown: it may have been the `sending`
 * line of any step not decided at that point, so each such step is replayed as sent without a recorded
 * answer (in doubt) unless a later line decides it. Steps in doubt are reconciled before anything is sent
 * again, and an upload in doubt becomes unknown (re-sent only when asked): nothing is sent twice on a guess.
 * Only damage to the first line, the plan, cannot be replayed around.
 */
export function replayJournal(text: string): ReplayedJournal {
  const lines = text.split('\n');
  const lastNonEmpty = lines.reduce((last, l, i) => (l.trim() === '' ? last : i + 1), 0);
  let header: Extract<JournalLine, { type: 'batch' }> | undefined;
  const steps = new Map<string, StepState>();
  const unreadable: number[] = [];
  const damagedLines: number[] = [];
  /** Steps in doubt because of a damaged line, until a later line of their own says otherwise. */
  const doubted = new Set<string>();
  const noPlan = (otherwise: string): JournalFormatError =>
    new JournalFormatError(
      unreadable[0] === 1
        ? `journal line 1, which holds the plan, is damaged: ${quoteStart(lines[0] ?? '')}. Without it nothing can be resumed: restore the file from a backup`
        : otherwise,
    );
  let finished = false;
  let stopped: { reason: string; message: string } | undefined;
  let profile: string | undefined;
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    let line: JournalLine | undefined;
    try {
      const parsed = JSON.parse(raw) as unknown;
      const type =
        typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
      if (typeof type === 'string' && LINE_TYPES.has(type)) line = parsed as JournalLine;
    } catch {
      // not JSON: handled below
    }
    if (!line) {
      unreadable.push(index + 1);
      if (index + 1 === lastNonEmpty || !header) return;
      damagedLines.push(index + 1);
      finished = false;
      for (const [id, state] of steps) {
        if (state.status !== 'pending' && state.status !== 'in-doubt') continue;
        if (state.status === 'pending') doubted.add(id);
        state.status = 'in-doubt';
        state.inDoubt = true;
      }
      return;
    }
    if (line.type === 'batch') {
      if (line.version !== JOURNAL_VERSION)
        throw new JournalFormatError(`journal version ${String(line.version)} is not ${JOURNAL_VERSION}`);
      header = line;
      profile = line.profile;
      for (const step of line.plan.steps)
        steps.set(step.id, { status: 'pending', attempts: 0, inDoubt: false });
      return;
    }
    if (!header) throw noPlan('the journal does not start with its plan');
    if (line.type !== 'anomaly') finished = line.type === 'finished';
    if (line.type === 'stopped') stopped = { reason: line.reason, message: line.message };
    else if (line.type === 'resumed' || line.type === 'finished') stopped = undefined;
    if (line.type === 'resumed' && line.profile) profile = line.profile;
    if (line.type === 'sending') {
      const state = steps.get(line.step);
      if (!state) return;
      doubted.delete(line.step);
      state.attempts = Math.max(state.attempts, line.attempt);
      state.status = 'in-doubt';
      state.inDoubt = true;
    } else if (line.type === 'outcome') {
      const state = steps.get(line.step);
      if (!state) return;
      doubted.delete(line.step);
      const { type: _type, step: _step, at, ...outcome } = line;
      state.outcome = { ...outcome, time: outcome.time ?? at };
      state.status = line.status;
      // A "retry" outcome means the attempt was not applied; "in-doubt" keeps the doubt.
      if (line.status === 'retry') state.inDoubt = false;
      if (line.status === 'in-doubt') state.inDoubt = true;
      if (line.status === 'retry') state.status = 'pending';
    } else if (line.type === 'anomaly') {
      const outcome = steps.get(line.step)?.outcome;
      if (outcome) outcome.anomalies = [...(outcome.anomalies ?? []), line.message];
    }
  });
  if (!header) throw noPlan('the journal holds no plan (is it a Fieldgate journal?)');
  const out: ReplayedJournal = {
    batchId: header.batchId,
    plan: header.plan,
    steps,
    finished: finished && doubted.size === 0,
    unreadable,
  };
  if (profile !== undefined) out.profile = profile;
  if (stopped !== undefined && !out.finished) out.stopped = stopped;
  if (unreadable.includes(lastNonEmpty)) out.cutShort = lastNonEmpty;
  const firstDamaged = damagedLines[0];
  if (firstDamaged !== undefined)
    out.damaged = {
      lines: damagedLines,
      firstText: quoteStart(lines[firstDamaged - 1] ?? ''),
      steps: [...doubted],
    };
  return out;
}

/** How the journal's batch ended, as its rows not sent read it (cancelled: "not sent", not pending). */
export function runEndOf(replayed: ReplayedJournal): RunEnd {
  return replayed.stopped?.reason === 'cancelled' ? { cancelled: true } : {};
}

/** One paragraph for status and resume: which lines are damaged and what becomes of the rows they may concern. */
export function describeDamage(replayed: ReplayedJournal): string | undefined {
  const damage = replayed.damaged;
  if (!damage) return undefined;
  const [first, ...more] = damage.lines;
  const which = `line ${first}${more.length > 0 ? ` (and ${more.length} more: ${more.slice(0, 5).join(', ')}${more.length > 5 ? ', …' : ''})` : ''}`;
  const rows = new Set<number>();
  const byId = new Map(replayed.plan.steps.map((s) => [s.id, s]));
  for (const id of damage.steps) for (const row of byId.get(id)?.rows ?? []) rows.add(row);
  const sorted = [...rows].sort((a, b) => a - b);
  const listed = `${sorted.slice(0, 10).join(', ')}${sorted.length > 10 ? ', …' : ''}`;
  const effect =
    damage.steps.length === 0
      ? 'every step it could concern was decided by a later line, so nothing is in doubt because of it'
      : `${damage.steps.length === 1 ? 'the step' : `${damage.steps.length} steps`} not decided before it (${sorted.length === 1 ? 'row' : 'rows'} ${listed}) may have been sent: each is reconciled with the service before anything is sent again, and an upload among them becomes unknown (sent again only when asked: resendUnknown, --resend-unknown)`;
  return `journal ${which} is damaged (not a journal line: ${damage.firstText}); the file was damaged or edited. ${effect[0]?.toUpperCase()}${effect.slice(1)}.`;
}
