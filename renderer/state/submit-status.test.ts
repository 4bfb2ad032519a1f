import { describe, expect, it } from 'vitest';
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
  const counts = { pending: 0, sent: 0, anomalous: 0, failed: 0, unknown: 0, invalid: 0, 'dry-run': 0 };
  for (const r of rows) counts[r.outcome]++;
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
    const { rows: _rows, ...figures } = status([row(1), row(2, 'sent'), row(3)]);
    const after = withSubmitEvent(before, {
      type: 'submit-progress',
      status: figures,
      rows: [row(2, 'sent')],
    });
    expect(after.rows.map((r) => r.outcome)).toEqual(['pending', 'sent', 'pending']);
    expect(after.counts.sent).toBe(1);
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(before.rows[1]!.outcome).toBe('pending');
    expect(rowsWith(after, 'sent')).toEqual([2]);
  });

  it('ignores the events of another run', () => {
    const before = status([row(1)]);
    const { rows: _rows, ...figures } = status([row(1, 'sent')], 'finished');
    expect(
      withSubmitEvent(before, {
        type: 'submit-finished',
        status: { ...figures, runId: 'r2' },
        rows: [row(1, 'sent')],
      }),
    ).toBe(before);
  });
});
