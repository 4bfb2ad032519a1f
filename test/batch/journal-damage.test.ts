/**
 * A damaged line in the middle of a journal (not JSON, or not a journal line) is replayed around, never
 * guessed: every step not decided at that point may have been sent on that line, so it is in doubt (and
 * reconciled before anything is sent again) unless a later line of its own decides it. Only the plan's line
 * cannot be replayed around.
 */
import { describe, expect, it } from 'vitest';
import {
  describeDamage,
  JournalFormatError,
  planBatch,
  replayJournal,
  type BatchRow,
} from '../../core/index.ts';

const PROTOCOL = '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f';

function row(n: number): BatchRow {
  const temporalEntity = {
    dimensionality: 'INDIVIDUAL' as const,
    id: `6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a1${n}`,
    temporalPeriodTypeName: 'GrowingSeason',
  };
  return {
    row: n,
    columns: { n: String(n) },
    operation: {
      call: 'createEnrollment',
      type: 'program',
      body: { experimentProtocolId: PROTOCOL, temporalEntity },
    },
    diagnostics: [],
  };
}

const planned = planBatch([row(1), row(2), row(3), row(4)], { source: { name: 't', kind: 't' } });
if (!planned.ok) throw new Error('plan');
const plan = planned.plan;
const header = JSON.stringify({ type: 'batch', version: 1, batchId: 'b', at: 'now', plan });
const sending = (step: string) => JSON.stringify({ type: 'sending', step, attempt: 1, at: 'now' });
const done = (step: string) =>
  JSON.stringify({
    type: 'outcome',
    step,
    at: 'now',
    status: 'done',
    how: 'created',
    id: `id-${step}`,
    message: 'created',
  });
const stepOfRow = (n: number): string => plan.steps.find((s) => s.rows.includes(n))!.id;
const [s1, s2, s3, s4] = [1, 2, 3, 4].map(stepOfRow) as [string, string, string, string];

describe('a damaged line in the middle of a journal', () => {
  const journal = [
    header,
    sending(s1),
    done(s1),
    '{"type":"sending","st\u0000\u0000',
    sending(s3),
    done(s3),
    '',
  ].join('\n');

  it('puts every step not decided before it in doubt, unless a later line decides it', () => {
    const replayed = replayJournal(journal);
    expect(replayed.steps.get(s1)).toMatchObject({ status: 'done' });
    expect(replayed.steps.get(s2)).toMatchObject({ status: 'in-doubt', inDoubt: true, attempts: 0 });
    expect(replayed.steps.get(s3)).toMatchObject({ status: 'done' });
    expect(replayed.steps.get(s4)).toMatchObject({ status: 'in-doubt', inDoubt: true, attempts: 0 });
    expect(replayed.damaged).toEqual({
      lines: [4],
      firstText: JSON.stringify('{"type":"sending","st\u0000\u0000'),
      steps: [s2, s4],
    });
    expect(replayed.cutShort).toBeUndefined();
  });

  it('says which line and which rows, and what becomes of them', () => {
    const text = describeDamage(replayJournal(journal)) ?? '';
    expect(text).toMatch(/^journal line 4 is damaged \(not a journal line: /);
    expect(text).toContain('2 steps not decided before it (rows 2, 4) may have been sent');
    expect(text).toContain('reconciled with the service before anything is sent again');
    expect(describeDamage(replayJournal([header, sending(s1), done(s1), ''].join('\n')))).toBeUndefined();
  });

  it('puts nothing in doubt when later lines decide every step it could concern', () => {
    const lines = [header, sending(s1), 'garbage', done(s1)];
    for (const s of [s2, s3, s4]) lines.push(sending(s), done(s));
    lines.push(JSON.stringify({ type: 'finished', at: 'now', counts: {} }), '');
    const replayed = replayJournal(lines.join('\n'));
    expect([...replayed.steps.values()].every((s) => s.status === 'done')).toBe(true);
    expect(replayed.damaged?.steps).toEqual([]);
    expect(replayed.finished).toBe(true);
    expect(describeDamage(replayed)).toContain('nothing is in doubt because of it');
  });

  it('is not finished while a damaged line leaves a step in doubt', () => {
    const text = [
      header,
      'x',
      sending(s1),
      done(s1),
      JSON.stringify({ type: 'finished', at: 'now', counts: {} }),
    ];
    const replayed = replayJournal(text.join('\n') + '\n');
    expect(replayed.finished).toBe(false);
    expect(replayed.damaged?.steps).toEqual([s2, s3, s4]);
  });

  it('takes JSON that is not a journal line for damage too, and a bad last line for one cut short', () => {
    const replayed = replayJournal(
      [header, 'null', '{"type":"nonsense"}', '42', sending(s1), '{"type":"outc'].join('\n'),
    );
    expect(replayed.damaged?.lines).toEqual([2, 3, 4]);
    expect(replayed.cutShort).toBe(6);
    expect(replayed.steps.get(s1)).toMatchObject({ status: 'in-doubt', attempts: 1 });
  });

  it('cannot replay around a damaged plan: names line 1 and says to restore the file', () => {
    const broken = ['{"type":"batch","vers\u0000', sending(s1), ''].join('\n');
    expect(() => replayJournal(broken)).toThrow(JournalFormatError);
    expect(() => replayJournal(broken)).toThrow(
      /^journal line 1, which holds the plan, is damaged: .*restore the file from a backup$/,
    );
  });
});
