/**
 * A run's status as the screen keeps it: fetched once, then kept current from the host's events, which
 * carry where the run stands and only the rows whose outcome changed (never the whole batch again).
 */
import type { AppEvent, SubmitRowResult, SubmitStatus } from '../../host/bridge-api.ts';

type SubmitEvent = Extract<AppEvent, { type: 'submit-progress' | 'submit-finished' }>;

/** The status after an event of its run: the new figures, and each changed row put in its place. */
export function withSubmitEvent(status: SubmitStatus, event: SubmitEvent): SubmitStatus {
  if (event.status.runId !== status.runId) return status;
  let rows = status.rows;
  if (event.rows.length > 0) {
    rows = status.rows.slice();
    // Rows are numbered 1… in order: a row is at its number less one (else looked for).
    for (const row of event.rows) {
      const i = rows[row.row - 1]?.row === row.row ? row.row - 1 : rows.findIndex((r) => r.row === row.row);
      if (i < 0) rows.push(row);
      else rows[i] = row;
    }
  }
  return { ...event.status, rows };
}

/** Rows of one outcome, for the retry and filter buttons. */
export function rowsWith(status: SubmitStatus | undefined, outcome: SubmitRowResult['outcome']): number[] {
  return status?.rows.filter((r) => r.outcome === outcome).map((r) => r.row) ?? [];
}
