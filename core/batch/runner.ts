/**
 * The batch runner: sends a plan's steps with bounded concurrency, each exactly once, without idempotency
 * keys. Every state change is journaled (and flushed by the injected sink) before the runner goes on:
 * "sending" before a request leaves, "outcome" after. A create whose outcome is unknown (a time-out, a
 * reset, a 5xx after the body left, or a crash between "sending" and "outcome") is reconciled before any
 * re-send: the program's or the experiment's enrollments are listed and matched by natural key, or the
 * experiment is found by its experimentEnrollmentId. Rounds repeat until every step is finished or the
 * batch stops (cancelled, stopped, credentials refused, quota used up, retries exhausted): resumable.
 *
 * Pure: the client, the journal sink, the clock and sleep are injected.
 */
import type { ClientFailure, ClientResult, Sleep } from '../client/client-types.ts';
import { recordTypeOf, type EnrollmentRecord, type ServiceClient } from '../client/service-client.ts';
import type { BatchOperation, RowDiagnostic, RowSource } from './batch-rows.ts';
import {
  journalLine,
  type DoneHow,
  type JournalLine,
  type ReplayedJournal,
  type StepOutcome,
  type StepState,
} from './journal.ts';
import {
  canonicalId,
  enrollmentScope,
  recordHoldsUpdate,
  recordMatches,
  sentValueDifferences,
} from './natural-key.ts';
import { rowOutcome, type RowOutcome, type RunEnd } from './outcomes.ts';
import type { BatchPlan, PlannedRow, PlanStep } from './plan.ts';
import { plural } from '../values/plural.ts';

/** The calls the runner makes: a ServiceClient, or a stand-in with the same methods. */
export type BatchClient = Pick<
  ServiceClient,
  | 'createEnrollment'
  | 'getEnrollment'
  | 'updateEnrollment'
  | 'removeEnrollment'
  | 'listAllEnrollments'
  | 'findExperiments'
  | 'createExperiment'
  | 'uploadFieldsV2'
  | 'uploadRxV2'
  | 'uploadModusResultV2'
>;

export const UNKNOWN_UPLOAD_MESSAGE =
  "no answer came, so it may or may not have arrived: check the receiving user's data inbox";

export interface BatchProgress {
  /** Rows to send (rows left out as invalid are not counted). */
  total: number;
  /** Rows applied cleanly. */
  done: number;
  /** Rows applied by the service's account, whose answer was impossible (StepOutcome.anomalies). */
  anomalous: number;
  failed: number;
  unknown: number;
  /** Rows waiting for a re-send or a reconciliation. */
  retrying: number;
  inFlight: number;
  /** Rows finished per second over the last ten seconds. */
  ratePerSecond: number;
  /** Seconds left at that rate; undefined before a rate is known. */
  etaSeconds?: number;
}

/**
 * done: applied; anomalous: applied by the service's account, but its answer is impossible (see
 * StepOutcome.anomalies): check it; failed: refused; invalid: not sent (errors); unknown: an upload whose
 * outcome is unknown; pending: not finished.
 */
export type RowResultStatus = 'done' | 'anomalous' | 'failed' | 'invalid' | 'unknown' | 'pending';

export const ROW_RESULT_STATUSES: readonly RowResultStatus[] = [
  'done',
  'anomalous',
  'failed',
  'invalid',
  'unknown',
  'pending',
];

export interface RowResult {
  row: number;
  columns: Record<string, string>;
  source?: RowSource;
  status: RowResultStatus;
  /** What happened to it, in the words every report uses (core/batch/outcomes.ts). */
  outcome: RowOutcome;
  /** How a done step got there (created, found, updated …). */
  how?: DoneHow;
  /** Sent without a recorded answer: reconciled before anything is sent again. */
  inDoubt?: true;
  /** The HTTP status and the service's error code of the answer that decided it. */
  httpStatus?: number;
  errorCode?: string;
  id?: string;
  requestId?: string;
  message: string;
  diagnostics: RowDiagnostic[];
  /** What the service answered that it should not have (status `anomalous`). */
  anomalies?: string[];
  /** Answers read tolerantly (no harm done). */
  notices?: string[];
}

export interface BatchRunResult {
  /** finished: every step has its final outcome; stopped: resumable. */
  outcome: 'finished' | 'stopped';
  stopReason?: string;
  message?: string;
  retryAt?: string;
  rows: RowResult[];
  counts: Record<RowResultStatus, number>;
}

