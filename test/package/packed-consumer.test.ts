/**
 * The package as a developer's own project gets it: a project in a temporary folder, outside this
 * repository, installs the packed package (`npm pack`, then `npm install <tgz>` offline: the library's few
 * dependencies are copied in from this checkout's node_modules first, as a registry would have given them)
 * and runs its own code, compiled from strict TypeScript against the shipped declarations:
 * - a folder validated with one file that cannot be read, and a stream that fails midway: the report
 *   completes and lists them unreadable;
 * - fixes chosen from a report of two files: the right fix, or a clear refusal;
 * - bundles of a script that only checks UUIDs, of a WKT-only validate (`fieldgate/wkt`: no other kind's
 *   code, no catalogue of every rule) and of each area's entry, each under its budget;
 * - `submitBatch` killed with SIGKILL, then `resumeBatch` finishing with no row twice on the sandbox;
 * - `require('fieldgate')` from CommonJS.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../core/index.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { buildLibrary, root } from '../../scripts/build.js';
import { declarationsBuilt } from '../support/declarations.ts';
import { serverCounts } from '../batch/batch-support.ts';

/** Budgets, minified, of what a bundler (esbuild) makes of a script's use of the package. */
const UUID_ONLY_BUDGET = 1_000;
/**
 * A WKT-only validate through `fieldgate/wkt`, all of it in one file (its lazily loaded checks too): the .wkt
 * checks with what they need (proj4 for projected coordinates, 130 KB; the land mask, 110 KB), the engine,
 * and no other kind. The main entry's `validate`, which knows every kind, bundles to about 870 KB.
 */
const WKT_VALIDATE_BUDGET = 480_000;
/** Code of other kinds, and the catalogue of every rule and kind, which a WKT-only bundle must not hold. */
const NOT_WKT = /\/(modus|csv|rx|agronomic|requests)\/|\/rules\/registry\.js$|\/formats\/registry\.js$/;
/**
 * Each area's entry, one function of it used, in one file (lazily loaded modules in it too). Modus: its 43
 * rules as visitors over the passes' stage results (issue 27) took the bundle from under 150 KB to 152 KB.
 */
const AREA_BUDGETS = {
  wkt: { uses: 'checkWkt', budget: 420_000 },
  modus: { uses: 'validateModus', budget: 160_000 },
  rx: { uses: 'validateRx', budget: 310_000 },
  csv: { uses: 'validateCsvBatch', budget: 560_000 },
  client: { uses: 'ServiceClient', budget: 40_000 },
  node: { uses: 'submitBatch', budget: 1_050_000 },
} as const;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const scratch = mkdtempSync(join(tmpdir(), 'fieldgate-consumer-'));
const project = join(scratch, 'project');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Lock {
  packages: Record<string, { dependencies?: Record<string, string> }>;
}

/** The packages the library depends on, with theirs, as this checkout's lock file has them. */
function dependencyClosure(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
  const seen = new Set<string>();
  const queue = Object.keys(pkg.dependencies);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {}));
  }
  return [...seen];
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const done = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (done.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${done.status}): ${done.stderr}${done.stdout}`);
  return done.stdout;
}

const sources: Record<string, string> = {
  'folder.ts': `
import { validate } from 'fieldgate';
import { fromDir } from 'fieldgate/node';

const dir = process.argv[2]!;
const files = await fromDir(dir);
// A stream that fails after its first piece, as a network file would.
const midway = {
  name: 'midway.wkt',
  open: (): ReadableStream<Uint8Array> => {
    let sent = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('connection reset'));
        else controller.enqueue(new TextEncoder().encode('POLYGON((0 0, 0 1, 1 1, 1 0, 0 0))\\n'.repeat(4000)));
        sent = true;
      },
    });
  },
};
const report = await validate([...files, midway], { now: new Date('2026-11-22T12:00:00Z') });
const unreadable: { name: string; reason: string }[] = report.unreadable;
console.log(JSON.stringify({ unreadable, checked: report.files.map((f) => f.file) }));
`,
  'fix-ids.ts': `
import { readFileSync } from 'node:fs';
import { fix, validate, type Diagnostic } from 'fieldgate';

