/**
 * What the app sends is what the command line sends: for each bundled example and for CSV batches that are
 * mapped, edited, Windows-1252 or name a user per row, the same batch state goes once through the host's
 * submit (the app) and once through `fieldgate submit --state` (the command line), each to a fresh sandbox
 * of the same seed, and the requests each sandbox received are compared: operation, path, query, the
 * headers that carry data (receiving user, enrollment type) and the bodies, with ids the sandboxes made and
 * multipart boundaries set aside.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitCommand } from '../../cli/commands/submit.ts';
import {
  batchStateToJson,
  bytesToBase64,
  encodeWindows1252,
  type BatchChange,
  type BatchState,
  type CsvMapping,
} from '../../core/index.ts';
import type { SubmitStatus } from '../../host/bridge-api.ts';
import { createHandlers, handleCall, SANDBOX_PROFILE_ID } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';
import { startSandbox, type RecordedExchange, type RunningSandbox } from '../../sandbox/index.ts';
import { captureIo, homeEnv, sandboxEnv } from '../support/cli-io.ts';

const root = join(import.meta.dirname, '..', '..');
const SAMPLE_DATE = '2021-09-24T00:00:00.000Z';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
let dir: string;
/** The demo data every sandbox of the default seed has (users, programs, experiments, seasons). */
let demo: RunningSandbox['demo'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-differential-'));
  const reference = await startSandbox();
  demo = reference.demo;
  await reference.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Case {
  title: string;
  state: () => BatchState;
}

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const ring = (x: number, y = 42.03) =>
  `"POLYGON ((${x} ${y}, ${x + 0.01} ${y}, ${x + 0.01} ${y + 0.01}, ${x} ${y + 0.01}, ${x} ${y}))"`;

function examples(folder = join(root, 'examples')): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return examples(path);
      return name.endsWith('.md') ? [] : [path];
    });
}

const withUser = (files: BatchState['files']): BatchState => ({
  files,
  userName: demo.userNames[0]!,
  sampleDate: SAMPLE_DATE,
});