export interface BatchRunnerOptions {
  plan: BatchPlan;
  client: BatchClient;
  /** Write one journal line durably (the Node adapter writes and fsyncs); resolves once it is on disk. */
  append: (line: string) => Promise<void>;
  now: () => Date;
  sleep: Sleep;
  /** A new batch's id (journaled); ignored when resuming. */
  batchId?: string;
  /** The journal read back: resume from it. */
  replayed?: ReplayedJournal;
  /** The profile's name, journaled for the resume command (never a secret). */
  profile?: string;
  /** Requests in flight at most (default 8). */
  concurrency?: number;
  /**
   * Send again, once, each upload whose outcome was unknown when the run started (it may then be in the
   * inbox twice). An upload whose outcome becomes unknown during the run is not sent again in it.
   */
  resendUnknown?: boolean;
  /** Reads a file an upload names (Rx ZIPs, soil tests). */
  readFile?: (path: string) => Promise<Uint8Array | undefined>;
  /** Aborting cancels the requests in flight (their outcome is journaled as in doubt when unknown). */
  signal?: AbortSignal;
  onProgress?: (progress: BatchProgress) => void;
  /** Each step's outcome as it is journaled (live displays update the step's rows from it). */
  onOutcome?: (step: PlanStep, outcome: StepOutcome) => void;
  /** Rounds of retries before the batch stops unfinished (default 12). */
  maxRounds?: number;
}

const FINAL = new Set(['done', 'failed', 'unknown']);

/** Failures that stop the whole batch: every further request would meet them too (a server not there). */
const STOPPING: ReadonlySet<ClientFailure['kind']> = new Set([
  'credentials',
  'scope',
  'forbidden',
  'quota',
  'unreachable',
]);

/** Failures of the row's data (or of an answer the client cannot read): final. */
const DATA_FAILURES: ReadonlySet<ClientFailure['kind']> = new Set([
  'rejected',
  'not-found',
  'conflict',
  'too-large',
  'invalid-input',
  'unexpected-response',
  'sharing-key',
]);

interface Stop {
  reason: string;
  message: string;
  retryAt?: string;
}

/**
 * Sends a plan's steps exactly once with bounded concurrency, journaling each state change through `append`
 * before going on, and reconciling what was in flight when it resumes from a journal (`replayed`). `run()`
 * resolves when every step has its outcome or the batch stops (resumable). From Node, `submitBatch` and
 * `resumeBatch` of `fieldgate/node` run it with a journal on disk and the command line's defaults.
 */
export class BatchRunner {
  private readonly steps = new Map<string, PlanStep>();
  private readonly states = new Map<string, StepState>();
  private readonly stepOfRow = new Map<number, string>();
  /** Each step beside its state (states change in place): progress walks this, not two maps, ten times a second. */
  private readonly tally: { rows: number; state: StepState }[] = [];
  private stop: Stop | undefined;
  private paused: { promise: Promise<void>; release: () => void } | undefined;
  private inFlight = 0;
  private readonly finishedTimes: number[] = [];
  private readonly concurrency: number;
  /** Ids the service gave creates, by the step they answered: one id for two creates is impossible. */
  private readonly createdIds = new Map<string, string>();
  /** Uploads unknown when the run started that --resend-unknown sends again (each once). */
  private readonly resendable = new Set<string>();
  /** Creates a reconciling list did not hold (by step): a 409 for one of them means that list omitted it. */
  private readonly listedWithout = new Map<string, string>();

  /** A runner of `options.plan`, its steps in the states `options.replayed` (a journal) left them in, if any. */
  constructor(private readonly options: BatchRunnerOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
    for (const step of options.plan.steps) {
      this.steps.set(step.id, step);
      const replayed = options.replayed?.steps.get(step.id);
      const state: StepState = replayed
        ? { ...replayed }
        : { status: 'pending', attempts: 0, inDoubt: false };
      this.states.set(step.id, state);
      this.tally.push({ rows: step.rows.length, state });
      for (const row of step.rows) this.stepOfRow.set(row, step.id);
      const outcome = replayed?.outcome;
      if (outcome?.how === 'created' && outcome.id !== undefined) this.createdIds.set(outcome.id, step.id);
    }
  }

  /** Stop taking new steps; resolve `run` once the requests in flight have their outcome. */
  requestStop(reason = 'stopped', message = 'stopped by the user'): void {
    this.stop ??= { reason, message };
    this.resume();
  }

  /** Hold new steps (those in flight finish) until `resume`. */
  pause(): void {
    if (this.paused) return;
    let release = (): void => undefined;
    const promise = new Promise<void>((resolve) => (release = resolve));
    this.paused = { promise, release };
  }

  /** Take new steps again after `pause`. */
  resume(): void {
    const paused = this.paused;
    this.paused = undefined;
    paused?.release();
  }

  private get cancelled(): boolean {
    return this.options.signal?.aborted === true;
  }

  private async write(line: JournalLine): Promise<void> {
    await this.options.append(journalLine(line));
  }

  private time(): string {
    return this.options.now().toISOString();
  }

  private async record(step: PlanStep, outcome: StepOutcome): Promise<void> {
    const state = this.states.get(step.id)!;
    await this.write({ type: 'outcome', step: step.id, at: this.time(), ...outcome });
    state.outcome = outcome;
    if (outcome.status === 'retry') {
      state.status = 'pending';
      state.inDoubt = false;
    } else {
      state.status = outcome.status;
      if (outcome.status === 'in-doubt') state.inDoubt = true;
    }
    this.options.onOutcome?.(step, outcome);
    if (FINAL.has(outcome.status)) {
      const now = this.options.now().getTime();
      for (let i = 0; i < step.rows.length; i++) this.finishedTimes.push(now);
    }
    this.progress();
  }

