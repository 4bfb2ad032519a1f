/**
 * A batch as a plan of steps: each step is one call (or one find-or-create) answering for one or more rows,
 * with its dependency (a location enrollment waits for the experiment it needs). Each experiment is found or
 * created once, however many rows need it; the fields of one receiving user (per upload group) go in one upload. Rows with
 * errors stop the plan unless `skipInvalid`, when they are reported and left out.
 */
import { BATCH_EXPERIMENT_ID } from '../records/service-operation.ts';
import type { BatchOperation, BatchRow, RowDiagnostic, RowSource, UploadField } from './batch-rows.ts';
import { canonicalId } from './natural-key.ts';

export { BATCH_EXPERIMENT_ID };

/** Fields per upload: keeps each request well under the service's body limit. */
export const FIELDS_PER_UPLOAD = 500;

export interface PlanStep {
  /** "s1", "s2", …: stable within the journal. */
  id: string;
  /** The rows this step answers for. */
  rows: number[];
  operation: BatchOperation;
  /** The step that finds or creates the experiment this step needs. */
  dependsOn?: string;
}

export interface PlannedRow {
  row: number;
  columns: Record<string, string>;
  /** Where it came from (absent in journals written before rows said). */
  source?: RowSource;
  /** The step that sends it; absent for a row left out. */
  step?: string;
  /** Why the row is left out (its errors, or why it cannot be sent). */
  invalid?: string;
  diagnostics: RowDiagnostic[];
}

export interface BatchPlan {
  version: 1;
  /** The batch file's name and kind, for people reading the journal. */
  source: { name: string; kind: string };
  /** Column names in first-seen order: the results CSV's leading columns. */
  columns: string[];
  rows: PlannedRow[];
  steps: PlanStep[];
  /** The encoding and delimiter of the batch's CSV input, for a results CSV its spreadsheet opens. */
  spreadsheet?: { encoding: string; delimiter: string };
}

export interface PlanOptions {
  source: { name: string; kind: string };
  spreadsheet?: BatchPlan['spreadsheet'];
  /** Send the clean rows and report the rest (default: any error stops the batch). */
  skipInvalid?: boolean;
  /** Diagnostics of the document as a whole: an error among them stops the batch. */
  unplaced?: readonly RowDiagnostic[];
}

export type PlanResult =
  { ok: true; plan: BatchPlan } | { ok: false; message: string; invalidRows: PlannedRow[]; plan: BatchPlan };

function invalidReason(row: BatchRow): string | undefined {
  const errors = row.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    return errors
      .slice(0, 3)
      .map((d) => `${d.code} ${d.message}`)
      .join('; ')
      .concat(errors.length > 3 ? ` (and ${errors.length - 3} more)` : '');
  return row.unsendable;
}

/**
 * The plan of a batch's rows: one step per call (experiments found or created once, before the location
 * enrollments that need them; fields grouped into uploads per receiving user). Rows with errors fail the
 * plan (`ok: false`, with the rows and the plan) unless `skipInvalid`, when they are marked and left out.
 */