function cases(): Case[] {
  const out: Case[] = examples().map((path) => ({
    title: `the example ${relative(root, path)}`,
    state: () => withUser([{ name: path.split('/').pop()!, bytes: new Uint8Array(readFileSync(path)) }]),
  }));
  const mapping: CsvMapping = {
    columns: { name: 'CSBID', boundary: 'WKT', acres: 'CSBACRES' },
    values: { clientName: 'Smith Farms', farmName: 'Home Farm' },
  };
  out.push({
    title: 'a CSB export mapped to a fields batch (column mapping and constant values)',
    state: () =>
      withUser([
        {
          name: 'us_csb_2024_sample_wgs84.csv',
          bytes: new Uint8Array(readFileSync(join(root, 'test/corpus/derived/us_csb_2024_sample_wgs84.csv'))),
          mapping,
        },
      ]),
  });
  const edits: BatchChange[] = [
    { type: 'fix', fix: { all: 'safe' } },
    { type: 'cell', row: 4, column: 4, value: '' },
    {
      type: 'row',
      row: 2,
      cells: ['Smith Farms', 'Home Farm', 'South 40', ring(-93.6).slice(1, -1), '', 'x'],
    },
  ];
  out.push({
    title: 'a fields CSV with its safe fixes, a cell and a row edited',
    state: () =>
      withUser([
        {
          name: 'fields-with-problems.csv',
          bytes: new Uint8Array(readFileSync(join(root, 'examples/csv/fields-with-problems.csv'))),
          changes: edits,
        },
      ]),
  });
  out.push({
    title: 'a Windows-1252 ;-separated CSV with a cell edited',
    state: () =>
      withUser([
        {
          name: 'felder.csv',
          bytes: encodeWindows1252(
            [
              'clientName;farmName;name;boundary;source',
              `Müller Farms;Hof Süd;Nord 40;${ring(7.1, 51.1)};O’Brien`,
              `Müller Farms;Hof Süd;Ost 40;${ring(7.2, 51.1)};O’Brien`,
            ].join('\r\n'),
          )!,
          changes: [{ type: 'cell', row: 2, column: 2, value: 'Öst 40' }],
        },
      ]),
  });
  out.push({
    title: 'a fields CSV whose rows name their users (one names none)',
    state: () =>
      withUser([
        {
          name: 'users.csv',
          bytes: bytesOf(
            [
              'clientName,farmName,name,boundary,userName',
              `Smith Farms,Home Farm,North 40,${ring(-93.65)},${demo.userNames[1]}`,
              `Smith Farms,Home Farm,East 40,${ring(-93.62)},${demo.userNames[2] ?? demo.userNames[1]}`,
              `Smith Farms,Home Farm,West 40,${ring(-93.68)},`,
            ].join('\n'),
          ),
        },
      ]),
  });
  const zip = new Uint8Array(readFileSync(join(root, 'examples/rx/two-zone-rx.zip')));
  out.push({
    title: 'a prescriptions CSV and the ZIPs it names, dropped with it',
    state: () =>
      withUser([
        {
          name: 'prescriptions.csv',
          bytes: bytesOf(`file,userName\nnorth.zip,${demo.userNames[1]}\nsouth.zip,\nmissing.zip,\n`),
        },
        { name: 'north.zip', bytes: zip },
        { name: 'south.zip', bytes: zip },
      ]),
  });
  out.push({
    title: 'enrollments by program and by location (an experiment found or created once)',
    state: () => {
      const season = demo.temporalIds[0]!;
      return withUser([
        {
          name: 'program.csv',
          bytes: bytesOf(
            [
              'experimentProtocolId,dimensionality,temporalEntityId,temporalPeriodTypeName',
              ...demo.experimentProtocolIds.map((p) => `${p},INDIVIDUAL,${season},GrowingSeason`),
            ].join('\n'),
          ),
        },
        {
          name: 'location.csv',
          bytes: bytesOf(
            [
              'experimentEnrollmentId,experimentName,locationId,experimentLocationStatus,dimensionality,temporalEntityId,temporalPeriodTypeName',
              ...demo.locationIds
                .slice(0, 3)
                .map(
                  (l) =>
                    `${demo.experimentEnrollmentIds[1]},Trial,${l},NOMINATED,INDIVIDUAL,${season},GrowingSeason`,
                ),
            ].join('\n'),
          ),
        },
      ]);
    },
  });
  return out;
}

/** The requests a sandbox got, as data only: no ids it made, no boundaries, no credentials. */
function normalised(exchanges: readonly RecordedExchange[], known: ReadonlySet<string>): string[] {
  return exchanges
    .filter((e) => e.operationId !== undefined && e.operationId !== 'getToken')
    .map((e) => {
      const boundary = /boundary=([^;\s]+)/.exec(e.requestHeaders['content-type'] ?? '')?.[1];
      let body = new TextDecoder().decode(e.requestBody);
      if (boundary) body = body.split(boundary).join('BOUNDARY');
      const made = (text: string) =>
        text.replace(UUID, (id) => (known.has(id.toLowerCase()) ? id : 'MADE-ID'));
      return JSON.stringify({
        operation: e.operationId,
        method: e.method,
        url: made(e.url),
        user: e.requestHeaders['x-user-name'],
        type: e.requestHeaders['x-enrollment-type'],
        body: made(body),
      });
    })
    .sort();
}

async function sandboxRecording(): Promise<{ sandbox: RunningSandbox; exchanges: RecordedExchange[] }> {
  const exchanges: RecordedExchange[] = [];
  const sandbox = await startSandbox({ onExchange: (e) => exchanges.push(e) });
  return { sandbox, exchanges };
}