  /** Progress now: counts by row. */
  snapshot(): BatchProgress {
    let total = 0;
    let done = 0;
    let anomalous = 0;
    let failed = 0;
    let unknown = 0;
    let retrying = 0;
    for (const { rows: n, state } of this.tally) {
      total += n;
      if (state.status === 'done') {
        if (state.outcome?.anomalies?.length) anomalous += n;
        else done += n;
      } else if (state.status === 'failed') failed += n;
      else if (state.status === 'unknown') unknown += n;
      else if (state.status === 'in-doubt' || (state.status === 'pending' && state.attempts > 0))
        retrying += n;
    }
    const now = this.options.now().getTime();
    while (this.finishedTimes.length > 0 && this.finishedTimes[0]! < now - 10_000) this.finishedTimes.shift();
    const oldest = this.finishedTimes[0];
    const span = oldest === undefined ? 0 : Math.max(1, now - oldest) / 1000;
    const ratePerSecond = span > 0 ? this.finishedTimes.length / Math.max(span, 1) : 0;
    const progress: BatchProgress = {
      total,
      done,
      anomalous,
      failed,
      unknown,
      retrying,
      inFlight: this.inFlight,
      ratePerSecond,
    };
    const left = total - done - anomalous - failed - unknown;
    if (ratePerSecond > 0) progress.etaSeconds = left / ratePerSecond;
    return progress;
  }

  private lastProgressMs = -Infinity;

  /** Progress events at most ten a second (a snapshot walks every step); `force` for the last one. */
  private progress(force = false): void {
    if (!this.options.onProgress) return;
    const now = this.options.now().getTime();
    if (!force && now - this.lastProgressMs < 100) return;
    this.lastProgressMs = now;
    this.options.onProgress(this.snapshot());
  }

  /**
   * Send every step not yet done, journaling each before and after, and resolve with each row's outcome
   * when all have one or the batch stops (then `outcome` says it can be resumed from the journal).
   */
  async run(): Promise<BatchRunResult> {
    const { options } = this;
    if (options.replayed) {
      await this.write({
        type: 'resumed',
        at: this.time(),
        ...(options.profile ? { profile: options.profile } : {}),
      });
    } else {
      await this.write({
        type: 'batch',
        version: 1,
        batchId: options.batchId ?? `batch-${this.time()}`,
        at: this.time(),
        ...(options.profile ? { profile: options.profile } : {}),
        plan: options.plan,
      });
    }
    if (options.resendUnknown) {
      // Only what was unknown when the run started (or left in doubt by a run that died) is sent again.
      for (const [id, state] of this.states)
        if (
          (state.status === 'unknown' || state.status === 'in-doubt') &&
          isUpload(this.steps.get(id)!.operation)
        ) {
          this.resendable.add(id);
          if (state.status === 'unknown') {
            state.status = 'pending';
            state.inDoubt = true;
          }
        }
    }
    this.progress();
    const maxRounds = options.maxRounds ?? 12;
    let pause = 0;
    for (let round = 0; round < maxRounds; round++) {
      if (this.stop || this.cancelled) break;
      await this.reconcileInDoubt();
      if (this.stop || this.cancelled) break;
      await this.failOrphans();
      const ready = [...this.steps.values()].filter((s) => this.isReady(s));
      if (ready.length === 0) {
        // Only steps in doubt are left (their listing failed for now): wait, then reconcile again.
        if (![...this.states.values()].some((s) => s.status === 'in-doubt')) break;
        pause = Math.min(8000, Math.max(250, pause * 2));
        try {
          await options.sleep(pause, options.signal);
        } catch {
          break;
        }
        continue;
      }
      if (pause > 0) {
        try {
          await options.sleep(pause, options.signal);
        } catch {
          break;
        }
      }
      const retried = await this.runPool(ready);
      // Steps refused for now (rate, unavailable) wait a little longer each round.
      pause = retried ? Math.min(8000, Math.max(250, pause * 2)) : 0;
    }
    // A run cancelled by the user says what became of what it sent without an answer: each is looked up (a
    // read; nothing is sent again), so a row ends created, already there, or not sent, not in doubt.
    if (this.stop?.reason === 'cancelled' && !this.cancelled) await this.reconcileInDoubt({ stopping: true });
    return this.finish();
  }

  private isReady(step: PlanStep): boolean {
    const state = this.states.get(step.id)!;
    if (state.status !== 'pending') return false;
    if (!step.dependsOn) return true;
    return this.states.get(step.dependsOn)?.status === 'done';
  }

  /** Steps whose experiment could not be found or created fail with it. */
  private async failOrphans(): Promise<void> {
    for (const step of this.steps.values()) {
      const state = this.states.get(step.id)!;
      if (state.status !== 'pending' || !step.dependsOn) continue;
      const dep = this.states.get(step.dependsOn);
      if (dep?.status === 'failed')
        await this.record(step, {
          status: 'failed',
          message: `the experiment it needs could not be found or created: ${dep.outcome?.message ?? ''}`,
        });
    }
  }

