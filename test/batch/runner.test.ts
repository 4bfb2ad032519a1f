/**
 * The runner's exactly-once rules against a scripted client (no network): 409s whose record matches, updates
 * and removals repeated after an unknown outcome, uploads that cannot be looked up, dependencies, the plan's
 * treatment of invalid rows, the journal read back after a crash, pause and cancel, and the results CSV.
 */
import { describe, expect, it } from 'vitest';
import {
  BatchRunner,
  planBatch,
  replayJournal,
  resultsCsv,
  prepareBatch,
  rowResultAtEnd,
  rowResultsOf,
  runEndOf,
  UNKNOWN_UPLOAD_MESSAGE,
  type BatchClient,
  type BatchRow,
  type ClientFailure,
  type ClientFailureFields,
  type ClientResult,
} from '../../core/index.ts';

const PROTOCOL = '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f';
const SEASON = {
  dimensionality: 'INDIVIDUAL' as const,
  id: '6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11',
  temporalPeriodTypeName: 'GrowingSeason',
};
const EEID = 'e1e2e3e4-f5f6-4a7b-8c9d-0e1f2a3b4c5d';
const NOW = new Date('2026-01-01T00:00:00.000Z');

function ok<T>(value: T, status = 200): ClientResult<T> {
  return {
    ok: true,
    value,
    meta: {
      operationId: 'x',
      status,
      time: '2026-01-01T00:00:00.000Z',
      attempts: 1,
      retriedAfterUnknownOutcome: false,
      notices: [],
      requestId: `req-${status}`,
    },
  };
}

function fail<T>(kind: ClientFailure['kind'], extra: Partial<ClientFailureFields> = {}): ClientResult<T> {
  return {
    ok: false,
    // The failure of the kind asked for, with what the test gives for that kind (a quota's retryAt).
    error: {
      kind,
      message: `${kind} happened`,
      operationId: 'x',
      method: 'POST',
      url: 'http://127.0.0.1/x',
      time: '2026-01-01T00:00:00.000Z',
      attempts: 1,
      outcomeUnknown: kind === 'outcome-unknown',
      retriedAfterUnknownOutcome: false,
      requestId: 'req-fail',
      ...extra,
    } as ClientFailure,
  };
}

/** The temporal entity id of a create body (or undefined). */
function temporalIdOf(body: unknown): unknown {
  const t = (body as { temporalEntity?: { id?: unknown } } | undefined)?.temporalEntity;
  return t?.id;
}

/** A client whose every method throws unless the test scripts it. */
function scripted(methods: Partial<BatchClient>): BatchClient {
  return new Proxy(methods as BatchClient, {
    get(target, name: string) {
      const m = (target as unknown as Record<string, unknown>)[name];
      if (m) return m;
      return () => {
        throw new Error(`unexpected call ${name}`);
      };
    },
  });
}

function programRow(row: number, id = crypto.randomUUID()): BatchRow {
  const body = { experimentProtocolId: PROTOCOL, temporalEntity: { ...SEASON, id } };
  return {
    row,
    columns: { n: String(row) },
    operation: { call: 'createEnrollment', type: 'program', body },
    diagnostics: [],
  };
}

async function run(
  rows: BatchRow[],
  client: BatchClient,
  extra: Partial<ConstructorParameters<typeof BatchRunner>[0]> = {},
) {
  const planned = planBatch(rows, { source: { name: 't', kind: 't' }, skipInvalid: true });
  if (!planned.ok) throw new Error(planned.message);
  const lines: string[] = [];
  const runner = new BatchRunner({
    plan: planned.plan,
    client,
    append: async (l) => {
      lines.push(l);
    },
    now: () => new Date(),
    sleep: async () => undefined,
    ...extra,
  });
  const result = await runner.run();
  return { result, lines, plan: planned.plan, runner };
}

/** Row 1: find the experiment EEID, or create it. */
const experimentRow = (): BatchRow => ({
  row: 1,
  columns: {},
  operation: {
    call: 'findOrCreateExperiment',
    body: { experimentEnrollmentId: EEID, name: 'T', temporalEntity: SEASON },
  },
  diagnostics: [],
});