const boundaries = { name: 'boundaries.wkt', bytes: new Uint8Array(readFileSync(process.argv[2]!)) };
const p1 = { name: 'p1.wkt', bytes: new TextEncoder().encode('POLYGON((0 0, 0 1, 1 1, 1 0, 0 0))\\n') };
const now = new Date('2026-11-22T12:00:00Z');
const report = await validate([p1, boundaries], { now });
const chosen: Diagnostic | undefined = report.files[1]?.diagnostics.find((d) => d.code === 'GEO004');
if (!chosen) throw new Error('no GEO004 in boundaries.wkt');
const right = await fix(boundaries, { ids: [chosen], safety: 'safe-and-unsafe' }, { now });
const otherFile = report.files[0]?.diagnostics[0];
if (!otherFile) throw new Error('no diagnostic in p1.wkt');
const refused = await fix(boundaries, { ids: [otherFile], safety: 'safe-and-unsafe' }, { now });
let unknownRule = '';
try {
  await fix(boundaries, { rules: ['NOPE999'], safety: 'safe' });
} catch (e) {
  unknownRule = e instanceof Error ? e.name : 'not an error';
}
console.log(JSON.stringify({
  chosen: { id: chosen.id, row: chosen.location.row },
  applied: right.report.files[0]?.fixes?.applied.map((a) => [a.code, a.location.row]),
  changed: right.bytes !== undefined,
  refused: refused.report.files[0]?.fixes?.notApplied.map((n) => n.reason),
  refusedChanged: refused.bytes !== undefined,
  unknownRule,
}));
`,
  'uuid-only.ts': `
import { isUuid } from 'fieldgate';
console.log(isUuid('1b4e28ba-2fa1-11d2-883f-0016d3cca427'));
`,
  'wkt-only.ts': `
import { validate } from 'fieldgate/wkt';
const report = await validate([{ name: 'a.wkt', bytes: new TextEncoder().encode('POLYGON((-93.265 45.121, -93.257 45.121, -93.257 45.1267, -93.265 45.121))') }]);
console.log(report.counts.error);
`,
  ...Object.fromEntries(
    Object.entries(AREA_BUDGETS).map(([area, { uses }]) => [
      `area-${area}.ts`,
      `import { ${uses} } from 'fieldgate/${area}';\nconsole.log(typeof ${uses});\n`,
    ]),
  ),
  'wkt-check.ts': `
import { checkWkt } from 'fieldgate/wkt';
const report = checkWkt('POLYGON((-93.265 45.121, -93.257 45.121, -93.257 45.121, -93.257 45.1267, -93.265 45.121))', { name: 'a.wkt' });
console.log(JSON.stringify(report.diagnostics.map((d) => [d.code, d.location.file])));
`,
  'submit.ts': `
import { submitBatch } from 'fieldgate/node';
const [batch, journal] = process.argv.slice(2);
const outcome = await submitBatch([batch!], { profile: 'env', journal: journal!, pacing: { concurrency: 2, rate: 1000 } });
console.log(JSON.stringify({ outcome: outcome.outcome, counts: outcome.counts }));
`,
  'resume.ts': `
import { openJournal, resumeBatch } from 'fieldgate/node';
const journal = process.argv[2]!;
const before = await openJournal(journal);
const outcome = await resumeBatch(journal, { pacing: { concurrency: 2, rate: 1000 } });
console.log(JSON.stringify({ before: before.finished, outcome: outcome.outcome, counts: outcome.counts, results: outcome.results }));
`,
  'use.cts': `
import fieldgate = require('fieldgate');
const found: fieldgate.Diagnostic[] = fieldgate.checkSampleDate('2024-05-01', { now: new Date() });
console.log(JSON.stringify({ uuid: fieldgate.isUuid('1b4e28ba-2fa1-11d2-883f-0016d3cca427'), codes: found.map((d) => d.code) }));
`,
};

function node(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return run(process.execPath, [join(project, 'out', script), ...args], project, env);
}

/** The same, without blocking this process (whose sandbox the script talks to). */
function nodeAsync(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(project, 'out', script), ...args], { cwd: project, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${script} failed (${code}): ${stderr}${stdout}`)),
    );
  });
}

