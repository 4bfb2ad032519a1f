/**
 * The batch journal: append-only JSON lines, one per state change, written (and flushed to disk by the
 * adapter) before the runner goes on: the plan ("batch"), each step's "sending" before its request leaves,
 * and its "outcome" after. Replaying the lines tells, after any crash, which steps are finished, which
 * are pending, and which were being sent when the process died ("in doubt": reconciled before any
 * re-send). Lines hold no secret: no credential, token or key is ever part of a step or an outcome.
 */
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
  | { type: 'finished'; at: string; counts: Record<string, number> };

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
  /** Lines that could not be read (a line cut short by a crash is expected; others are reported). */
  unreadable: number[];
  /**
   * The last line, when a crash cut it short while it was being written (not JSON, no line end): left out
   * of the replay; `resume` removes it before appending, so the journal goes on from the last whole line.
   */
  cutShort?: number;
}

export class JournalFormatError extends Error {}

/** Read a journal's text back into the plan and each step's state. */
export function replayJournal(text: string): ReplayedJournal {
  const lines = text.split('\n');
  let header: Extract<JournalLine, { type: 'batch' }> | undefined;
  const steps = new Map<string, StepState>();
  const unreadable: number[] = [];
  let finished = false;
  let profile: string | undefined;
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    let line: JournalLine;
    try {
      line = JSON.parse(raw) as JournalLine;
    } catch {
      unreadable.push(index + 1);
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
    if (!header) throw new JournalFormatError('the journal does not start with its plan');
    finished = line.type === 'finished';
    if (line.type === 'resumed' && line.profile) profile = line.profile;
    if (line.type === 'sending') {
      const state = steps.get(line.step);
      if (!state) return;
      state.attempts = Math.max(state.attempts, line.attempt);
      state.status = 'in-doubt';
      state.inDoubt = true;
    } else if (line.type === 'outcome') {
      const state = steps.get(line.step);
      if (!state) return;
      const { type: _type, step: _step, at, ...outcome } = line;
      state.outcome = { ...outcome, time: outcome.time ?? at };
      state.status = line.status;
      // A "retry" outcome means the attempt was not applied; "in-doubt" keeps the doubt.
      if (line.status === 'retry') state.inDoubt = false;
      if (line.status === 'in-doubt') state.inDoubt = true;
      if (line.status === 'retry') state.status = 'pending';
    }
  });
  if (!header) throw new JournalFormatError('the journal holds no plan (is it a Fieldgate journal?)');
  // Only the last line may be cut short by a crash; a bad line elsewhere means the file was edited.
  const lastNonEmpty = lines.reduce((last, l, i) => (l.trim() === '' ? last : i + 1), 0);
  const bad = unreadable.filter((n) => n !== lastNonEmpty);
  if (bad.length > 0) {
    const first = bad[0]!;
    const text = lines[first - 1] ?? '';
    const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
    throw new JournalFormatError(
      `journal line ${first}${bad.length > 1 ? ` (and ${bad.length - 1} more: ${bad.slice(1, 6).join(', ')}${bad.length > 6 ? ', …' : ''})` : ''} is not JSON: ${shown}; the file was damaged or edited, and only its last line may be cut short by a crash. Restore it from a backup: resume will not guess what the line said`,
    );
  }
  const out: ReplayedJournal = {
    batchId: header.batchId,
    plan: header.plan,
    steps,
    finished,
    unreadable,
  };
  if (profile !== undefined) out.profile = profile;
  if (unreadable.includes(lastNonEmpty)) out.cutShort = lastNonEmpty;
  return out;
}
