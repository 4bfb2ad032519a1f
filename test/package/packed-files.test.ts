/**
 * What `npm pack` ships (package.json "files"): the compiled CLI and library, the files they read at run
 * time (the OpenAPI documents, the examples), the README, NOTICE and docs, and the library's sources (core/,
 * node/) that its declaration maps point to; no other sources, tests, fixtures or node_modules. The packed
 * package, unpacked elsewhere with nothing else beside it, runs `fieldgate`.
 * `prepack` builds and keeps one build in dist/cli: files of earlier builds (left ten minutes for running
 * processes) are not shipped.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildInfoPath, cliOutDir, root } from '../../scripts/build.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const scratch = mkdtempSync(join(tmpdir(), 'fieldgate-packed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The entry and every chunk it reaches through static and dynamic imports (`./chunk-X.js`). */
function reachableFrom(entry: string): Set<string> {
  const reached = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const code = readFileSync(join(cliOutDir, file), 'utf8');
    // Chunks are imported as "./chunk-….js"; the workers are started by their names ("boundary-worker-….js",
    // "modus-scan-worker-….js").
    for (const m of code.matchAll(
      /["'](?:\.\/)?((?:chunk|fieldgate|boundary-worker|modus-scan-worker)-[A-Z0-9]+\.js)["']/g,
    ))
      queue.push(m[1] ?? '');
  }
  return reached;
}

function pack(args: string[]): string {
  // --ignore-scripts: prepack is run below without the declarations (the slow part).
  const run = spawnSync(npm, ['pack', '--json', '--ignore-scripts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm pack failed: ${run.stderr}`);
  return run.stdout;
}

describe('the packed package', () => {
  let files: string[] = [];
  let entry = '';
  const stale = ['fieldgate-EARLIER1.js', 'chunk-EARLIER1.js'];

  beforeAll(() => {
    // Files of an earlier build, young enough that an ordinary build keeps them for running processes.
    const anyChunk = readdirSync(cliOutDir).find((f) => /^chunk-.*\.js$/.test(f));
    for (const name of stale)
      copyFileSync(join(cliOutDir, anyChunk ?? 'build-info.json'), join(cliOutDir, name));
    const prepack = spawnSync(npm, ['run', 'prepack', '--', '--no-types'], { cwd: root, encoding: 'utf8' });
    if (prepack.status !== 0) throw new Error(`npm run prepack failed: ${prepack.stderr}`);
    entry = (JSON.parse(readFileSync(cliBuildInfoPath, 'utf8')) as { entry: string }).entry;
    const listed = JSON.parse(pack(['--dry-run'])) as Array<{ files: Array<{ path: string }> }>;
    files = listed[0]?.files.map((f) => f.path) ?? [];
  }, 180_000);

  it('holds the compiled CLI and library and what they read at run time', () => {
    for (const needed of [
      'package.json',
      'README.md',
      'NOTICE',
      'cli/bin/fieldgate.js',
      'cli/bin/compiled-build.js',
      'cli/bin/helper-threads.js',
      'dist/cli/build-info.json',
      `dist/cli/${entry}`,
      'dist/esm/core/index.js',
      'dist/esm/node/index.js',
      'openapi/partner-service.yaml',
      'openapi/sandbox.yaml',
      'examples/fields/clean-fields.json',
      'docs/journal-format.md',
    ])
      expect(files, needed).toContain(needed);
  });

  it("holds one build's CLI: its build-info.json, its entry and the chunks the entry reaches", () => {
    const packedCli = files.filter((f) => f.startsWith('dist/cli/')).sort();
    const expected = ['build-info.json', ...reachableFrom(entry)].map((f) => `dist/cli/${f}`).sort();
    expect(packedCli).toEqual(expected);
    for (const name of stale) expect(packedCli).not.toContain(`dist/cli/${name}`);
  });

  it("holds the library's sources for its declaration maps, and no tests, fixtures, other sources or JS maps", () => {
    const unwanted = files.filter(
      (f) =>
        /^(test|node_modules|sandbox|host|renderer|app|scripts)\//.test(f) ||
        f.includes('/fixtures/') ||
        f.includes('node_modules/') ||
        f.endsWith('.js.map') ||
        /\.(test|bench)\.ts$|test-helpers\.ts$|-bench-data\.ts$/.test(f) ||
        (f.endsWith('.ts') && !f.endsWith('.d.ts') && !/^(core|node)\//.test(f)),
    );
    expect(unwanted).toEqual([]);
    // Go-to-definition from the declarations (dist/types, with .d.ts.map) reaches these.
    expect(files).toContain('core/index.ts');
    expect(files).toContain('node/index.ts');
  });

  it(
    "runs `fieldgate` unpacked elsewhere, without the CLI's sources or node_modules",
    { timeout: 120_000 },
    () => {
      const tarball = (JSON.parse(pack(['--pack-destination', scratch])) as Array<{ filename: string }>)[0]
        ?.filename;
      expect(tarball).toBeDefined();
      const untar = spawnSync('tar', ['-xzf', join(scratch, tarball ?? ''), '-C', scratch], {
        encoding: 'utf8',
      });
      expect(untar.status, untar.stderr).toBe(0);
      const unpacked = join(scratch, 'package');
      expect(readdirSync(unpacked)).not.toContain('node_modules');
      const fieldgate = (args: string[]) =>
        spawnSync(process.execPath, [join(unpacked, 'cli', 'bin', 'fieldgate.js'), ...args], {
          cwd: scratch,
          encoding: 'utf8',
        });
      const help = fieldgate(['help']);
      expect(help.stderr).toBe('');
      expect(help.stdout).toContain('Usage: fieldgate <command>');
      const example = join(unpacked, 'examples', 'fields', 'clean-fields.json');
      expect(readFileSync(example, 'utf8').length).toBeGreaterThan(0);
      const validate = fieldgate(['validate', example]);
      expect(validate.stderr).toBe('');
      expect(validate.status, validate.stdout).toBe(0);
    },
  );
});