describe('a project outside the repository, with the packed package installed', () => {
  beforeAll(async () => {
    await buildLibrary();
    await declarationsBuilt();
    const packed = JSON.parse(
      run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], root),
    ) as Array<{ filename: string }>;
    const tarball = join(scratch, packed[0]!.filename);
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
    );
    for (const name of dependencyClosure())
      cpSync(join(root, 'node_modules', name), join(project, 'node_modules', name), { recursive: true });
    run(npm, ['install', tarball, '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], project);
    mkdirSync(join(project, 'src'));
    for (const [name, text] of Object.entries(sources)) writeFileSync(join(project, 'src', name), text);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          strict: true,
          noUncheckedIndexedAccess: true,
          outDir: 'out',
          rootDir: 'src',
          skipLibCheck: true,
          typeRoots: [join(root, 'node_modules', '@types')],
          types: ['node'],
        },
        include: ['src'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
  }, 180_000);

  it('installs only the library and its own dependencies', () => {
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/fieldgate/package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(installed.scripts.prepare).toBeUndefined();
    for (const app of ['react', 'maplibre-gl', 'zod', 'yaml'])
      expect(existsSync(join(project, 'node_modules', app)), app).toBe(false);
  });

  it('validates a folder with an unreadable file and a stream that fails midway: the report completes', () => {
    const folder = join(scratch, 'folder');
    mkdirSync(folder);
    copyFileSync(join(root, 'examples/fields/boundaries.wkt'), join(folder, 'boundaries.wkt'));
    writeFileSync(
      join(folder, 'good.wkt'),
      'POLYGON((-93.265 45.121, -93.257 45.121, -93.257 45.1267, -93.265 45.121))\n',
    );
    // A file listed in the folder that cannot be opened.
    symlinkSync(join(folder, 'gone.wkt'), join(folder, 'broken.wkt'));
    const out = JSON.parse(node('folder.js', [folder])) as {
      unreadable: Array<{ name: string; reason: string }>;
      checked: string[];
    };
    expect(out.checked).toEqual(['boundaries.wkt', 'good.wkt']);
    expect(out.unreadable.map((u) => u.name)).toEqual(['broken.wkt', 'midway.wkt']);
    expect(out.unreadable[0]!.reason).toMatch(/^it could not be read: ENOENT/);
    expect(out.unreadable[1]!.reason).toBe('it could not be read: connection reset');
  });

  it('fixes by diagnostics from a report of two files: the right fix, or a clear refusal', () => {
    const out = JSON.parse(node('fix-ids.js', [join(root, 'examples/fields/boundaries.wkt')])) as {
      chosen: { id: string; row: number };
      applied: Array<[string, number]>;
      changed: boolean;
      refused: string[];
      refusedChanged: boolean;
      unknownRule: string;
    };
    expect(out.applied).toEqual([['GEO004', out.chosen.row]]);
    expect(out.changed).toBe(true);
    expect(out.refused).toEqual(['it is a diagnostic of p1.wkt, not of boundaries.wkt']);
    expect(out.refusedChanged).toBe(false);
    expect(out.unknownRule).toBe('EngineOptionsError');
  });

  it('bundles what a script uses, under its budget', async () => {
    // One file: lazily loaded modules are in it too.
    const bundle = async (script: string) => {
      const result = await esbuild.build({
        absWorkingDir: project,
        entryPoints: [join(project, 'out', script)],
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'node',
        outdir: join(scratch, 'bundle', script),
        metafile: true,
        write: false,
        logLevel: 'silent',
      });
      const outputs = Object.values(result.metafile.outputs);
      // The modules whose code is in the bundle (a module read but shaken away entirely is not).
      const bundled = outputs.flatMap((o) =>
        Object.entries(o.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
      );
      return { all: outputs.reduce((n, o) => n + o.bytes, 0), bundled };
    };
    const uuid = await bundle('uuid-only.js');
    expect(uuid.all).toBeLessThan(UUID_ONLY_BUDGET);
    const wkt = await bundle('wkt-only.js');
    expect(wkt.all).toBeLessThan(WKT_VALIDATE_BUDGET);
    expect(wkt.bundled.filter((i) => NOT_WKT.test(i))).toEqual([]);
    expect(node('wkt-only.js', []).trim()).toBe('0');
    for (const [area, { budget }] of Object.entries(AREA_BUDGETS)) {
      const one = await bundle(`area-${area}.js`);
      expect(one.all, `fieldgate/${area}`).toBeLessThan(budget);
      expect(node(`area-${area}.js`, []).trim()).toBe('function');
      // An area's entry brings no other kind of file with it.
      if (area === 'wkt') expect(one.bundled.filter((i) => NOT_WKT.test(i))).toEqual([]);
    }
  });

  it('checks WKT through fieldgate/wkt alone', () => {
    expect(JSON.parse(node('wkt-check.js', []))).toEqual([['GEO012', 'a.wkt']]);
  });

  it('loads with require() from CommonJS', () => {
    const out = JSON.parse(node('use.cjs', [])) as { uuid: boolean; codes: string[] };
    expect(out).toEqual({ uuid: true, codes: ['SD002'] });
  });

  describe('a batch sent from a script', () => {
    let sandbox: RunningSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ duplicateEnrollments: 'allow', faults: 'latency-ms=10-30', seed: 7 });
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it(
      'is killed with SIGKILL midway and resumed from its journal: every row sent once',
      { timeout: 60_000 },
      async () => {
        const requests = Array.from({ length: 12 }, (_, i) => ({
          method: 'POST',
          path: '/v5/enrollments',
          headers: { 'x-enrollment-type': 'program' },
          body: {
            experimentProtocolId:
              sandbox.demo.experimentProtocolIds[i % sandbox.demo.experimentProtocolIds.length],
            temporalEntity: {
              dimensionality: 'INDIVIDUAL',
              id: crypto.randomUUID(),
              temporalPeriodTypeName: 'GrowingSeason',
            },
          },
        }));
        const text = JSON.stringify(requests);
        const batch = join(scratch, 'batch.json');
        writeFileSync(batch, text);
        const { rows } = await prepareBatch({
          files: [{ name: 'batch.json', bytes: new TextEncoder().encode(text) }],
        });
        const journal = join(scratch, 'journals', 'batch.jsonl');
        const env: NodeJS.ProcessEnv = {
          PATH: process.env.PATH,
          HOME: scratch,
          XDG_DATA_HOME: join(scratch, 'data'),
          XDG_CONFIG_HOME: join(scratch, 'config'),
          FIELDGATE_AUTH_URL: sandbox.urls.authUrl,
          FIELDGATE_BASE_URL: sandbox.urls.baseUrl,
          FIELDGATE_LEGACY_BASE_URL: sandbox.urls.legacyBaseUrl,
          FIELDGATE_CLIENT_ID: sandbox.demo.clientId,
          FIELDGATE_CLIENT_SECRET: sandbox.demo.clientSecret,
          FIELDGATE_API_KEY: sandbox.demo.apiKey,
        };
        const lines = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').length - 1 : 0);
        const how = await new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [join(project, 'out', 'submit.js'), batch, journal], {
            cwd: project,
            env,
            stdio: 'ignore',
          });
          // Killed once some rows are journaled as sent, with others in flight or not sent yet.
          const poll = setInterval(() => {
            if (lines() >= 8) child.kill('SIGKILL');
          }, 1);
          child.on('exit', (code, signal) => {
            clearInterval(poll);
            resolve(signal ?? `exit ${code}`);
          });
        });
        expect(how).toBe('SIGKILL');
        const out = JSON.parse(await nodeAsync('resume.js', [journal], env)) as {
          before: boolean;
          outcome: string;
          counts: Record<string, number>;
          results: string;
        };
        expect(out.before).toBe(false);
        expect(out.outcome).toBe('finished');
        expect(out.counts.done).toBe(12);
        expect(
          readFileSync(out.results, 'utf8')
            .split('\r\n')
            .filter((l) => l.includes('created')),
        ).toHaveLength(12);
        const counts = await serverCounts(sandbox, rows);
        expect(counts.perRow).toEqual(rows.map(() => 1));
      },
    );
  });
});