export function planBatch(rows: readonly BatchRow[], options: PlanOptions): PlanResult {
  const columns: string[] = [];
  const seenColumns = new Set<string>();
  const planned: PlannedRow[] = [];
  const steps: PlanStep[] = [];
  const experimentSteps = new Map<string, PlanStep>();
  const uploadSteps = new Map<string, PlanStep>();
  const invalidRows: PlannedRow[] = [];
  let lastExperiment: PlanStep | undefined;
  const newStep = (row: number, operation: BatchOperation): PlanStep => {
    const step: PlanStep = { id: `s${steps.length + 1}`, rows: [row], operation };
    steps.push(step);
    return step;
  };

  for (const row of rows) {
    for (const name of Object.keys(row.columns)) {
      if (!seenColumns.has(name)) {
        seenColumns.add(name);
        columns.push(name);
      }
    }
    const out: PlannedRow = { row: row.row, columns: row.columns, diagnostics: row.diagnostics };
    if (row.source) out.source = row.source;
    planned.push(out);
    const reason = invalidReason(row);
    const op = row.operation;
    if (reason !== undefined || !op) {
      out.invalid = reason ?? 'nothing to send';
      invalidRows.push(out);
      continue;
    }
    let step: PlanStep;
    if (op.call === 'findOrCreateExperiment') {
      const key = canonicalId(op.body.experimentEnrollmentId);
      const existing = experimentSteps.get(key);
      if (existing?.operation.call === 'findOrCreateExperiment') {
        existing.rows.push(row.row);
        step = existing;
      } else {
        step = newStep(row.row, op);
        // A find planned earlier for this id is answered by the find-or-create.
        if (existing) {
          existing.operation = op;
          existing.rows.push(row.row);
          steps.pop();
          step = existing;
        }
        experimentSteps.set(key, step);
      }
      lastExperiment = step;
    } else if (op.call === 'findExperiments') {
      const key = canonicalId(op.experimentEnrollmentId);
      const existing = experimentSteps.get(key);
      if (existing) {
        existing.rows.push(row.row);
        step = existing;
      } else {
        step = newStep(row.row, op);
        experimentSteps.set(key, step);
      }
    } else if (op.call === 'uploadFields') {
      const uploadKey = `${row.uploadGroup ?? ''}\u0000${op.userName}`;
      const current = uploadSteps.get(uploadKey);
      if (
        current?.operation.call === 'uploadFields' &&
        current.operation.fields.length + op.fields.length <= FIELDS_PER_UPLOAD
      ) {
        current.operation.fields.push(...op.fields);
        current.rows.push(row.row);
        step = current;
      } else {
        step = newStep(row.row, { ...op, fields: [...op.fields] as UploadField[] });
        uploadSteps.set(uploadKey, step);
      }
    } else if (op.call === 'createEnrollment' && op.type === 'location') {
      const eeid = op.experimentEnrollmentId;
      // The first row naming an experiment no earlier row finds or creates brings its find-or-create.
      if (eeid !== undefined && op.experiment && !experimentSteps.has(canonicalId(eeid))) {
        const experimentStep: PlanStep = {
          id: `s${steps.length + 1}`,
          rows: [],
          operation: { call: 'findOrCreateExperiment', body: op.experiment },
        };
        steps.push(experimentStep);
        experimentSteps.set(canonicalId(eeid), experimentStep);
      }
      step = newStep(row.row, op);
      const needs =
        eeid !== undefined
          ? experimentSteps.get(canonicalId(eeid))
          : canonicalId(op.body.experimentId) === BATCH_EXPERIMENT_ID
            ? lastExperiment
            : undefined;
      if (needs) step.dependsOn = needs.id;
      else if (eeid !== undefined || canonicalId(op.body.experimentId) === BATCH_EXPERIMENT_ID) {
        steps.pop();
        out.invalid = 'the experiment this enrollment needs is not found or created earlier in the batch';
        invalidRows.push(out);
        continue;
      }
    } else {
      step = newStep(row.row, op);
    }
    out.step = step.id;
  }

  const plan: BatchPlan = { version: 1, source: options.source, columns, rows: planned, steps };
  if (options.spreadsheet) plan.spreadsheet = options.spreadsheet;
  const documentErrors = (options.unplaced ?? []).filter((d) => d.severity === 'error');
  if (documentErrors.length > 0)
    return {
      ok: false,
      message: `the batch as a whole has errors: ${documentErrors.map((d) => `${d.code} ${d.message}`).join('; ')}`,
      invalidRows,
      plan,
    };
  if (invalidRows.length > 0 && !options.skipInvalid)
    return {
      ok: false,
      message: `${invalidRows.length} of ${planned.length} rows have errors or cannot be sent; fix them, or send the clean rows with the skipInvalid option (--skip-invalid)`,
      invalidRows,
      plan,
    };
  return { ok: true, plan };
}
