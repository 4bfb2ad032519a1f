/**
 * Fuzzing every file kind through the command line, in-process (cli/main.ts with captured output) and, for a
 * few cases, through the real bin: random bytes, truncations of every example and of small corpus files, and
 * control characters inserted into them. Seeded, so a failure names a case that can be run again.
 *
 * Whatever the input: no exception escapes, the exit code is 0, 1 or 2, and the text report holds no raw
 * control character but line feeds (a file must not drive the terminal).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/cli-helpers.ts';
import { fileKinds } from '../../core/index.ts';
import { projectCorpusDir, repoRoot } from '../support/corpus.ts';
import { seededRandom } from '../support/seeded-random.ts';

const SEED = Number(process.env.FIELDGATE_FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.FIELDGATE_FUZZ_CASES ?? 300);
/** Corpus files larger than this are left out: the fuzz test stays fast. */
const MAX_CORPUS_BYTES = 256 * 1024;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) return filesUnder(path);
    return stat.size <= MAX_CORPUS_BYTES && !/\.(md|txt)$|LICENSE|README/i.test(name) ? [path] : [];
  });
}

const seeds = [...filesUnder(join(repoRoot, 'examples')), ...filesUnder(projectCorpusDir)].map((path) => ({
  name: relative(repoRoot, path),
  bytes: new Uint8Array(readFileSync(path)),
}));

const enc = new TextEncoder();
/** What a hostile file would carry: escape sequences, BEL, NUL, CR, DEL, C1 (as UTF-8), bidi overrides. */
const CONTROL_SNIPPETS = [
  '\u001b]0;PWNED\u0007',
  '\u001b[2J',
  '\u001b[31m',
  '\u0000',
  '\r',
  '\u0007',
  '\u007f',
  '\u009b31m',
  '\u202e',
  '\u00a0',
  '田中',
].map((s) => enc.encode(s));

interface FuzzCase {
  id: number;
  description: string;
  fileName: string;
  bytes: Uint8Array;
  args: string[];
}

function buildCases(): FuzzCase[] {
  const random = seededRandom(SEED);
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const kindIds = fileKinds.map((k) => k.id);
  const extensions = ['.json', '.wkt', '.xml', '.zip', '.geojson', '.kml', '.csv', ''];
  const cases: FuzzCase[] = [];
  for (let id = 0; id < CASES; id++) {
    const seed = pick(seeds);
    const mode = int(5);
    let bytes: Uint8Array;
    let description: string;
    let ext = extname(seed.name);
    if (mode === 0) {
      bytes = new Uint8Array(int(2048)).map(() => int(256));
      ext = pick(extensions);
      description = `${bytes.length} random bytes`;
    } else if (mode === 1) {
      const cut = int(seed.bytes.length + 1);
      bytes = seed.bytes.slice(0, cut);
      description = `${seed.name} cut at ${cut}`;
    } else if (mode === 2) {
      const parts: Uint8Array[] = [];
      let at = 0;
      const inserts = 1 + int(4);
      const positions = Array.from({ length: inserts }, () => int(seed.bytes.length + 1)).sort(
        (a, b) => a - b,
      );
      for (const p of positions) {
        parts.push(seed.bytes.slice(at, p), pick(CONTROL_SNIPPETS));
        at = p;
      }
      parts.push(seed.bytes.slice(at));
      bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let o = 0;
      for (const p of parts) {
        bytes.set(p, o);
        o += p.length;
      }
      description = `${seed.name} with ${inserts} control snippets at ${positions.join(',')}`;
    } else if (mode === 3) {
      bytes = seed.bytes.slice();
      const flips = 1 + int(8);
      for (let f = 0; f < flips && bytes.length > 0; f++) bytes[int(bytes.length)] = int(256);
      description = `${seed.name} with ${flips} bytes changed`;
    } else {
      // Another kind's file, or a damaged one, forced to be read as every kind in turn.
      bytes = seed.bytes.slice(0, 1 + int(seed.bytes.length));
      description = `${seed.name} (first ${bytes.length} bytes)`;
    }
    // Mostly validate (and fix); inspect and convert read the same files through their own paths.
    const command =
      mode === 4 ? 'validate' : pick(['validate', 'validate', 'validate', 'inspect', 'convert']);
    const args: string[] = [command];
    if (command === 'convert') {
      args.push('--to', `out-${id}.json`, '--client', 'C');
      description += ' converted';
    } else {
      const forced = mode === 4 || int(4) === 0 ? kindIds[id % kindIds.length] : undefined;
      if (forced !== undefined) {
        args.push('--kind', forced);
        description += ` as --kind ${forced}`;
      }
      if (command === 'validate' && int(6) === 0) args.push('--fix', '-o', `out-${id}${ext}`);
      if (int(8) === 0) args.push('--sample-date', '2021-09-24T00:00:00.000Z');
    }
    if (command === 'inspect') description += ' inspected';
    cases.push({ id, description, fileName: `case-${id}${ext}`, bytes, args });
  }
  return cases;
}

