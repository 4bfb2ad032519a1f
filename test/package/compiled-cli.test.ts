/**
 * The `fieldgate` command runs compiled (dist/cli): built from the current sources, loading for each
 * command only its own code, and reading the files beside its sources (examples, the OpenAPI document)
 * from wherever it is started.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCompiledEntry } from '../../cli/bin/compiled-build.js';
import { commands } from '../../cli/commands/index.ts';
import { buildCli, root, type CliBuild } from '../../scripts/build.js';
import { runCli } from '../cli/cli-helpers.ts';

const bin = join(root, 'cli', 'bin', 'fieldgate.js');
const elsewhere = mkdtempSync(join(tmpdir(), 'fieldgate-compiled-cli-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

function fieldgate(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: elsewhere, encoding: 'utf8' });
}

/** The source files a process loads before any dynamic import: the entry chunk and its static imports. */
function staticallyLoadedSources(build: CliBuild, chunk = build.entry): string[] {
  const outputs = build.metafile.outputs;
  const pending = [`dist/cli/${chunk}`];
  const seen = new Set<string>();
  for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    const output = outputs[chunk];
    if (!output) throw new Error(`no output ${chunk} in the metafile`);
    for (const i of output.imports) if (i.kind === 'import-statement' && !i.external) pending.push(i.path);
  }
  return [...seen].flatMap((chunk) => Object.keys(outputs[chunk]?.inputs ?? {}));
}

