/**
 * The submit commands as a user meets them: `submit --profile sandbox` (an embedded sandbox whose state
 * survives in XDG_DATA_HOME, so a second run finds what the first sent), --dry-run, errors stopping the batch
 * (rows with errors stay back; --all-or-nothing sends nothing then), `status`, `resume` of a finished journal, `profile add|list|test|remove` (an
 * owner-only file, secrets never printed), and Ctrl+C in a real child process: it stops after the requests in
 * flight, exits 3, prints the resume command, and resume finishes the batch; CSV batches (by location, fields).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileCommand } from '../../cli/commands/profile.ts';
import { resumeCommand } from '../../cli/commands/resume.ts';
import { statusCommand } from '../../cli/commands/status.ts';
import { submitCommand } from '../../cli/commands/submit.ts';
import { replayJournal } from '../../core/index.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { buildSeed } from '../../sandbox/seed.ts';
import { sandboxClient } from './batch-support.ts';
import { captureIo, homeEnv } from '../support/cli-io.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

function cliIo(env: Record<string, string | undefined> = {}) {
  return captureIo({ cwd: dir, env: { ...homeEnv(dir), ...env } });
}

function programRequests(protocols: string[], n: number): string {
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: {
        experimentProtocolId: protocols[i % protocols.length],
        temporalEntity: {
          dimensionality: 'INDIVIDUAL',
          id: crypto.randomUUID(),
          temporalPeriodTypeName: 'GrowingSeason',
        },
      },
    })),
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-submit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fieldgate submit with the embedded sandbox', () => {
  const protocols = buildSeed(42).experimentProtocols.map((p) => p.id);

  it('sends a batch, keeps the sandbox state for the next run, and reports', async () => {
    writeFileSync(join(dir, 'batch.json'), programRequests(protocols, 5));
    const journal = join(dir, 'one.jsonl');
    const first = cliIo();
    expect(await submitCommand.run(['batch.json', '--journal', journal], first), first.text()).toBe(0);
    expect(first.text()).toContain('5 rows: 5 created');
    // UTF-8 with a byte order mark, as Excel needs to read it as UTF-8.
    const raw = readFileSync(join(dir, 'one.results.csv'), 'utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const csv = raw.slice(1).split('\r\n');
    expect(csv[0]).toBe(
      'file,row,method,path,x-enrollment-type,body,id,outcome,http status,error code,request id,message,anomalies,notices',
    );
    expect(csv.filter((l) => l.includes(',created,201,'))).toHaveLength(5);
    expect(existsSync(join(dir, 'data', 'fieldgate', 'sandbox', 'state.json'))).toBe(true);

    // The same batch again, in a new process's worth of sandbox: the enrollments exist already (409), which
    // is each row's success, with the id the first run created.
    const second = cliIo();
    expect(
      await submitCommand.run(['batch.json', '--journal', join(dir, 'two.jsonl')], second),
      second.text(),
    ).toBe(0);
    const ids = (name: string) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => /,([0-9a-f-]{36}),(created|already there),/.exec(l)?.[1]);
    expect(ids('two.results.csv')).toEqual(ids('one.results.csv'));
    expect(readFileSync(join(dir, 'two.jsonl'), 'utf8')).toContain('"how":"exists"');

    const status = cliIo();
    expect(await statusCommand.run([journal], status)).toBe(0);
    expect(status.text()).toContain('5 rows: 5 created');
    const resumed = cliIo();
    expect(await resumeCommand.run([journal], resumed)).toBe(0);
  });

  it('plans without sending on --dry-run; rows with errors stay back, or stop all with --all-or-nothing', async () => {
    const dry = cliIo();
    expect(await submitCommand.run(['batch.json', '--dry-run'], dry)).toBe(0);
    // Each step names its rows by file and row, as the plan's summary does.
    expect(dry.text()).toContain('s1 createEnrollment: batch.json row 1\n');
    expect(dry.text()).toContain('plan: 5 rows: 5 will be sent (5 requests).');
    writeFileSync(join(dir, 'single.json'), programRequests(protocols, 1));
    const single = cliIo();
    expect(await submitCommand.run(['single.json', '--dry-run'], single)).toBe(0);
    expect(single.text()).toContain('plan: 1 row: 1 will be sent (1 request).');
    // A misspelt profile is found by the dry run, before the real one.
    const misspelt = cliIo();
    await expect(
      submitCommand.run(['single.json', '--dry-run', '--profile', 'nope'], misspelt),
    ).rejects.toThrow('no profile "nope"');
    const sent = cliIo();
    const singleJournal = join(dir, 'single.jsonl');
    expect(await submitCommand.run(['single.json', '--journal', singleJournal], sent), sent.text()).toBe(0);
    expect(sent.text()).toContain('1 row: 1 created');
    const singleStatus = cliIo();
    expect(await statusCommand.run([singleJournal], singleStatus)).toBe(0);
    expect(singleStatus.text()).toContain('1 row: 1 created');
    const problems = join(root, 'examples/requests/batch-with-problems.json');
    const strict = cliIo();
    expect(
      await submitCommand.run([problems, '--all-or-nothing', '--journal', join(dir, 'p.jsonl')], strict),
    ).toBe(1);
    expect(strict.text()).toContain('(--all-or-nothing)');
    expect(existsSync(join(dir, 'p.jsonl'))).toBe(false);
    const lenient = cliIo();
    const code = await submitCommand.run([problems, '--journal', join(dir, 'p.jsonl')], lenient);
    expect(code, lenient.text()).toBe(1);
    // Each row with errors is listed before anything is sent, saying why it stays back.
    expect(lenient.text()).toMatch(/batch-with-problems\.json row \d+: skipped for errors: [A-Z]+\d{3} /);
    expect(readFileSync(join(dir, 'p.results.csv'), 'utf8')).toContain(',skipped for errors,');
  });
});

describe('fieldgate profile', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('adds an owner-only profile, lists and tests it without printing secrets, removes it', async () => {
    const secrets = {
      FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
      FIELDGATE_API_KEY: sandbox.demo.apiKey,
    };
    const add = cliIo(secrets);
    const args = ['add', 'local', '--auth-url', sandbox.urls.authUrl, '--base-url', sandbox.urls.baseUrl];
    args.push(
      '--legacy-base-url',
      sandbox.urls.legacyBaseUrl,
      '--client-id',
      sandbox.demo.clientId,
      '--rate',
      '20',
    );
    // A connect time-out that is no number of seconds is refused before anything is saved.
    await expect(profileCommand.run([...args, '--connect-timeout', '0'], cliIo(secrets))).rejects.toThrow(
      '--connect-timeout must be a number of seconds above 0 and at most 25, got "0"',
    );
    args.push('--connect-timeout', '5');
    expect(await profileCommand.run(args, add), add.text()).toBe(0);
    const file = join(dir, 'config', 'fieldgate', 'profiles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const list = cliIo();
    expect(await profileCommand.run(['list'], list)).toBe(0);
    expect(list.text()).toContain('client secret    set');
    expect(list.text()).toContain('connect within   5 s');
    const test = cliIo();
    expect(await profileCommand.run(['test', 'local'], test), test.text()).toBe(0);
    expect(test.text()).toContain('credentials accepted');
    for (const out of [add.text(), list.text(), test.text()])
      for (const secret of Object.values(secrets)) expect(out).not.toContain(secret);
    expect(await profileCommand.run(['remove', 'local'], cliIo())).toBe(0);
    await expect(profileCommand.run(['test', 'local'], cliIo())).rejects.toThrow(/no profile "local"/);
    // Removing one that does not exist is the same usage error as testing it (exit 2), not exit 1.
    await expect(profileCommand.run(['remove', 'local'], cliIo())).rejects.toThrow(
      /^no profile "local"; profiles: sandbox, env/,
    );
    await expect(profileCommand.run(['remove', 'env'], cliIo())).rejects.toThrow(/is built in/);
  });
});

describe('Ctrl+C', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ faults: 'latency-ms=20-40', duplicateEnrollments: 'allow' });
  });
  afterAll(() => sandbox.close());

  it(
    'stops after the requests in flight, exits 3 with the resume command; resume finishes',
    { timeout: 60_000 },
    async () => {
      const env = {
        ...process.env,
        XDG_DATA_HOME: join(dir, 'data'),
        FIELDGATE_AUTH_URL: sandbox.urls.authUrl,
        FIELDGATE_BASE_URL: sandbox.urls.baseUrl,
        FIELDGATE_LEGACY_BASE_URL: sandbox.urls.legacyBaseUrl,
        FIELDGATE_CLIENT_ID: sandbox.demo.clientId,
        FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
        FIELDGATE_API_KEY: sandbox.demo.apiKey,
      };
      writeFileSync(join(dir, 'big.json'), programRequests(sandbox.demo.experimentProtocolIds, 200));
      const before = sandbox.service.state.enrollments.size;
      const journal = join(dir, 'big.jsonl');
      const child = spawn(
        process.execPath,
        [
          join(root, 'cli/bin/fieldgate.js'),
          'submit',
          'big.json',
          '--profile',
          'env',
          '--journal',
          journal,
          '--concurrency',
          '4',
          '--rate',
          '1000',
        ],
        { env, cwd: dir },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const interval = setInterval(() => {
        if (existsSync(journal) && readFileSync(journal, 'utf8').split('\n').length > 40) {
          clearInterval(interval);
          child.kill('SIGINT');
        }
      }, 5);
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      clearInterval(interval);
      expect(code, out).toBe(3);
      expect(out).toContain(`resume with: fieldgate resume ${journal} --profile env`);
      const replayed = replayJournal(readFileSync(journal, 'utf8'));
      // Consistent: nothing left in flight.
      expect([...replayed.steps.values()].filter((s) => s.status === 'in-doubt')).toEqual([]);
      expect(readFileSync(journal, 'utf8')).toContain('"type":"stopped"');
      const resumed = cliIo(env);
      expect(await resumeCommand.run([journal, '--rate', '1000'], resumed), resumed.text()).toBe(0);
      expect(resumed.text()).toContain('200 done');
      expect(sandbox.service.state.enrollments.size - before).toBe(200);
    },
  );
});

describe('CSV batches', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ duplicateEnrollments: 'allow' });
  });
  afterAll(() => sandbox.close());

  const env = () => ({
    FIELDGATE_AUTH_URL: sandbox.urls.authUrl,
    FIELDGATE_BASE_URL: sandbox.urls.baseUrl,
    FIELDGATE_LEGACY_BASE_URL: sandbox.urls.legacyBaseUrl,
    FIELDGATE_CLIENT_ID: sandbox.demo.clientId,
    FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
    FIELDGATE_API_KEY: sandbox.demo.apiKey,
  });

  it('enrolls CSV rows by location after finding or creating their experiment once', async () => {
    const d = sandbox.demo;
    const eeid = d.experimentEnrollmentIds[2]!;
    const lines = [
      'Experiment enrollment,experimentName,Location,experimentLocationStatus,dimensionality,temporalEntityId,temporalPeriodTypeName',
      ...[0, 1, 2].map(
        (i) => `${eeid},Row trial,${d.locationIds[i]},NOMINATED,INDIVIDUAL,${d.temporalIds[0]},GrowingSeason`,
      ),
    ];
    writeFileSync(join(dir, 'locations.csv'), lines.join('\r\n') + '\r\n');
    const io = cliIo(env());
    const code = await submitCommand.run(
      ['locations.csv', '--profile', 'env', '--journal', join(dir, 'loc.jsonl')],
      io,
    );
    expect(code, io.text()).toBe(0);
    const found = await sandboxClient(sandbox).findExperiments({ experimentEnrollmentId: eeid });
    expect(found.ok && found.value.results).toHaveLength(1);
    const csv = readFileSync(join(dir, 'loc.results.csv'), 'utf8').replace(/^\uFEFF/, '');
    // The original headers, as written, lead the results.
    expect(csv.split('\r\n')[0]).toMatch(/^file,row,Experiment enrollment,experimentName,Location,/);
    expect(
      csv.split('\r\n').filter((l) => /,(created|updated|removed|already there|uploaded|read),/.test(l)),
    ).toHaveLength(3);
  });

  it('uploads CSV fields, one upload per receiving user', async () => {
    const boundary = '"POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))"';
    const lines = [
      'clientName,farmName,name,boundary,userName',
      `Smith,Home,North,${boundary},${sandbox.demo.userNames[0]}`,
      `Smith,Home,South,${boundary.replace(/42\.0/g, '42.1')},${sandbox.demo.userNames[0]}`,
    ];
    writeFileSync(join(dir, 'fields.csv'), lines.join('\n') + '\n');
    const io = cliIo(env());
    const code = await submitCommand.run(
      ['fields.csv', '--profile', 'env', '--journal', join(dir, 'fields.jsonl')],
      io,
    );
    expect(code, io.text()).toBe(0);
    const journal = readFileSync(join(dir, 'fields.jsonl'), 'utf8');
    expect(journal.split('\n').filter((l) => l.includes('"type":"sending"'))).toHaveLength(1);
    expect(io.text()).toContain('2 done');
    expect(
      io.text().match(/notice: POST \/v2\/fields is deprecated; its replacement is \/v4\/uploads/g),
    ).toHaveLength(1);
  });
});
