/**
 * The bridge handlers against the embedded sandbox: validate and fix examples, export reports, profiles with
 * masked secrets, a submit run with request ids and its journal, and a run cut off by a kill resumed on the
 * next launch without sending anything twice.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFileChanges } from '../../core/index.ts';
import { runCli } from '../cli/cli-helpers.ts';
import type { AppEvent, AppMethod, JournalSummary, SubmitStatus } from '../../host/bridge-api.ts';
import { startEmbeddedSandbox, type StartedSandbox } from '../../host/embedded-sandbox.ts';
import { createHandlers, handleCall, SANDBOX_PROFILE_ID, type Handlers } from '../../host/handlers.ts';
import { FileAccess } from '../../host/file-access.ts';
import { memorySecretBox } from '../../host/secret-box.ts';

const root = join(import.meta.dirname, '..', '..');
const example = (path: string) => join(root, 'examples', path);
let dir: string;
let sandbox: StartedSandbox;
let handlers: Handlers;
const events: AppEvent[] = [];

function handlersIn(dataDir: string, on: StartedSandbox = sandbox): Handlers {
  return createHandlers({
    host: 'test',
    version: 'test',
    examplesDir: join(root, 'examples'),
    dataDir,
    secrets: memorySecretBox(),
    emit: (e) => events.push(e),
    openExternal: async () => true,
    sandbox: on.demo,
  });
}

async function call(method: AppMethod, request: unknown, on = handlers) {
  const answer = await handleCall(on, method, request);
  if (answer.status !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
}

async function finished(runId: string, on = handlers): Promise<SubmitStatus> {
  for (let i = 0; i < 200; i++) {
    const status = (await call('getSubmit', { runId }, on)) as unknown as SubmitStatus;
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the run did not finish');
}

/** Handlers over their own data folder, after a real submit of the clean example ran to its end. */
async function submittedIn(dataDir: string): Promise<{ first: Handlers; started: SubmitStatus }> {
  const first = handlersIn(dataDir);
  const request = {
    profileId: SANDBOX_PROFILE_ID,
    batch: { files: [{ file: { path: example('fields/clean-fields.json') } }] },
    dryRun: false,
  };
  const started = (await call('startSubmit', request, first)) as unknown as SubmitStatus;
  await finished(started.runId, first);
  return { first, started };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-handlers-'));
  sandbox = await startEmbeddedSandbox(join(dir, 'sandbox'));
  handlers = handlersIn(join(dir, 'data'));
});