  /** Run the ready steps; true when some were refused for now (worth a pause before the next round). */
  private async runPool(ready: PlanStep[]): Promise<boolean> {
    let next = 0;
    let retried = false;
    const worker = async (): Promise<void> => {
      for (;;) {
        if (this.paused) await this.paused.promise;
        if (this.stop || this.cancelled) return;
        const step = ready[next++];
        if (!step) return;
        this.inFlight++;
        try {
          const outcome = await this.execute(step);
          if (outcome.status === 'retry') retried = true;
          await this.record(step, outcome);
        } finally {
          this.inFlight--;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, ready.length) }, worker));
    return retried;
  }

  /** Journal "sending" (on disk before the request leaves). */
  private async sending(step: PlanStep): Promise<void> {
    const state = this.states.get(step.id)!;
    state.attempts++;
    await this.write({ type: 'sending', step: step.id, attempt: state.attempts, at: this.time() });
  }

  /** The outcome of a failure that is not the row's success. */
  private failed(error: ClientFailure, write: boolean): StepOutcome {
    const base: StepOutcome = { status: 'failed', message: error.message };
    if (error.requestId !== undefined) base.requestId = error.requestId;
    if (error.status !== undefined) base.httpStatus = error.status;
    if (error.errorCode !== undefined) base.errorCode = error.errorCode;
    if (error.kind === 'outcome-unknown') return { ...base, status: 'in-doubt' };
    if (error.kind === 'cancelled')
      return { ...base, status: write && error.outcomeUnknown ? 'in-doubt' : 'retry' };
    if (STOPPING.has(error.kind)) {
      const stop: Stop = { reason: error.kind, message: error.message };
      if (error.retryAt !== undefined) stop.retryAt = error.retryAt;
      this.stop ??= stop;
      return { ...base, status: 'retry' };
    }
    if (DATA_FAILURES.has(error.kind)) return base;
    return { ...base, status: 'retry' };
  }

  private done<T>(
    result: ClientResult<T> & { ok: true },
    how: DoneHow,
    message: string,
    id?: string,
    anomalies: string[] = [],
  ): StepOutcome {
    const outcome: StepOutcome = { status: 'done', how, message, httpStatus: result.meta.status };
    if (result.meta.requestId !== undefined) outcome.requestId = result.meta.requestId;
    if (id !== undefined) outcome.id = id;
    if (anomalies.length > 0) outcome.anomalies = anomalies;
    const known = new Set(anomalies);
    const notices = result.meta.notices.filter((n) => !known.has(n));
    if (notices.length > 0) outcome.notices = notices;
    return outcome;
  }

  /**
   * A create's outcome: done with the id the service gave, anomalous when it gave none, or gave the id it
   * gave another step's create (then that step is marked too, in a journal line of its own).
   */
  private async created<T>(
    step: PlanStep,
    result: ClientResult<T> & { ok: true },
    id: string | undefined,
    record?: Record<string, unknown>,
  ): Promise<StepOutcome> {
    const anomalies = record ? this.createdRecordAnomalies(step, record) : [];
    if (id === undefined) anomalies.push('the service answered the create without the id of what it created');
    else {
      const other = this.createdIds.get(id);
      if (other !== undefined && other !== step.id) {
        const rows = (s: string): string => this.steps.get(s)?.rows.join(', ') ?? '?';
        anomalies.push(
          `the service answered with id ${id}, the id it gave the create of row ${rows(other)}: two creates, one id`,
        );
        const message = `the service answered the create of row ${rows(step.id)} with this row's id ${id} too: two creates, one id`;
        await this.write({ type: 'anomaly', step: other, at: this.time(), message });
        const earlier = this.states.get(other)?.outcome;
        if (earlier) {
          earlier.anomalies = [...(earlier.anomalies ?? []), message];
          this.options.onOutcome?.(this.steps.get(other)!, earlier);
        }
      } else this.createdIds.set(id, step.id);
    }
    return this.done(result, 'created', 'created', id, anomalies);
  }

  /**
   * A create answered with a record that is not what was sent: an enrollment of the other type, or another
   * program, experiment, location or temporal entity (the service cannot have created what it answered).
   */
  private createdRecordAnomalies(step: PlanStep, record: Record<string, unknown>): string[] {
    const op = step.operation;
    const anomalies: string[] = [];
    let body: Record<string, unknown> | undefined;
    if (op.call === 'createEnrollment') {
      body = this.createBody(step);
      const recordType = recordTypeOf(record);
      if (recordType !== undefined && recordType !== op.type)
        anomalies.push(
          `asked to create an enrollment by ${op.type}, the service answered a record of an enrollment by ${recordType}`,
        );
    } else if (op.call === 'findOrCreateExperiment') body = op.body as Record<string, unknown>;
    if (body)
      for (const difference of sentValueDifferences(body, record))
        anomalies.push(`the service answered the create with ${difference}`);
    return anomalies;
  }

  /** A record answered for the id asked about that is the record of another id. */
  private otherRecordAnomalies(asked: string, record: Record<string, unknown> | undefined): string[] {
    if (!record || typeof record.id !== 'string' || canonicalId(record.id) === canonicalId(asked)) return [];
    return [`the service answered with the record of enrollment ${record.id}, not of ${asked} as asked`];
  }

  /** The experimentId a location step sends: its own, or the id its experiment step found or created. */
  private experimentIdFor(step: PlanStep): string | undefined {
    if (!step.dependsOn) return undefined;
    return this.states.get(step.dependsOn)?.outcome?.id;
  }

  private async execute(step: PlanStep): Promise<StepOutcome> {
    const op = step.operation;
    const call = { ...(this.options.signal ? { signal: this.options.signal } : {}) };
    const state = this.states.get(step.id)!;
    const inDoubt = state.inDoubt;
    const { client } = this.options;
    switch (op.call) {
      case 'createEnrollment': {
        const body = this.createBody(step);
        if (step.dependsOn && this.experimentIdFor(step) === undefined)
          return {
            status: 'failed',
            message: 'no experiment has this experimentEnrollmentId (the find came back empty)',
          };
        await this.sending(step);
        const result =
          op.type === 'program'
            ? await client.createEnrollment({ type: 'program', body: op.body }, call)
            : await client.createEnrollment({ type: 'location', body: body as typeof op.body }, call);
        if (result.ok) return this.created(step, result, result.value.id, result.value.enrollment);
        if (result.error.kind === 'conflict') return this.existingEnrollment(step, result.error);
        return this.failed(result.error, true);
      }
      case 'findOrCreateExperiment': {
        const found = await client.findExperiments(
          { experimentEnrollmentId: op.body.experimentEnrollmentId },
          call,
        );
        if (!found.ok) return this.failed(found.error, false);
        const first = found.value.results[0];
        if (first && typeof first.id === 'string')
          return this.done(found, 'found', 'the experiment exists: found', first.id);
        if (first) return foundWithoutId(found.meta);
        await this.sending(step);
        const created = await client.createExperiment({ body: op.body }, call);
        // What the find was read tolerantly for stays with the step (e.g. other experiments left out, A18).
        if (created.ok)
          return withNotices(
            await this.created(step, created, created.value.id, created.value.experiment),
            found.meta.notices,
          );
        if (created.error.kind === 'conflict') {
          // A17: a second create answers experiment-exists; find it (the id may be in the answer).
          if (created.error.existingId)
            return withNotices(
              {
                status: 'done',
                how: 'exists',
                id: created.error.existingId,
                message: 'the experiment exists already',
                ...(created.error.requestId ? { requestId: created.error.requestId } : {}),
              },
              found.meta.notices,
            );
          return { ...this.failed(created.error, true), status: 'in-doubt' };
        }
        return this.failed(created.error, true);
      }
      case 'findExperiments': {
        const found = await client.findExperiments(
          { experimentEnrollmentId: op.experimentEnrollmentId },
          call,
        );
        if (!found.ok) return this.failed(found.error, false);
        const first = found.value.results[0];
        return this.done(
          found,
          'read',
          first ? `found ${found.value.results.length} experiment(s)` : 'no experiment has this id yet',
          typeof first?.id === 'string' ? first.id : undefined,
        );
      }
      case 'getEnrollment': {
        const got = await client.getEnrollment({ type: op.type, enrollmentId: op.enrollmentId }, call);
        if (!got.ok) return this.failed(got.error, false);
        const other = this.otherRecordAnomalies(op.enrollmentId, got.value.enrollment);
        return this.done(got, 'read', 'read', op.enrollmentId, other);
      }
      case 'updateEnrollment': {
        await this.sending(step);
        const updated = await client.updateEnrollment(
          { type: op.type, enrollmentId: op.enrollmentId, body: op.body },
          call,
        );
        if (updated.ok) {
          const record = updated.value.enrollment;
          const anomalies = this.otherRecordAnomalies(op.enrollmentId, record);
          if (record && anomalies.length === 0)
            for (const difference of sentValueDifferences(op.body as Record<string, unknown>, record))
              anomalies.push(`the service answered the update with ${difference}`);
          return this.done(updated, 'updated', 'updated', op.enrollmentId, anomalies);
        }
        const error = updated.error;
        const repeated = inDoubt || error.retriedAfterUnknownOutcome;
        if (repeated && error.kind === 'rejected' && error.errorCode === 'nothing-to-update') {
          // An earlier attempt may have applied it: the record already holding the values is success.
          const now = await client.getEnrollment({ type: op.type, enrollmentId: op.enrollmentId }, call);
          if (!now.ok) return { ...this.failed(now.error, false), status: 'retry' };
          if (recordHoldsUpdate(op.body as Record<string, unknown>, now.value.enrollment))
            return this.done(
              now,
              'already-updated',
              'the enrollment already holds the new values',
              op.enrollmentId,
            );
        }
        return this.failed(error, true);
      }
      case 'removeEnrollment': {
        await this.sending(step);
        const removed = await client.removeEnrollment({ type: op.type, enrollmentId: op.enrollmentId }, call);
        if (removed.ok) {
          const other = this.otherRecordAnomalies(op.enrollmentId, removed.value.enrollment);
          return this.done(removed, 'removed', 'removed', op.enrollmentId, other);
        }
        const error = removed.error;
        if ((inDoubt || error.retriedAfterUnknownOutcome) && error.kind === 'not-found')
          return {
            status: 'done',
            how: 'already-removed',
            id: op.enrollmentId,
            message: 'removed (the earlier attempt had removed it)',
            ...(error.requestId ? { requestId: error.requestId } : {}),
          };
        return this.failed(error, true);
      }
      case 'uploadFields':
      case 'uploadRx':
      case 'uploadSoil':
        return this.upload(step, op);
    }
  }

  private createBody(step: PlanStep): Record<string, unknown> {
    const op = step.operation;
    if (op.call !== 'createEnrollment') return {};
    const experimentId = this.experimentIdFor(step);
    return experimentId && op.type === 'location' ? { ...op.body, experimentId } : { ...op.body };
  }

  /** A 409 to a create: the row's success when the existing record is the row's enrollment. */
  private async existingEnrollment(step: PlanStep, error: ClientFailure): Promise<StepOutcome> {
    const op = step.operation;
    if (op.call !== 'createEnrollment') return this.failed(error, true);
    const body = this.createBody(step);
    const call = this.options.signal ? { signal: this.options.signal } : {};
    if (error.existingId) {
      const got = await this.options.client.getEnrollment(
        { type: op.type, enrollmentId: error.existingId },
        call,
      );
      if (got.ok && recordMatches(op.type, body, got.value.enrollment)) {
        const listed = this.listedWithout.get(step.id);
        return withNotices(
          {
            status: 'done',
            how: 'exists',
            id: error.existingId,
            message: 'the enrollment exists already',
            ...(error.requestId ? { requestId: error.requestId } : {}),
            ...(listed !== undefined
              ? {
                  anomalies: [
                    `the service says it exists, but its list of the enrollments of ${listed} did not hold it before it was sent again: the list omitted it (or another client created it meanwhile)`,
                  ],
                }
              : {}),
          },
          got.meta.notices,
        );
      }
      if (!got.ok && !DATA_FAILURES.has(got.error.kind))
        return { ...this.failed(got.error, false), status: 'in-doubt' };
      return this.failed(error, true);
    }
    // No id given: the list tells (reconciled next round); a second 409 that no listing explains fails.
    if ((this.states.get(step.id)?.attempts ?? 0) > 1) return this.failed(error, true);
    return { ...this.failed(error, true), status: 'in-doubt' };
  }

  private async upload(
    step: PlanStep,
    op: Extract<BatchOperation, { call: 'uploadFields' | 'uploadRx' | 'uploadSoil' }>,
  ): Promise<StepOutcome> {
    const { client } = this.options;
    const call = this.options.signal ? { signal: this.options.signal } : {};
    let result: ClientResult<{
      entitiesCreated?: number;
      message?: string;
      fileSize?: number;
      bytesSent?: number;
    }>;
    if (op.call === 'uploadFields') {
      await this.sending(step);
      result = await client.uploadFieldsV2({ userName: op.userName, body: { fields: op.fields } }, call);
    } else {
      const bytes = await this.options.readFile?.(op.file);
      if (!bytes) return { status: 'failed', message: `the file ${op.file} cannot be read` };
      const fileName = op.file.split(/[\\/]/).pop() ?? op.file;
      await this.sending(step);
      result =
        op.call === 'uploadRx'
          ? await client.uploadRxV2({ userName: op.userName, file: bytes, fileName }, call)
          : await client.uploadModusResultV2(
              { userName: op.userName, sampleDate: op.sampleDate, file: bytes, fileName },
              call,
            );
    }
    if (result.ok) {
      const v = result.value;
      const inbox = `waiting in ${op.userName}'s data inbox`;
      // An answer the earlier interfaces must give (the spec's upload results and X-Http-Request-Id).
      const anomalies: string[] = [];
      let what: string;
      if (op.call === 'uploadFields') {
        const sent = op.fields.length;
        const created = v.entitiesCreated;
        if (created === undefined) anomalies.push('the answer does not say how many fields were created');
        else if (created !== sent)
          anomalies.push(`the service says ${created} of the ${sent} fields sent were created`);
        what = `${created ?? 'an unknown number'} of ${plural(sent, 'field')} created, ${inbox}`;
      } else {
        const size = v.fileSize;
        const sent = v.bytesSent;
        if (size === undefined) anomalies.push('the answer does not give the size of the file it recorded');
        else if (size !== sent) anomalies.push(`the service recorded ${size} bytes; ${sent} were sent`);
        what = `uploaded (${sent ?? '?'} bytes), ${inbox}`;
      }
      if (result.meta.requestId === undefined)
        anomalies.push('the answer carries no X-Http-Request-Id (every answer of this interface does)');
      const outcome = this.done(result, 'uploaded', what, undefined, anomalies);
      // The reader's notices that the checks above already say are not repeated.
      if (outcome.notices)
        outcome.notices = outcome.notices.filter(
          (n) => !/fields were created|bytes, \d+ were sent|how many fields|the file size/.test(n),
        );
      if (outcome.notices?.length === 0) delete outcome.notices;
      return outcome;
    }
    const outcome = this.failed(result.error, true);
    if (outcome.status === 'in-doubt') {
      // Uploads cannot be looked up: only the receiving user's inbox tells. Never sent again in this run.
      return { ...outcome, status: 'unknown', message: `${UNKNOWN_UPLOAD_MESSAGE} (${outcome.message})` };
    }
    return outcome;
  }

  /**
   * Settle every step in doubt: list and match, find the experiment, or mark the upload unknown. A run that
   * is stopping settles them only when asked to (`stopping`), and never once its requests are cancelled.
   */
  private async reconcileInDoubt({ stopping = false } = {}): Promise<void> {
    const call = this.options.signal ? { signal: this.options.signal } : {};
    const byScope = new Map<string, PlanStep[]>();
    for (const step of this.steps.values()) {
      const state = this.states.get(step.id)!;
      if (state.status !== 'in-doubt') continue;
      const op = step.operation;
      if (op.call === 'createEnrollment') {
        const body = this.createBody(step);
        const key = `${op.type}|${enrollmentScope(op.type, body)}`;
        byScope.set(key, [...(byScope.get(key) ?? []), step]);
      } else if (op.call === 'findOrCreateExperiment') {
        const found = await this.options.client.findExperiments(
          { experimentEnrollmentId: op.body.experimentEnrollmentId },
          call,
        );
        if (!found.ok) {
          if (this.failed(found.error, false).status === 'failed')
            await this.record(step, this.failed(found.error, false));
          continue;
        }
        const first = found.value.results[0];
        await this.record(
          step,
          first && typeof first.id === 'string'
            ? this.done(found, 'reconciled', RECONCILED_EXPERIMENT, first.id)
            : first
              ? foundWithoutId(found.meta)
              : { status: 'retry', message: 'not created by the earlier attempt; sending again' },
        );
      } else if (isUpload(op)) {
        if (this.resendable.delete(step.id)) {
          state.status = 'pending';
        } else {
          await this.record(step, {
            status: 'unknown',
            message: `${UNKNOWN_UPLOAD_MESSAGE} (sent, no answer recorded before the batch stopped)`,
          });
        }
      } else {
        // Updates, removals and reads are safe to send again; `inDoubt` stays set for their answers.
        state.status = 'pending';
      }
    }
    for (const [key, steps] of byScope) {
      if ((this.stop && !stopping) || this.cancelled) return;
      const [type, scope] = key.split('|') as ['program' | 'location', string];
      const listed = await this.options.client.listAllEnrollments(
        type === 'program' ? { type, experimentProtocolId: scope } : { type, experimentId: scope },
        call,
      );
      if (!listed.ok && listed.error.kind === 'unexpected-response') {
        // A list that cannot be read (or does not end) cannot tell whether a create was applied: sending it
        // again could make it twice. The batch stops with those rows in doubt; a resume tries again.
        this.stop ??= {
          reason: 'unreadable-list',
          message: `rows sent without an answer cannot be reconciled, the list of what exists cannot be read: ${listed.error.message}`,
        };
        continue;
      }
      if (!listed.ok) {
        const outcome = this.failed(listed.error, false);
        // The list itself refused (a bad scope): the creates cannot have been applied either.
        if (outcome.status === 'failed')
          for (const step of steps) await this.record(step, { ...outcome, status: 'retry' });
        continue;
      }
      const records: EnrollmentRecord[] = listed.value.results;
      for (const step of steps) {
        const op = step.operation;
        if (op.call !== 'createEnrollment') continue;
        const body = this.createBody(step);
        const match = records.find((r) => recordMatches(op.type, body, r));
        if (!match)
          this.listedWithout.set(step.id, `${type === 'program' ? 'program' : 'experiment'} ${scope}`);
        await this.record(
          step,
          match
            ? this.done(
                listed,
                'reconciled',
                RECONCILED_ENROLLMENT,
                typeof match.id === 'string' ? match.id : undefined,
              )
            : { status: 'retry', message: 'not created by the earlier attempt; sending again' },
        );
      }
    }
  }

  private async finish(): Promise<BatchRunResult> {
    const finished = [...this.states.values()].every((s) => FINAL.has(s.status));
    const stop: Stop | undefined = finished
      ? undefined
      : (this.stop ??
        (this.cancelled
          ? { reason: 'cancelled', message: 'cancelled' }
          : {
              reason: 'retries',
              message: 'some rows could not be sent yet (the service kept refusing for now)',
            }));
    const rows = this.rowResults(stop?.reason === 'cancelled' ? { cancelled: true } : {});
    const counts = emptyRowCounts();
    for (const r of rows) counts[r.status]++;
    if (!stop) {
      await this.write({ type: 'finished', at: this.time(), counts });
      this.progress(true);
      return { outcome: 'finished', rows, counts };
    }
    await this.write({ type: 'stopped', at: this.time(), ...stop });
    this.progress(true);
    return {
      outcome: 'stopped',
      stopReason: stop.reason,
      message: stop.message,
      ...(stop.retryAt ? { retryAt: stop.retryAt } : {}),
      rows,
      counts,
    };
  }

  /** A step's state now (undefined for a step not in the plan). */
  stateOf(stepId: string): StepState | undefined {
    return this.states.get(stepId);
  }

  /** Every row of the plan with its status, outcome, id, request id and message. */
  rowResults(end: RunEnd = {}): RowResult[] {
    return rowResultsOf(this.options.plan, (id) => this.states.get(id), end);
  }
}