describe('the compiled fieldgate command', () => {
  let build: CliBuild;
  beforeAll(async () => {
    build = await buildCli();
  }, 60_000);

  it('is what the bin runs while no source changed since the build', async () => {
    const entry = await currentCompiledEntry(pathToFileURL(root + '/'));
    // Someone may edit a source while this runs: then the bin rightly rebuilds instead (the stale case
    // is tested on a tree of its own below).
    const edited = build.inputs.some(
      (p) => (statSync(join(root, p), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) >= build.startedAt,
    );
    if (!edited) expect(entry?.href).toBe(pathToFileURL(join(root, 'dist', 'cli', build.entry)).href);
    expect(build.inputs).toContain('cli/main.ts');
    expect(build.inputs.some((p) => p.includes('node_modules/'))).toBe(false);
  });

  it('loads for `fieldgate help` only the command list: no validator, sandbox or YAML parser', () => {
    const loaded = staticallyLoadedSources(build);
    expect(loaded).toContain('cli/main.ts');
    expect(loaded).toContain('cli/commands/index.ts');
    const heavy = /^(sandbox|core\/rules|core\/formats)\/|node_modules\/(yaml|proj4|saxes|fflate)\//;
    expect(loaded.filter((p) => heavy.test(p))).toEqual([]);
    // …while the commands' chunks do hold them.
    expect(Object.keys(build.metafile.inputs).some((p) => p.includes('node_modules/yaml/'))).toBe(true);
  });

  it("loads for `validate` the engine and the rules, and a kind's checks only for its files", () => {
    const chunk = build.commands.validate;
    expect(chunk).toBeDefined();
    const loaded = staticallyLoadedSources(build, chunk);
    expect(loaded).toContain('cli/commands/validate.ts');
    expect(loaded).toContain('core/engine/engine.ts');
    expect(loaded).toContain('core/rules/registry.ts');
    expect(loaded).toContain('core/modus/modus-kind-info.ts');
    // No kind's checks (the Modus validator, geometry, CSV batches, ZIPs) and no proj4, although the
    // command imports core through core/index.ts, which exports all of them.
    const checks =
      /^core\/(modus\/(validate-modus|xml-scanner)|rx\/validate-rx|geometry\/validity|csv\/csv-batch|archive\/zip-reader)\.ts$|node_modules\/proj4\//;
    expect(loaded.filter((p) => checks.test(p))).toEqual([]);
    // …which the kinds' own chunks hold.
    expect(Object.keys(build.metafile.inputs)).toContain('core/modus/validate-modus.ts');
  });

  it('lists every command with the summary its code has', { timeout: 120_000 }, async () => {
    for (const entry of commands) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({
        name: entry.name,
        summary: entry.summary,
      });
    }
  });

  it('answers help, usage errors and validate from another directory', { timeout: 120_000 }, () => {
    const help = fieldgate(['help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toBe('');
    for (const entry of commands) expect(help.stdout).toContain(`  ${entry.name} `);

    const usage = fieldgate(['validate', '--no-such-option']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe(
      'fieldgate validate: unknown option --no-such-option\nRun `fieldgate validate --help` for its options and examples.\n',
    );

    const file = join(elsewhere, 'ring.wkt');
    writeFileSync(file, 'POLYGON((0 0, 1 0, 1 1, 0 1))\n');
    const validate = fieldgate(['validate', '--format', 'json', file]);
    expect(validate.status).toBe(1);
    expect(validate.stdout).toContain('"GEO');
  });

  it(
    'gives the same JSON report on every bundled example as the sources do',
    { timeout: 120_000 },
    async () => {
      const examples = readdirSync(join(root, 'examples'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.endsWith('.md'))
        .map((e) => relative(root, join(e.parentPath, e.name)))
        .sort();
      const args = ['validate', '--format', 'json', '--now', '2026-11-22T12:00:00.000Z', ...examples];
      const compiled = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
      const fromSource = await runCli(args, { cwd: root });
      expect(compiled.stderr).toBe(fromSource.stderr);
      expect(compiled.status).toBe(fromSource.code);
      expect(compiled.stdout).toBe(fromSource.stdout);
      expect(compiled.stdout).toContain('"diagnostics"');
    },
  );

  it('runs the sandbox from another directory (it reads the OpenAPI document beside its source)', async () => {
    const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--json'], { cwd: elsewhere });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${err}`)));
      });
      const { baseUrl } = JSON.parse(line) as { baseUrl: string };
      const reply = await fetch(`${baseUrl}/v5/enrollments`);
      expect(reply.status).toBe(401);
    } finally {
      child.kill();
    }
  });
});

describe('a copy of the package whose sources are edited', () => {
  const copy = mkdtempSync(join(tmpdir(), 'fieldgate-edited-copy-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const skipped = new Set(['node_modules', 'dist', '.git', 'test']);
  cpSync(root, copy, {
    recursive: true,
    filter: (from) => !skipped.has(relative(root, from).split(sep)[0] ?? ''),
  });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const run = (args: string[]) =>
    spawnSync(process.execPath, [join(copy, 'cli', 'bin', 'fieldgate.js'), ...args], {
      cwd: elsewhere,
      encoding: 'utf8',
    });

  it(
    'builds dist/cli on its first run, and rebuilds when a source changed, so it runs the current code',
    { timeout: 120_000 },
    () => {
      expect(existsSync(join(copy, 'dist'))).toBe(false);
      const first = run(['help']);
      expect(first.stderr).toBe('');
      expect(first.stdout).toContain('Usage: fieldgate <command>');
      expect(existsSync(join(copy, 'dist', 'cli', 'build-info.json'))).toBe(true);

      const main = join(copy, 'cli', 'main.ts');
      writeFileSync(
        main,
        readFileSync(main, 'utf8').replace('Usage: fieldgate <command>', 'Usage: EDITED <command>'),
      );
      const second = run(['help']);
      expect(second.stderr).toBe('');
      expect(second.stdout).toContain('Usage: EDITED <command>');
    },
  );

  it(
    'runs the sources through tsx, saying so in one line, when it cannot build',
    { timeout: 120_000 },
    () => {
      rmSync(join(copy, 'scripts', 'build.js'));
      const main = join(copy, 'cli', 'main.ts');
      writeFileSync(
        main,
        readFileSync(main, 'utf8').replace(/Usage: \w+ <command>/, 'Usage: FROM-SOURCE <command>'),
      );
      const fallback = run(['help']);
      expect(fallback.stderr).toMatch(
        /^fieldgate: could not build dist\/cli \(.+\); running the sources through tsx\n$/,
      );
      expect(fallback.stdout).toContain('Usage: FROM-SOURCE <command>');
      expect(fallback.status).toBe(0);
    },
  );
});

describe('currentCompiledEntry', () => {
  const tree = mkdtempSync(join(tmpdir(), 'fieldgate-build-info-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const rootUrl = pathToFileURL(tree + '/');
  const startedAt = Date.now();
  mkdirSync(join(tree, 'dist', 'cli'), { recursive: true });
  writeFileSync(join(tree, 'a.ts'), '');
  writeFileSync(join(tree, 'b.ts'), '');
  const setSourceTime = (ms: number) => {
    for (const f of ['a.ts', 'b.ts']) utimesSync(join(tree, f), ms / 1000, ms / 1000);
  };
  const writeInfo = () =>
    writeFileSync(
      join(tree, 'dist', 'cli', 'build-info.json'),
      JSON.stringify({ entry: 'fieldgate-X.js', startedAt, inputs: ['a.ts', 'b.ts'] }),
    );

  it('is undefined without a build', async () => {
    expect(await currentCompiledEntry(rootUrl)).toBeUndefined();
  });

  it('names the entry while the sources are older than the build, and not once one changed or went', async () => {
    writeInfo();
    setSourceTime(startedAt - 60_000);
    expect((await currentCompiledEntry(rootUrl))?.href).toBe(
      new URL('dist/cli/fieldgate-X.js', rootUrl).href,
    );
    setSourceTime(startedAt + 1_000);
    expect(await currentCompiledEntry(rootUrl)).toBeUndefined();
    setSourceTime(startedAt - 60_000);
    rmSync(join(tree, 'a.ts'));
    expect(await currentCompiledEntry(rootUrl)).toBeUndefined();
  });

  it('names the entry of a package that ships the build without any of its sources (npm pack)', async () => {
    writeInfo();
    rmSync(join(tree, 'a.ts'), { force: true });
    rmSync(join(tree, 'b.ts'), { force: true });
    expect((await currentCompiledEntry(rootUrl))?.href).toBe(
      new URL('dist/cli/fieldgate-X.js', rootUrl).href,
    );
  });
});