afterAll(async () => {
  await sandbox.sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('validation and fixes', () => {
  it('lists the bundled examples and validates one by path, keeping the report for later', async () => {
    const { examples } = (await call('listExamples', {})) as { examples: { name: string; group: string }[] };
    expect(examples.map((e) => e.name)).toContain('fields/fields-with-problems.json');
    expect(examples.every((e) => !e.name.endsWith('.md'))).toBe(true);
    const validated = await call('validateFiles', {
      files: [{ path: example('fields/fields-with-problems.json') }],
    });
    const report = validated.report as { files: { kind: string; diagnostics: { code: string }[] }[] };
    expect(report.files[0]!.kind).toBe('field-upload');
    expect(report.files[0]!.diagnostics.length).toBeGreaterThan(0);
    const again = await call('getReport', { reportId: validated.reportId });
    expect(again.report).toEqual(validated.report);
  });

  it('validates bytes the renderer sends, and refuses an unknown rule as a bad request', async () => {
    const contentBase64 = Buffer.from('POLYGON((0 0, 1 0, 1 1, 0 0))').toString('base64');
    const validated = await call('validateFiles', { files: [{ name: 'one.wkt', contentBase64 }] });
    expect((validated.report as { files: { kind: string }[] }).files[0]!.kind).toBe('wkt');
    const refused = await handleCall(handlers, 'validateFiles', {
      files: [{ name: 'one.wkt', contentBase64 }],
      options: { select: ['NOPE999'] },
    });
    expect(refused.status).toBe(400);
  });

  it('applies the safe fixes and answers the fixed bytes with the report of what is left', async () => {
    const path = example('fields/fields-with-problems.json');
    const before = await call('validateFiles', { files: [{ path }] });
    const fixed = await call('applyFixes', { files: [{ path }], safety: 'safe' });
    const file = (fixed.fixed as { name: string; contentBase64: string; applied: number }[])[0]!;
    expect(file.applied).toBeGreaterThan(0);
    expect(Buffer.from(file.contentBase64, 'base64').toString()).not.toBe(readFileSync(path, 'utf8'));
    const count = (r: unknown) => (r as { files: { diagnostics: unknown[] }[] }).files[0]!.diagnostics.length;
    expect(count(fixed.report)).toBeLessThan(count(before.report));
  });

  it('applies one chosen fix (a problem by where it is, or a rule) as the changes of a batch do', async () => {
    const csv = [
      'clientName,farmName,name,boundary',
      'Smith Farms,Home Farm,Bow Tie,"POLYGON ((-93.65 42.01, -93.64 42.02, -93.64 42.01, -93.65 42.02, -93.65 42.01))"',
      'Smith Farms,Home Farm,Repeats,"POLYGON ((-93.68 42.03, -93.67 42.03, -93.67 42.03, -93.67 42.04, -93.68 42.04, -93.68 42.03))"',
    ].join('\n');
    const file = { file: { name: 'fields.csv', contentBase64: Buffer.from(csv).toString('base64') } };
    const bowTie = { code: 'GEO004', safety: 'unsafe', at: { row: 1, field: 'boundary' } } as const;
    const fixed = await call('applyFix', { file, fix: bowTie });
    const applied = fixed.applied as { code: string; safety: string; after: string }[];
    expect(applied.map((f) => [f.code, f.safety])).toEqual([['GEO004', 'unsafe']]);
    const text = Buffer.from(fixed.contentBase64 as string, 'base64').toString();
    expect(text).toContain('MULTIPOLYGON');
    // Only the chosen problem: the repeated point of row 2 is still there.
    expect(text).toContain('-93.67 42.03, -93.67 42.03');
    // The same bytes the batch's changes give (what submit sends).
    const changed = await applyFileChanges({
      name: 'fields.csv',
      bytes: Buffer.from(csv),
      changes: [{ type: 'fix', fix: bowTie }],
    });
    expect(Buffer.from(changed.bytes).toString()).toBe(text);
    const byRule = await call('applyFix', { file, fix: { rule: 'GEO012', safety: 'safe' } });
    const after = Buffer.from(byRule.contentBase64 as string, 'base64').toString();
    expect(after).not.toContain('-93.67 42.03, -93.67 42.03');
    expect(after).not.toContain('MULTIPOLYGON');
    const gone = await call('applyFix', {
      file: { file: { name: 'fields.csv', contentBase64: fixed.contentBase64 as string } },
      fix: bowTie,
    });
    expect(gone).toEqual({ problem: 'the GEO004 problem to fix is no longer there' });
  });

  it('exports a report as JSON, and as the CSV and HTML page `fieldgate validate` writes', async () => {
    const path = example('fields/fields-with-problems.json');
    const { reportId } = await call('validateFiles', { files: [{ path }] });
    const json = await call('exportReport', { source: { reportId }, format: 'json' });
    expect(JSON.parse(json.text as string).version).toBe(1);
    const csv = await call('exportReport', { source: { reportId }, format: 'csv' });
    const cliCsv = await runCli(['validate', path, '--format', 'csv']);
    // The CLI names the file by the path it was given; the host by its base name.
    expect(Buffer.from(csv.contentBase64 as string, 'base64').toString('utf8')).toBe(
      Buffer.from(cliCsv.stdoutBytes).toString('utf8').replaceAll(path, 'fields-with-problems.json'),
    );
    // The value column holds the text at the problem, kept from starting a spreadsheet formula.
    expect(csv.text).toContain(",'-4,error,FU003,");
    expect(csv.text).not.toMatch(/(^|,)[=+@-]/m);
    const html = (await call('exportReport', { source: { reportId }, format: 'html' })).text as string;
    const cliHtml = await runCli(['validate', path, '--format', 'html']);
    expect(html).toBe(cliHtml.stdout.replaceAll(path, 'fields-with-problems.json'));
    expect(html).not.toMatch(/<script|src=/);
  });
});

describe('CSV batches that name files', () => {
  it('read the named files beside the CSV, never outside its folder', async () => {
    const batch = join(dir, 'csv', 'batch');
    mkdirSync(batch, { recursive: true });
    copyFileSync(example('rx/two-zone-rx.zip'), join(batch, 'north.zip'));
    copyFileSync(example('rx/two-zone-rx.zip'), join(dir, 'csv', 'outside.zip'));
    writeFileSync(join(batch, 'rx.csv'), 'file,userName\nnorth.zip,jsmith\n../outside.zip,jsmith\n');
    const given = createHandlers({
      host: 'test',
      version: 'test',
      examplesDir: join(root, 'examples'),
      dataDir: join(dir, 'csv-data'),
      secrets: memorySecretBox(),
      files: new FileAccess([join(dir, 'csv')]),
      emit: () => undefined,
      openExternal: async () => false,
    });
    const { report } = await call('validateFiles', { files: [{ path: join(batch, 'rx.csv') }] }, given);
    const file = (
      report as { files: { kind: string; diagnostics: { code: string; location: { row?: number } }[] }[] }
    ).files[0]!;
    expect(file.kind).toBe('csv-prescriptions');
    const notFound = file.diagnostics.filter((d) => d.code === 'CSV007').map((d) => d.location.row);
    expect(notFound).toEqual([2]);
    // Row 1's ZIP was read and checked (its zones overlap).
    expect(file.diagnostics.some((d) => d.code.startsWith('RXZ') && d.location.row === 1)).toBe(true);
  });
});

describe('profiles', () => {
  it('offers the embedded sandbox and saves a profile without ever sending its secrets back', async () => {
    const { profiles } = (await call('listProfiles', {})) as { profiles: { id: string; kind: string }[] };
    expect(profiles[0]).toMatchObject({ id: SANDBOX_PROFILE_ID, kind: 'sandbox' });
    const saved = await call('saveProfile', {
      name: 'Production',
      authUrl: 'https://auth.example.com',
      baseUrl: 'https://api.example.com/partner',
      legacyBaseUrl: 'https://api.example.com/api/partnerapis',
      clientId: 'client-1',
      clientSecret: 'secret-value-1',
    });
    expect(saved.profile).toMatchObject({ hasClientSecret: true, hasApiKey: false });
    const listed = JSON.stringify(await call('listProfiles', {}));
    expect(listed).not.toContain('secret-value-1');
    // The browser host keeps secrets in memory only: nothing on disk holds it.
    const files = readdirSync(join(dir, 'data'));
    for (const name of files.filter((f) => f.endsWith('.json')))
      expect(readFileSync(join(dir, 'data', name), 'utf8')).not.toContain('secret-value-1');
  });

  it('tests the sandbox profile against its token endpoint', async () => {
    expect(await call('testProfile', { id: SANDBOX_PROFILE_ID })).toMatchObject({ ok: true });
  });
});

describe('column mappings per header set', () => {
  it('remembers the mapping of a header set across launches, whatever the order or spelling of its headers', async () => {
    const headers = ['Owner', 'Ranch', 'Paddock', 'Outline'];
    expect(await call('savedMapping', { headers })).toEqual({});
    const mapping = { kind: 'csv-fields', columns: { clientName: 'Owner', boundary: 'Outline' } };
    expect(await call('rememberMapping', { headers, mapping })).toEqual({ remembered: true });
    // Another launch on the same data folder: the same headers, shuffled and spelled otherwise.
    const next = handlersIn(join(dir, 'data'));
    expect(await call('savedMapping', { headers: ['outline', 'PADDOCK', 'ranch', 'owner'] }, next)).toEqual({
      mapping,
    });
    expect(await call('savedMapping', { headers: ['Owner', 'Ranch', 'Paddock'] }, next)).toEqual({});
  });
});

describe('submit', () => {
  it('sends a field upload to the sandbox: per-row results with request ids, events, a results CSV', async () => {
    events.length = 0;
    const started = (await call('startSubmit', {
      profileId: SANDBOX_PROFILE_ID,
      batch: { files: [{ file: { path: example('fields/clean-fields.json') } }] },
      dryRun: false,
    })) as unknown as SubmitStatus;
    const status = await finished(started.runId);
    expect(status.state).toBe('finished');
    expect(status.rows).toEqual([
      expect.objectContaining({
        row: 1,
        file: 'clean-fields.json',
        operation: 'uploadFields',
        outcome: 'uploaded',
        requestId: expect.any(String),
        message: expect.stringMatching(/created/),
      }),
    ]);
    // Progress came as deltas: the row's outcome in an event (the run's last one, for a run this short),
    // never the whole batch in each.
    expect(
      events.some(
        (e) =>
          (e.type === 'submit-progress' || e.type === 'submit-finished') &&
          e.rows.some((r) => r.outcome === 'uploaded'),
      ),
    ).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: 'submit-finished',
      status: { runId: started.runId, state: 'finished' },
    });
    const csv = (await call('exportReport', { source: { runId: started.runId }, format: 'csv' }))
      .text as string;
    expect(csv).toContain(status.rows[0]!.requestId!);
  });

  it('a dry run sends nothing', async () => {
    const started = (await call('startSubmit', {
      profileId: SANDBOX_PROFILE_ID,
      batch: { files: [{ file: { path: example('fields/clean-fields.json') } }] },
      dryRun: true,
    })) as unknown as SubmitStatus;
    const status = await finished(started.runId);
    expect(status.rows.map((r) => r.outcome)).toEqual(['not-sent']);
  });

  it('resumes a run cut off by a kill on the next launch from its journal, without sending the upload twice', async () => {
    const dataDir = join(dir, 'killed');
    const { started } = await submittedIn(dataDir);
    // What a kill leaves: the journal up to "sending" (the request left; its answer was never recorded),
    // then half a line.
    const journal = join(dataDir, 'journals', `${started.runId}.jsonl`);
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    const sending = lines.findIndex((l) => JSON.parse(l).type === 'sending');
    expect(sending).toBeGreaterThan(0);
    writeFileSync(journal, lines.slice(0, sending + 1).join('\n') + '\n');
    appendFileSync(journal, '{"type":"outc');

    const next = handlersIn(dataDir);
    const { journals } = (await call('listJournals', {}, next)) as {
      journals: { journalId: string; state: string; done: number }[];
    };
    expect(journals).toEqual([
      expect.objectContaining({ journalId: started.runId, state: 'interrupted', done: 0 }),
    ]);
    const resumed = await finished(
      ((await call('resumeJournal', { journalId: started.runId }, next)) as unknown as SubmitStatus).runId,
      next,
    );
    expect(resumed.state).toBe('finished');
    // An upload has no natural key to look up: its outcome is reported as unknown, never sent again.
    expect(resumed.rows).toEqual([
      expect.objectContaining({ outcome: 'unknown', message: expect.stringMatching(/inbox/) }),
    ]);
    expect(
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"sending"')),
    ).toHaveLength(1);
  });

  it('lists runs as resumable, dismissed from the banner, archived and restored', async () => {
    const dataDir = join(dir, 'shelved');
    const { started } = await submittedIn(dataDir);
    const journal = join(dataDir, 'journals', `${started.runId}.jsonl`);
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    const sending = lines.findIndex((l) => JSON.parse(l).type === 'sending');
    writeFileSync(journal, lines.slice(0, sending + 1).join('\n') + '\n');
    const next = handlersIn(dataDir);
    const list = async () =>
      ((await call('listJournals', {}, next)) as { journals: JournalSummary[] }).journals;
    expect(await list()).toEqual([
      expect.objectContaining({ state: 'interrupted', resumable: true, dismissed: false, archived: false }),
    ]);
    await call('dismissRun', { journalId: started.runId }, next);
    expect((await list())[0]).toMatchObject({ resumable: true, dismissed: true, archived: false });
    await call('archiveRun', { journalId: started.runId, archived: true }, next);
    // Kept on disk: the next launch lists it archived.
    expect(
      ((await call('listJournals', {}, handlersIn(dataDir))) as { journals: JournalSummary[] }).journals[0],
    ).toMatchObject({ archived: true });
    await call('archiveRun', { journalId: started.runId, archived: false }, next);
    expect((await list())[0]).toMatchObject({ archived: false });
    expect((await handleCall(next, 'archiveRun', { journalId: 'no-such-run', archived: true })).status).toBe(
      404,
    );
    // A finished run has nothing to go on with.
    await finished(
      ((await call('resumeJournal', { journalId: started.runId }, next)) as unknown as SubmitStatus).runId,
      next,
    );
    expect((await list())[0]).toMatchObject({ state: 'finished', resumable: false });
  });

  it('says, with the run resumed from it, which journal line is damaged and which rows that puts in doubt', async () => {
    const dataDir = join(dir, 'damaged');
    const { first, started } = await submittedIn(dataDir);
    expect((await call('getSubmit', { runId: started.runId }, first)).journalDamage).toBeUndefined();
    // Line 2 (which held the upload's "sending") damaged, and a whole line after it: the upload is in doubt.
    const journal = join(dataDir, 'journals', `${started.runId}.jsonl`);
    const [plan] = readFileSync(journal, 'utf8').split('\n');
    const resumedLine = JSON.stringify({ type: 'resumed', at: new Date().toISOString() });
    writeFileSync(journal, `${plan}\n{"type":"sending","st\u0000\u0000\n${resumedLine}\n`);

    const next = handlersIn(dataDir);
    const { journals } = (await call('listJournals', {}, next)) as {
      journals: { journalId: string; state: string; journalDamage?: string }[];
    };
    expect(journals).toEqual([
      expect.objectContaining({
        journalId: started.runId,
        state: 'interrupted',
        journalDamage: expect.any(String),
      }),
    ]);
    const notice = journals[0]?.journalDamage ?? '';
    expect(notice).toMatch(/^journal line 2 is damaged \(not a journal line: /);
    expect(notice).toMatch(
      /The step not decided before it \(rows? [\d, …]+\) may have been sent: each is reconciled/,
    );
    const resumed = (await call(
      'resumeJournal',
      { journalId: started.runId },
      next,
    )) as unknown as SubmitStatus;
    expect(resumed.journalDamage).toBe(notice);
    const ended = await finished(resumed.runId, next);
    expect(ended.journalDamage).toBe(notice);
    expect(events.some((e) => e.type === 'submit-finished' && e.status.journalDamage === notice)).toBe(true);
  });

  it('refuses an unknown profile and a file the app was not given', async () => {
    expect(
      (
        await handleCall(handlers, 'startSubmit', {
          profileId: 'nope',
          batch: { files: [{ file: { path: example('fields/clean-fields.json') } }] },
          dryRun: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await handleCall(handlers, 'startSubmit', {
          profileId: SANDBOX_PROFILE_ID,
          batch: { files: [{ file: { path: '/etc/hostname' } }] },
          dryRun: true,
        })
      ).status,
    ).toBe(400);
  });
});

describe('shared data', () => {
  it('lists a grower’s shared files under a sharing key and downloads one the service listed', async () => {
    const key = sandbox.demo.sharingKeys[0]!;
    const { files } = (await call('sharedData', { profileId: SANDBOX_PROFILE_ID, sharingKey: key })) as {
      files: { id: string; name: string; type: string }[];
    };
    expect(files.length).toBeGreaterThan(0);
    const got = await call('downloadSharedFile', {
      profileId: SANDBOX_PROFILE_ID,
      sharingKey: key,
      fileId: files[0]!.id,
    });
    expect(Buffer.from(got.contentBase64 as string, 'base64').length).toBeGreaterThan(0);
    expect(
      (
        await handleCall(handlers, 'downloadSharedFile', {
          profileId: SANDBOX_PROFILE_ID,
          sharingKey: key,
          fileId: 'f999',
        })
      ).status,
    ).toBe(404);
  });
});

describe('shared data downloads', () => {
  it("are held to the client's rules: a listed plain-HTTP address of another machine is not fetched", async () => {
    const fetched: string[] = [];
    const files = `${sandbox.sandbox.urls.sandboxUrl}/files/`;
    const rewriting = createHandlers({
      host: 'test',
      version: 'test',
      examplesDir: join(root, 'examples'),
      dataDir: join(dir, 'rewriting'),
      secrets: memorySecretBox(),
      emit: () => undefined,
      openExternal: async () => true,
      sandbox: sandbox.demo,
      // The service lists its files under http://example.com.
      fetch: async (url, init) => {
        fetched.push(url);
        const answer = await fetch(url, init);
        if (!url.includes('/agronomic-data')) return answer;
        const text = (await answer.text()).split(files).join('http://example.com/files/');
        return new Response(text, { status: answer.status, headers: answer.headers });
      },
    });
    const key = sandbox.demo.sharingKeys[0]!;
    const listed = await handleCall(rewriting, 'sharedData', {
      profileId: SANDBOX_PROFILE_ID,
      sharingKey: key,
    });
    const [first] = (listed.body as { files: { id: string }[] }).files;
    const got = await handleCall(rewriting, 'downloadSharedFile', {
      profileId: SANDBOX_PROFILE_ID,
      sharingKey: key,
      fileId: first!.id,
    });
    expect(got.status).toBe(400);
    expect((got.body as { error: { message: string } }).error.message).toMatch(
      /^download failed: the download address http:\/\/example\.com\/files\/[0-9a-f-]{36}\?… is refused: it must use https:\/\//,
    );
    expect(fetched.filter((u) => u.includes('example.com'))).toEqual([]);
  });
});

describe('pause, resume and cancel', () => {
  let slow: StartedSandbox;
  let slowHandlers: Handlers;
  const rx = () => {
    const contentBase64 = readFileSync(example('rx/two-zone-rx.zip')).toString('base64');
    return Array.from({ length: 4 }, (_, i) => ({ file: { name: `rx-${i + 1}.zip`, contentBase64 } }));
  };

  beforeAll(async () => {
    // Every request takes 150 ms, one at a time: there is time to pause between uploads.
    slow = await startEmbeddedSandbox(join(dir, 'slow-sandbox'), {
      FIELDGATE_SANDBOX_FAULTS: 'latency-ms=150-150',
    });
    slowHandlers = handlersIn(join(dir, 'slow'), slow);
    await call(
      'saveSettings',
      { theme: 'system', concurrency: 1, ratePerSecond: 5, tileUrl: '' },
      slowHandlers,
    );
  });
  afterAll(() => slow.sandbox.close());

  it('a paused run sends nothing more until it is resumed, then finishes', async () => {
    const started = (await call(
      'startSubmit',
      { profileId: SANDBOX_PROFILE_ID, batch: { files: rx() }, dryRun: false },
      slowHandlers,
    )) as unknown as SubmitStatus;
    const paused = (await call(
      'pauseSubmit',
      { runId: started.runId },
      slowHandlers,
    )) as unknown as SubmitStatus;
    expect(paused.state).toBe('paused');
    // Nothing more goes while paused: the upload in flight (150 ms) answers, and no other is sent over
    // more than four times that.
    await new Promise((r) => setTimeout(r, 700));
    const still = (await call(
      'getSubmit',
      { runId: started.runId },
      slowHandlers,
    )) as unknown as SubmitStatus;
    expect(still.state).toBe('paused');
    expect(still.rows.filter((r) => r.outcome === 'uploaded').length).toBeLessThanOrEqual(1);
    await call('resumeSubmit', { runId: started.runId }, slowHandlers);
    const done = await finished(started.runId, slowHandlers);
    expect(done.rows.map((r) => r.outcome)).toEqual(['uploaded', 'uploaded', 'uploaded', 'uploaded']);
  });

  it('a cancelled run stops, stays cancelled in the journal list, and is not resumed', async () => {
    const started = (await call(
      'startSubmit',
      { profileId: SANDBOX_PROFILE_ID, batch: { files: rx() }, dryRun: false },
      slowHandlers,
    )) as unknown as SubmitStatus;
    // Cancelled once the first upload is in: some rows sent, the rest not (no guess at how long that takes).
    for (let waited = 0; waited < 5000; waited += 25) {
      const now = (await call(
        'getSubmit',
        { runId: started.runId },
        slowHandlers,
      )) as unknown as SubmitStatus;
      if (now.rows.some((r) => r.outcome === 'uploaded')) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const cancelled = (await call(
      'cancelSubmit',
      { runId: started.runId },
      slowHandlers,
    )) as unknown as SubmitStatus;
    // Cancelling while the requests in flight answer (at most 2 s), then cancelled.
    expect(['cancelling', 'cancelled']).toContain(cancelled.state);
    let after = cancelled;
    for (let waited = 0; after.state === 'cancelling' && waited < 5000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await call('getSubmit', { runId: started.runId }, slowHandlers)) as unknown as SubmitStatus;
    }
    expect(after.state).toBe('cancelled');
    expect(after.counts.pending).toBe(0);
    expect(after.counts['not-sent']).toBeGreaterThan(0);
    expect(after.rows.filter((r) => r.outcome === 'uploaded').length).toBeLessThan(4);
    const next = handlersIn(join(dir, 'slow'), slow);
    const { journals } = (await call('listJournals', {}, next)) as {
      journals: { journalId: string; state: string }[];
    };
    expect(journals.find((j) => j.journalId === started.runId)?.state).toBe('cancelled');
    const resumed = (await call(
      'resumeJournal',
      { journalId: started.runId },
      next,
    )) as unknown as SubmitStatus;
    expect(resumed.state).toBe('cancelled');
  });
});