/** Rows by status, every status counted (0 when none). */
/**
 * A step sent without an answer, then found in the service: that attempt created it, or it was there before
 * (a 500 comes before or after the work): either way it is there now and is not created again.
 */
const RECONCILED_ENROLLMENT =
  'found in the service after an attempt whose answer was lost (that attempt made it, or it was there before): not created again';
const RECONCILED_EXPERIMENT =
  'the experiment was found after an attempt whose answer was lost (that attempt made it, or it was there before): not created again';

/**
 * A find of experiments that answered one without its id: the experiment exists, so creating it would make a
 * second; and with no id its locations cannot be enrolled. The step fails and says why.
 */
function foundWithoutId(meta: { status: number; requestId?: string }): StepOutcome {
  const outcome: StepOutcome = {
    status: 'failed',
    httpStatus: meta.status,
    message:
      'the service found an experiment with this experimentEnrollmentId but gave no id for it: not created a second time; check the experiment on the service',
  };
  if (meta.requestId !== undefined) outcome.requestId = meta.requestId;
  return outcome;
}

export function emptyRowCounts(): Record<RowResultStatus, number> {
  return { done: 0, anomalous: 0, failed: 0, invalid: 0, unknown: 0, pending: 0 };
}

/** An outcome with more notices (each once). */
function withNotices(outcome: StepOutcome, notices: readonly string[]): StepOutcome {
  const all = [...new Set([...(outcome.notices ?? []), ...notices])];
  return all.length > 0 ? { ...outcome, notices: all } : outcome;
}

