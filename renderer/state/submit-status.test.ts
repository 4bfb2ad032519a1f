import { describe, expect, it } from 'vitest';
import { countOutcomes } from '../../core/index.ts';
import type { SubmitRowResult, SubmitStatus } from '../../host/bridge-api.ts';
import { rowsWith, withSubmitEvent } from './submit-status.ts';

const row = (n: number, outcome: SubmitRowResult['outcome'] = 'pending'): SubmitRowResult => ({
  row: n,
  file: 'b.csv',
  fileRow: n,
  label: `row ${n}`,
  operation: 'createEnrollment',
  outcome,
});

function status(rows: SubmitRowResult[], state: SubmitStatus['state'] = 'running'): SubmitStatus {
  const counts = countOutcomes(rows.map((r) => r.outcome));
  return {
    runId: 'r1',
    profileId: 'sandbox',
    state,
    dryRun: false,
    total: rows.length,
    done: rows.length - counts.pending,
    failed: 0,
    counts,
    startedAt: '2026-01-01T00:00:00.000Z',
    ratePerSecond: 0,
    rows,
  };
}

describe('a run kept current from its events', () => {
  it('puts each changed row in its place and takes the new figures; other rows stay the same objects', () => {
    const before = status([row(1), row(2), row(3)]);
    const { rows: _rows, ...figures } = status([row(1), row(2, 'created'), row(3)]);
    const after = withSubmitEvent(before, {
      type: 'submit-progress',
      status: figures,
      rows: [row(2, 'created')],
    });
    expect(after.rows.map((r) => r.outcome)).toEqual(['pending', 'created', 'pending']);
    expect(after.counts.created).toBe(1);
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(before.rows[1]!.outcome).toBe('pending');
    expect(rowsWith(after, 'created')).toEqual([2]);
  });

  it('ignores the events of another run', () => {
    const before = status([row(1)]);
    const { rows: _rows, ...figures } = status([row(1, 'created')], 'finished');
    expect(
      withSubmitEvent(before, {
        type: 'submit-finished',
        status: { ...figures, runId: 'r2' },
        rows: [row(1, 'created')],
      }),
    ).toBe(before);
  });
});