/** The batch through the host's submit (the app's path). */
async function throughHost(state: BatchState, name: string): Promise<RecordedExchange[]> {
  const { sandbox, exchanges } = await sandboxRecording();
  try {
    const handlers = createHandlers({
      host: 'test',
      version: 'test',
      examplesDir: join(root, 'examples'),
      dataDir: join(dir, `${name}-host`),
      secrets: memorySecretBox(),
      emit: () => undefined,
      openExternal: async () => true,
      sandbox: { ...sandbox.demo, ...sandbox.urls },
    });
    // The batch as the workbench hands it over: each file's bytes as dropped, how it is read, its changes.
    const answer = await handleCall(handlers, 'startSubmit', {
      profileId: SANDBOX_PROFILE_ID,
      batch: {
        files: state.files.map(({ name, bytes, ...how }) => ({
          file: { name, contentBase64: bytesToBase64(bytes) },
          ...how,
        })),
        ...(state.userName ? { userName: state.userName } : {}),
        ...(state.sampleDate ? { sampleDate: state.sampleDate } : {}),
      },
      dryRun: false,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const runId = (answer.body as SubmitStatus).runId;
    for (let i = 0; i < 400; i++) {
      const status = (await handleCall(handlers, 'getSubmit', { runId })).body as SubmitStatus;
      if (status.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await handlers.close();
    return exchanges;
  } finally {
    await sandbox.close();
  }
}

/** The batch through `fieldgate submit --state` (the command line's path). */
async function throughCli(state: BatchState, name: string): Promise<RecordedExchange[]> {
  const { sandbox, exchanges } = await sandboxRecording();
  try {
    const statePath = join(dir, `${name}.fieldgate.json`);
    writeFileSync(statePath, JSON.stringify(batchStateToJson(state)));
    const io = captureIo({
      cwd: dir,
      env: { PATH: process.env.PATH, ...homeEnv(dir), ...sandboxEnv(sandbox) },
    });

    const code = await submitCommand.run(
      ['--state', statePath, '--profile', 'env', '--rate', '1000', '--journal', join(dir, `${name}.jsonl`)],
      io,
    );
    expect([0, 1, 4, 5], io.err.join('')).toContain(code);
    return exchanges;
  } finally {
    await sandbox.close();
  }
}

describe('the same batch state through the app and through the command line', () => {
  it.each(cases().map((c, i) => [c.title, i] as const))('%s: the same requests', async (_title, index) => {
    const state = cases()[index]!.state();
    const known = new Set<string>();
    const look = (text: string) => {
      for (const id of text.match(UUID) ?? []) known.add(id.toLowerCase());
    };
    look(JSON.stringify(demo));
    for (const f of state.files) look(new TextDecoder().decode(f.bytes));
    const app = normalised(await throughHost(state, `case${index}`), known);
    const cli = normalised(await throughCli(state, `case${index}`), known);
    expect(app).toEqual(cli);
    // The batches made here all have rows to send (some examples are all errors: nothing goes, either way).
    if (!cases()[index]!.title.startsWith('the example')) expect(app.length).toBeGreaterThan(0);
  });

  it('sends the mapped, edited and Windows-1252 rows as the person saw them', async () => {
    const all = cases();
    const find = (part: string) => all.find((c) => c.title.includes(part))!.state();
    const known = new Set<string>();
    const csb = normalised(await throughCli(find('CSB export'), 'csb'), known).join('\n');
    // The mapping named the field by CSBID and gave the client and farm: every clean row went.
    expect(csb).toContain('\\"clientName\\":\\"Smith Farms\\",\\"farmName\\":\\"Home Farm\\"');
    expect((csb.match(/\\"name\\":/g) ?? []).length).toBeGreaterThan(90);
    const latin = normalised(await throughHost(find('Windows-1252'), 'latin'), known).join('\n');
    expect(latin).toContain('Müller Farms');
    expect(latin).toContain('Öst 40');
    expect(latin).toContain('O’Brien');
    expect(latin).not.toContain('\uFFFD');
  });
});