function isUpload(op: BatchOperation): boolean {
  return op.call === 'uploadFields' || op.call === 'uploadRx' || op.call === 'uploadSoil';
}

/** Row results from a plan and step states (a live run, or a journal read back by `status`). */
export function rowResultsOf(
  plan: BatchPlan,
  stateOf: (stepId: string) => StepState | undefined,
  end: RunEnd = {},
): RowResult[] {
  return plan.rows.map((row) =>
    rowResultOf(row, row.step === undefined ? undefined : stateOf(row.step), end),
  );
}

/** What a row not sent says, by why. */
function pendingMessage(inDoubt: boolean, lastMessage: string | undefined, end: RunEnd): string {
  if (end.cancelled)
    return inDoubt
      ? 'sent when the run was cancelled, and no answer came: it may have been applied (fieldgate resume reconciles it)'
      : 'not sent: the run was cancelled';
  if (end.dryRun) return 'not sent: a dry run (it would be sent)';
  return inDoubt ? 'sent, outcome unknown: reconciled on resume' : (lastMessage ?? 'not sent yet');
}

/** A row's result read again once its run has ended so (a pending row of a cancelled run is "not sent"). */
export function rowResultAtEnd(r: RowResult, end: RunEnd): RowResult {
  if (r.status !== 'pending') return r;
  const outcome = rowOutcome(r, end);
  if (outcome === r.outcome) return r;
  return { ...r, outcome, message: pendingMessage(r.inDoubt === true, undefined, end) };
}