const workDir = mkdtempSync(join(tmpdir(), 'fieldgate-fuzz-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const runInProcess = (args: string[]) => runCli(args, { cwd: workDir, now: '2026-11-24T00:00:00.000Z' });

describe(`fuzzing every file kind (seed ${SEED}, ${CASES} cases)`, () => {
  const cases = buildCases();

  it('covers every kind and every example', () => {
    const forced = new Set(
      cases.flatMap((c) => (c.args.includes('--kind') ? [c.args[c.args.indexOf('--kind') + 1]] : [])),
    );
    expect([...forced].sort()).toEqual(fileKinds.map((k) => k.id).sort());
    expect(seeds.length).toBeGreaterThan(10);
  });

  it('never throws, exits 0, 1 or 2, and prints no raw control character', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const exitCodes = new Set<number>();
    let escapedShown = 0;
    for (const c of cases) {
      writeFileSync(join(workDir, c.fileName), c.bytes);
      let run: { code: number; stdout: string; stderr: string };
      try {
        run = await runInProcess([...c.args, c.fileName]);
      } catch (e) {
        failures.push(`case ${c.id} (${c.description}): threw ${(e as Error).stack ?? String(e)}`);
        continue;
      }
      exitCodes.add(run.code);
      if (/\\x(1b|07|00|7f|9b)|\\u202e/.test(run.stdout)) escapedShown++;
      if (![0, 1, 2].includes(run.code)) failures.push(`case ${c.id} (${c.description}): exit ${run.code}`);
      const raw = RAW_CONTROL.exec(run.stdout);
      if (raw)
        failures.push(
          `case ${c.id} (${c.description}): raw U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')} on stdout near ${JSON.stringify(run.stdout.slice(Math.max(0, raw.index - 40), raw.index + 10))}`,
        );
      if (RAW_CONTROL.test(run.stderr))
        failures.push(`case ${c.id} (${c.description}): raw control on stderr`);
    }
    expect(failures).toEqual([]);
    // The cases reach the report: hostile bytes were quoted (escaped), and both verdicts and refusals occur.
    expect(escapedShown).toBeGreaterThan(5);
    expect([...exitCodes]).toEqual(expect.arrayContaining([1, 2]));
  });

  it('the JSON report of a hostile case parses and holds no raw control character', async () => {
    const c = cases.find((x) => x.description.includes('control snippets')) ?? cases[0];
    if (!c) throw new Error('no cases');
    writeFileSync(join(workDir, c.fileName), c.bytes);
    const run = await runInProcess(['validate', '--format', 'json', c.fileName]);
    expect([0, 1, 2]).toContain(run.code);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(() => JSON.parse(run.stdout) as unknown).not.toThrow();
  });

  it('the real bin agrees on a few cases: no crash, exit 0, 1 or 2', { timeout: 60_000 }, () => {
    const bin = join(repoRoot, 'cli/bin/fieldgate.js');
    for (const c of cases.filter((x) => !x.args.includes('--fix')).slice(0, 4)) {
      writeFileSync(join(workDir, c.fileName), c.bytes);
      const result = spawnSync(process.execPath, [bin, ...c.args, c.fileName], {
        cwd: workDir,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status, `case ${c.id} (${c.description}): ${result.stderr}`).not.toBeNull();
      expect([0, 1, 2]).toContain(result.status);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).not.toMatch(RAW_CONTROL);
    }
  });
});