describe('exactly once without idempotency keys', () => {
  it('takes a 409 whose record is the row as the row success, and fails one that is not', async () => {
    const a = programRow(1);
    const b = programRow(2);
    const op = (r: BatchRow) => (r.operation?.call === 'createEnrollment' ? r.operation.body : {});
    const { result } = await run(
      [a, b],
      scripted({
        createEnrollment: async (input) =>
          fail('conflict', {
            existingId: temporalIdOf(input.body) === temporalIdOf(op(a)) ? 'id-a' : 'id-other',
          }),
        getEnrollment: async ({ enrollmentId }) =>
          ok({
            enrollment:
              enrollmentId === 'id-a'
                ? { id: 'id-a', itemStatus: 'ACTIVE', ...op(a) }
                : { id: 'id-other', experimentProtocolId: PROTOCOL, temporalEntity: SEASON },
          }),
      }),
    );
    expect(result.rows.map((r) => [r.status, r.id])).toEqual([
      ['done', 'id-a'],
      ['failed', undefined],
    ]);
  });

  it('reconciles an unknown create by listing before any re-send', async () => {
    const a = programRow(1);
    const b = programRow(2);
    const body = (r: BatchRow) => (r.operation?.call === 'createEnrollment' ? r.operation.body : undefined);
    let creates = 0;
    const { result, lines } = await run(
      [a, b],
      scripted({
        createEnrollment: async (input) => {
          creates++;
          // Row 1 "was applied" but the answer was lost; row 2 was not applied.
          if (creates <= 2) return fail('outcome-unknown');
          expect(temporalIdOf(input.body)).toBe(temporalIdOf(body(b)));
          return ok({ id: 'new-b' }, 201);
        },
        listAllEnrollments: async () =>
          ok({ results: [{ id: 'applied-a', itemStatus: 'ACTIVE', ...body(a) }], pages: 1 }),
      }),
    );
    expect(creates).toBe(3);
    expect(result.rows.map((r) => [r.status, r.id])).toEqual([
      ['done', 'applied-a'],
      ['done', 'new-b'],
    ]);
    expect(lines.join('\n')).toContain('"how":"reconciled"');
  });

  it('keeps a create in doubt while the listing fails, and settles it when the listing answers', async () => {
    const a = programRow(1);
    const body = a.operation?.call === 'createEnrollment' ? a.operation.body : undefined;
    let lists = 0;
    let creates = 0;
    const { result } = await run(
      [a],
      scripted({
        createEnrollment: async () => {
          creates++;
          return fail('outcome-unknown');
        },
        listAllEnrollments: async () =>
          ++lists === 1 ? fail('unavailable') : ok({ results: [{ id: 'applied', ...body }], pages: 1 }),
      }),
    );
    expect([creates, lists]).toEqual([1, 2]);
    expect(result.rows[0]).toMatchObject({ status: 'done', id: 'applied' });
  });

  it('counts a repeated update answered nothing-to-update done when the record holds the values', async () => {
    const body = { experimentProtocolId: PROTOCOL };
    const row: BatchRow = {
      row: 1,
      columns: {},
      operation: { call: 'updateEnrollment', type: 'program', enrollmentId: 'e1', body },
      diagnostics: [],
    };
    const stale: BatchRow = {
      row: 2,
      columns: {},
      operation: { call: 'updateEnrollment', type: 'program', enrollmentId: 'e2', body },
      diagnostics: [],
    };
    const { result } = await run(
      [row, stale],
      scripted({
        updateEnrollment: async () =>
          fail('rejected', { errorCode: 'nothing-to-update', retriedAfterUnknownOutcome: true }),
        getEnrollment: async ({ enrollmentId }) =>
          ok({
            enrollment: {
              id: enrollmentId,
              experimentProtocolId: enrollmentId === 'e1' ? PROTOCOL : crypto.randomUUID(),
            },
          }),
      }),
    );
    expect(result.rows.map((r) => r.status)).toEqual(['done', 'failed']);
  });

  it('counts a delete answered 404 after an unknown outcome as done, and a plain 404 as failed', async () => {
    const rows: BatchRow[] = ['e1', 'e2'].map((id, i) => ({
      row: i + 1,
      columns: {},
      operation: { call: 'removeEnrollment', type: 'program', enrollmentId: id },
      diagnostics: [],
    }));
    const { result } = await run(
      rows,
      scripted({
        removeEnrollment: async ({ enrollmentId }) =>
          fail('not-found', { retriedAfterUnknownOutcome: enrollmentId === 'e1' }),
      }),
    );
    expect(result.rows.map((r) => r.status)).toEqual(['done', 'failed']);
  });

  it('marks an upload with an unknown outcome "unknown" and re-sends it only when asked', async () => {
    const row: BatchRow = {
      row: 1,
      columns: {},
      operation: {
        call: 'uploadFields',
        userName: 'grower@example.com',
        fields: [{ clientName: 'c', farmName: 'f', name: 'n', boundary: 'POLYGON((0 0,1 0,1 1,0 0))' }],
      },
      diagnostics: [],
    };
    let sent = 0;
    const client = scripted({
      uploadFieldsV2: async () =>
        ++sent === 1 ? fail('outcome-unknown') : ok({ entitiesCreated: 1, fieldsSent: 1 }),
    });
    const first = await run([row], client);
    expect(first.result.rows[0]).toMatchObject({ status: 'unknown' });
    expect(first.result.rows[0]!.message).toContain(UNKNOWN_UPLOAD_MESSAGE);
    expect(sent).toBe(1);
    // Resumed with --resend-unknown: sent once more.
    const replayed = replayJournal(first.lines.join('\n'));
    const again = await run([row], client, { replayed, resendUnknown: true });
    expect(sent).toBe(2);
    expect(again.result.rows[0]!.status).toBe('done');
    // Counted in words that agree with the number.
    expect(again.result.rows[0]!.message).toBe(
      "1 of 1 field created, waiting in grower@example.com's data inbox",
    );
  });

  it('--resend-unknown sends again only what was unknown when the run started, once', async () => {
    const row: BatchRow = {
      row: 1,
      columns: {},
      operation: {
        call: 'uploadFields',
        userName: 'grower@example.com',
        fields: [{ clientName: 'c', farmName: 'f', name: 'n', boundary: 'POLYGON((0 0,1 0,1 1,0 0))' }],
      },
      diagnostics: [],
    };
    let sent = 0;
    const client = scripted({ uploadFieldsV2: async () => (sent++, fail('outcome-unknown')) });
    // Unknown during this run: not sent again in it, even with --resend-unknown.
    const first = await run([row], client, { resendUnknown: true });
    expect(sent).toBe(1);
    expect(first.result.rows[0]!.status).toBe('unknown');
    // Unknown when the next run starts: sent once more, and unknown again is where it stays.
    const again = await run([row], client, {
      replayed: replayJournal(first.lines.join('\n')),
      resendUnknown: true,
    });
    expect(sent).toBe(2);
    expect(again.result.rows[0]!.status).toBe('unknown');
  });

  it('finds or creates each experiment once, before the location enrollments that need it', async () => {
    const calls: string[] = [];
    const rows: BatchRow[] = [
      experimentRow(),
      ...[2, 3, 4].map((row): BatchRow => ({
        row,
        columns: {},
        operation: {
          call: 'createEnrollment',
          type: 'location',
          experimentEnrollmentId: EEID,
          body: {
            experimentId: '00000000-0000-4000-8000-000000000000',
            locationId: crypto.randomUUID(),
            experimentLocationStatus: 'NOMINATED',
            temporalEntity: SEASON,
          },
        },
        diagnostics: [],
      })),
    ];
    const { result } = await run(
      rows,
      scripted({
        findExperiments: async () => {
          calls.push('find');
          return ok({ results: [] });
        },
        createExperiment: async () => {
          calls.push('createExperiment');
          return ok({ id: 'exp-1' }, 201);
        },
        createEnrollment: async (input) => {
          calls.push(`enroll ${(input.body as { experimentId: string }).experimentId}`);
          return ok({ id: crypto.randomUUID() }, 201);
        },
      }),
      { concurrency: 4 },
    );
    expect(calls.slice(0, 2)).toEqual(['find', 'createExperiment']);
    expect(calls.slice(2)).toEqual(['enroll exp-1', 'enroll exp-1', 'enroll exp-1']);
    expect(result.counts.done).toBe(4);
  });

  it('fails the location enrollments of an experiment that could not be created', async () => {
    const rows: BatchRow[] = [
      experimentRow(),
      {
        row: 2,
        columns: {},
        operation: {
          call: 'createEnrollment',
          type: 'location',
          experimentEnrollmentId: EEID,
          body: {
            experimentId: '00000000-0000-4000-8000-000000000000',
            locationId: crypto.randomUUID(),
            experimentLocationStatus: 'NOMINATED',
            temporalEntity: SEASON,
          },
        },
        diagnostics: [],
      },
    ];
    const { result } = await run(
      rows,
      scripted({
        findExperiments: async () => ok({ results: [] }),
        createExperiment: async () => fail('rejected'),
      }),
    );
    expect(result.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(result.rows[1]!.message).toContain('experiment it needs');
  });

  it('does not create a second experiment when the find answers one without its id', async () => {
    const calls: string[] = [];
    const rows: BatchRow[] = [experimentRow()];
    const { result } = await run(
      rows,
      scripted({
        findExperiments: async () => {
          calls.push('find');
          return ok({ results: [{ experimentEnrollmentId: EEID, name: 'T' }] });
        },
        createExperiment: async () => {
          calls.push('createExperiment');
          return ok({ id: 'exp-2' }, 201);
        },
      }),
    );
    expect(calls).toEqual(['find']);
    expect(result.rows[0]!.status).toBe('failed');
    expect(result.rows[0]!.message).toContain('gave no id for it: not created a second time');
  });

  it('fails a location enrollment whose experiment a find did not find, without sending it', async () => {
    const rows: BatchRow[] = [
      {
        row: 1,
        columns: {},
        operation: { call: 'findExperiments', experimentEnrollmentId: EEID },
        diagnostics: [],
      },
      {
        row: 2,
        columns: {},
        operation: {
          call: 'createEnrollment',
          type: 'location',
          experimentEnrollmentId: EEID,
          body: {
            experimentId: '00000000-0000-4000-8000-000000000000',
            locationId: crypto.randomUUID(),
            experimentLocationStatus: 'NOMINATED',
            temporalEntity: SEASON,
          },
        },
        diagnostics: [],
      },
    ];
    const { result } = await run(rows, scripted({ findExperiments: async () => ok({ results: [] }) }));
    expect(result.rows.map((r) => r.status)).toEqual(['done', 'failed']);
    expect(result.rows[1]!.message).toContain('no experiment');
  });

  it('stops the batch on refused credentials, resumable, without failing rows', async () => {
    const { result } = await run(
      [programRow(1), programRow(2)],
      scripted({
        createEnrollment: async () => fail('credentials'),
      }),
      { concurrency: 1 },
    );
    expect(result.outcome).toBe('stopped');
    expect(result.stopReason).toBe('credentials');
    expect(result.counts.pending).toBe(2);
  });
});

describe('the plan', () => {
  const text = JSON.stringify([
    {
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: { experimentProtocolId: PROTOCOL, temporalEntity: SEASON },
    },
    { method: 'PATCH', path: '/v5/enrollments/x' },
  ]);

  const prepared = () =>
    prepareBatch({ files: [{ name: 'b.json', bytes: new TextEncoder().encode(text) }] }, { now: NOW });

  it('stops on rows with errors unless skipInvalid, which reports them as invalid', async () => {
    const read = await prepared();
    const strict = planBatch(read.rows, { source: { name: 'b', kind: 'service-requests' } });
    expect(strict.ok).toBe(false);
    // The library's option is named (the command line's flag beside it).
    expect(strict.ok ? '' : strict.message).toBe(
      '1 of 2 rows have errors or cannot be sent; fix them, or send the clean rows with the skipInvalid option (--skip-invalid)',
    );
    const lenient = planBatch(read.rows, {
      source: { name: 'b', kind: 'service-requests' },
      skipInvalid: true,
    });
    expect(lenient.ok).toBe(true);
    expect(lenient.plan.steps).toHaveLength(1);
    expect(lenient.plan.rows[1]!.invalid).toContain('not an operation');
  });

  it('puts the engine diagnostics of each request on its row', async () => {
    const read = await prepared();
    // The second request's method is not one the service has: its own finding, not the first's.
    expect(read.rows[0]!.diagnostics).toEqual([]);
    expect(read.rows[1]!.diagnostics.length).toBeGreaterThan(0);
    expect(read.plan.rows[1]!.invalid).toMatch(/^[A-Z]+\d{3} /);
  });
});

describe('the checks across files, as the batch is prepared', () => {
  const field = (name: string) =>
    JSON.stringify({
      fields: [
        {
          clientName: 'Smith Farms',
          farmName: 'Home Farm',
          name,
          boundary: 'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))',
        },
      ],
    });
  const file = (name: string, fieldName: string, settings?: Record<string, string>) => ({
    name,
    bytes: new TextEncoder().encode(field(fieldName)),
    ...(settings ? { settings } : {}),
  });

  it('keeps back a row whose field is the same ground as one in another file (XF006), as validate says', async () => {
    const read = await prepareBatch(
      { files: [file('a.json', 'North 40'), file('b.json', 'Home 40')], userName: 'u@example.com' },
      { now: NOW },
    );
    expect(read.rows.map((r) => [r.source?.file, r.diagnostics.map((d) => d.code)])).toEqual([
      ['a.json', []],
      ['b.json', ['XF006']],
    ]);
    expect(read.plan.rows[1]!.invalid).toMatch(/^XF006 /);
    expect(read.plan.steps).toHaveLength(1);
    // With the batch setting off, the files are not compared: both go.
    const apart = await prepareBatch(
      {
        files: [file('a.json', 'North 40'), file('b.json', 'Home 40', { batch: 'off' })],
        userName: 'u@example.com',
      },
      { now: NOW },
    );
    expect(apart.rows.flatMap((r) => r.diagnostics)).toEqual([]);
    expect(apart.plan.steps).toHaveLength(2);
  });
});

describe('the journal', () => {
  it('replays a journal cut short by a crash: a step sent without an outcome is in doubt', async () => {
    const rows = [programRow(1), programRow(2)];
    const planned = planBatch(rows, { source: { name: 't', kind: 't' } });
    if (!planned.ok) throw new Error('plan');
    const text = [
      JSON.stringify({ type: 'batch', version: 1, batchId: 'b', at: 'now', plan: planned.plan }),
      JSON.stringify({ type: 'sending', step: 's1', attempt: 1, at: 'now' }),
      JSON.stringify({ type: 'outcome', step: 's1', at: 'now', status: 'done', id: 'x', message: 'created' }),
      JSON.stringify({ type: 'sending', step: 's2', attempt: 1, at: 'now' }),
      '{"type":"outcome","step":"s2","at":"n',
    ].join('\n');
    const replayed = replayJournal(text);
    expect(replayed.steps.get('s1')!.status).toBe('done');
    expect(replayed.steps.get('s2')).toMatchObject({ status: 'in-doubt', inDoubt: true });
    // A damaged line before the end is replayed around (test/batch/journal-damage.test.ts): s1's outcome
    // after it decides s1, s2's own sending puts it in doubt; the damage leaves nothing else in doubt.
    const damaged = replayJournal(text.replace('"type":"sending"', 'oops'));
    expect(damaged.damaged).toMatchObject({ lines: [2], steps: [] });
    expect(damaged.steps.get('s1')!.status).toBe('done');
  });
});

describe('pause and cancel', () => {
  it('pauses between steps and goes on when resumed', async () => {
    let sent = 0;
    const planned = planBatch([programRow(1), programRow(2), programRow(3)], {
      source: { name: 't', kind: 't' },
    });
    if (!planned.ok) throw new Error('plan');
    const runner: BatchRunner = new BatchRunner({
      plan: planned.plan,
      client: scripted({
        createEnrollment: async () => {
          if (++sent === 1) runner.pause();
          return ok({ id: `e${sent}` }, 201);
        },
      }),
      append: async () => undefined,
      now: () => new Date(),
      sleep: async () => undefined,
      concurrency: 1,
    });
    const running = runner.run();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toBe(1);
    runner.resume();
    expect((await running).counts.done).toBe(3);
  });

  it('cancels: a create cut off in flight is journaled in doubt, and the batch is resumable', async () => {
    const abort = new AbortController();
    const { result, lines } = await run(
      [programRow(1)],
      scripted({
        createEnrollment: async () => {
          abort.abort();
          return fail('cancelled', { outcomeUnknown: true });
        },
      }),
      { signal: abort.signal },
    );
    expect(result.outcome).toBe('stopped');
    expect(result.stopReason).toBe('cancelled');
    expect(replayJournal(lines.join('\n')).steps.get('s1')!.status).toBe('in-doubt');
  });

  it("reads a cancelled run's rows as not sent, and one cut off in flight as unknown, until it is resumed", async () => {
    const abort = new AbortController();
    let sent = 0;
    const { result, lines } = await run(
      [programRow(1), programRow(2), programRow(3)],
      scripted({
        createEnrollment: async () => {
          if (++sent === 1) return ok({ id: 'e1' }, 201);
          abort.abort();
          return fail('cancelled', { outcomeUnknown: true });
        },
      }),
      { signal: abort.signal, concurrency: 1 },
    );
    expect(result.stopReason).toBe('cancelled');
    expect(result.rows.map((r) => r.outcome)).toEqual(['created', 'unknown', 'not-sent']);
    expect(result.rows[2]!.message).toBe('not sent: the run was cancelled');
    // The journal says so: `fieldgate status` and the app read the same outcomes back.
    const replayed = replayJournal(lines.join('\n'));
    expect(replayed.stopped).toEqual({ reason: 'cancelled', message: 'cancelled' });
    const readBack = rowResultsOf(replayed.plan, (id) => replayed.steps.get(id), runEndOf(replayed));
    expect(readBack.map((r) => r.outcome)).toEqual(['created', 'unknown', 'not-sent']);
    // Resumed, the rows are pending again (the stop no longer holds).
    const resumed = replayJournal([...lines, JSON.stringify({ type: 'resumed', at: 'now' })].join('\n'));
    expect(resumed.stopped).toBeUndefined();
    expect(
      rowResultsOf(resumed.plan, (id) => resumed.steps.get(id), runEndOf(resumed)).map((r) => r.outcome),
    ).toEqual(['created', 'pending', 'pending']);
    // A row read again once a run is known to be cancelled.
    const pending = rowResultsOf(resumed.plan, (id) => resumed.steps.get(id))[2]!;
    expect(rowResultAtEnd(pending, { cancelled: true })).toMatchObject({ outcome: 'not-sent' });
    expect(rowResultAtEnd(pending, { dryRun: true }).message).toMatch(/^not sent: a dry run/);
  });
});

describe('a run cancelled by the user', () => {
  it('looks up what it sent without an answer before it ends: none is left in doubt', async () => {
    const rows = [programRow(1), programRow(2), programRow(3), programRow(4)];
    const bodyOf = (r: BatchRow) => (r.operation?.call === 'createEnrollment' ? r.operation.body : undefined);
    let creates = 0;
    let lists = 0;
    const planned = planBatch(rows, { source: { name: 't', kind: 't' } });
    if (!planned.ok) throw new Error('plan');
    const runner: BatchRunner = new BatchRunner({
      plan: planned.plan,
      client: scripted({
        createEnrollment: async () => {
          creates++;
          if (creates === 1) return ok({ id: 'e1' }, 201);
          // Rows 2 and 3 get a 500 (2 was applied, 3 was not); the user cancels while 3 is under way.
          if (creates === 3) runner.requestStop('cancelled', 'cancelled by the user');
          return fail('outcome-unknown');
        },
        listAllEnrollments: async () => {
          lists++;
          return ok({ results: [{ id: 'e2', itemStatus: 'ACTIVE', ...bodyOf(rows[1]!) }], pages: 1 });
        },
      }),
      append: async () => undefined,
      now: () => new Date(),
      sleep: async () => undefined,
      concurrency: 1,
    });
    const result = await runner.run();
    expect(result.stopReason).toBe('cancelled');
    // One listing settles both; nothing is sent again.
    expect([creates, lists]).toEqual([3, 1]);
    expect(result.rows.map((r) => r.outcome)).toEqual(['created', 'already-there', 'not-sent', 'not-sent']);
  });
});

describe('the results CSV', () => {
  it('repeats the columns, adds id, status, request id, message, and defuses formulas', () => {
    const csv = resultsCsv(
      ['name', 'status'],
      [
        {
          row: 1,
          columns: { name: '=HYPERLINK("x")', status: 'mine' },
          status: 'done',
          outcome: 'created',
          httpStatus: 201,
          id: 'e1',
          requestId: 'r1',
          message: '+1, done',
          diagnostics: [],
        },
      ],
    );
    expect(csv).toBe(
      'row,name,status,id,outcome,http status,error code,request id,message,anomalies,notices\r\n1,"\'=HYPERLINK(""x"")",mine,e1,created,201,,r1,"\'+1, done",,\r\n',
    );
  });
});