/**
 * One row's result from its planned row, its step's state and how the run ended (a cancelled run's or a
 * dry run's rows not sent are "not sent").
 */
export function rowResultOf(row: PlannedRow, state: StepState | undefined, end: RunEnd = {}): RowResult {
  const base: Pick<RowResult, 'row' | 'columns' | 'diagnostics' | 'source'> = {
    row: row.row,
    columns: row.columns,
    diagnostics: row.diagnostics,
  };
  if (row.source) base.source = row.source;
  if (row.invalid !== undefined || row.step === undefined)
    return { ...base, status: 'invalid' as const, outcome: 'skipped', message: row.invalid ?? 'not sent' };
  const outcome = state?.outcome;
  const inDoubt = state?.status === 'in-doubt';
  const status: RowResultStatus =
    state?.status === 'done'
      ? outcome?.anomalies?.length
        ? 'anomalous'
        : 'done'
      : state?.status === 'failed' || state?.status === 'unknown'
        ? state.status
        : 'pending';
  const result: RowResult = {
    ...base,
    status,
    outcome: rowOutcome({ status, how: outcome?.how, inDoubt }, end),
    message: status === 'pending' ? pendingMessage(inDoubt, outcome?.message, end) : (outcome?.message ?? ''),
  };
  if (inDoubt) result.inDoubt = true;
  if (outcome?.id !== undefined) result.id = outcome.id;
  if (outcome?.requestId !== undefined) result.requestId = outcome.requestId;
  if (outcome?.how !== undefined && status !== 'pending') result.how = outcome.how;
  if (outcome?.httpStatus !== undefined && status !== 'pending') result.httpStatus = outcome.httpStatus;
  if (outcome?.errorCode !== undefined && status !== 'pending') result.errorCode = outcome.errorCode;
  if (outcome?.anomalies?.length) result.anomalies = outcome.anomalies;
  if (outcome?.notices?.length) result.notices = outcome.notices;
  return result;
}
