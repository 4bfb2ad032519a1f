/**
 * Every command line of README.md's sh blocks, run as written: `npx fieldgate …` as the real bin in a
 * temporary copy of the files it names, servers (`npm start`, `fieldgate sandbox`) until they print their
 * address, then stopped. Each line needs an expectation below, so a new README command cannot go untested.
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
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './cli-helpers.ts';

const BIN = join(repoRoot, 'cli/bin/fieldgate.js');

/** The command lines of the README's ```sh blocks, comments removed, `a && b` split. */
export function readmeCommands(markdown: string): string[] {
  const commands: string[] = [];
  const blocks = markdown.matchAll(/```sh\n([\s\S]*?)```/g);
  for (const block of blocks) {
    for (const raw of (block[1] ?? '').split('\n')) {
      const line = raw.replace(/\s+#\s.*$/, '').trim();
      if (line === '' || line.startsWith('#')) continue;
      commands.push(...line.split('&&').map((c) => c.trim()));
    }
  }
  return commands;
}

/** Words of a command line as a shell splits them (double quotes only; the README uses no others). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

type Expectation =
  | { run: 'fieldgate'; exit: number; check?: (dir: string, stdout: string) => void }
  | { run: 'server'; prints: RegExp }
  | { run: 'benchmark'; name: string }
  | { run: 'not-run'; reason: string; check: () => void };

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** What each README line must do. Exit codes: 0 clean (warnings allowed), 1 errors found (the examples). */
const expectations: Record<string, Expectation> = {
  'npm install': {
    run: 'not-run',
    reason: 'installs packages for everyone working in this tree',
    check: () => expect(existsSync(join(repoRoot, 'package-lock.json'))).toBe(true),
  },
  'npm start': { run: 'server', prints: /base URL \(v5\)\s+http:\/\/127\.0\.0\.1:\d+/ },
  'npm test': {
    run: 'not-run',
    reason: 'it is the test suite this test is part of',
    check: () => expect(packageJson.scripts.test).toBeDefined(),
  },
  'npm run test:unit': {
    run: 'not-run',
    reason: 'npm test runs the same library tests',
    check: () => expect(packageJson.scripts['test:unit']).toMatch(/^vitest run --project library\b/),
  },
  'npm run test:watch': {
    run: 'not-run',
    reason: 'it watches until stopped',
    check: () => expect(packageJson.scripts['test:watch']).toMatch(/^vitest watch --project library\b/),
  },
  'npx fieldgate validate examples/fields/fields-with-problems.json': { run: 'fieldgate', exit: 1 },
  'npx fieldgate validate --format json examples/requests/*.json': {
    run: 'fieldgate',
    exit: 1,
    check: (_dir, stdout) => expect(() => JSON.parse(stdout) as unknown).not.toThrow(),
  },
  'npx fieldgate validate --fix examples/fields/fields-with-problems.json': {
    run: 'fieldgate',
    exit: 1,
    check: (dir) =>
      expect(existsSync(join(dir, 'examples/fields/fields-with-problems.fixed.json'))).toBe(true),
  },
  'npx fieldgate validate examples/fields/boundaries.wkt': { run: 'fieldgate', exit: 1 },
  'npx fieldgate validate examples/fields': {
    run: 'fieldgate',
    exit: 1,
    check: (_dir, stdout) => {
      for (const name of ['boundaries.wkt', 'clean-fields.json', 'fields-with-problems.json'])
        expect(stdout).toContain(`examples/fields/${name}:`);
      expect(stdout).toMatch(/✖ 5 files checked/);
    },
  },
  'npx fieldgate validate test/corpus/derived/batches/rx-moved/mistake/fields.csv test/corpus/derived/batches/rx-moved/mistake/rx.zip':
    {
      run: 'fieldgate',
      exit: 0,
      check: (_dir, stdout) => {
        expect(stdout).toContain('Across the files of the batch: 1 problem');
        expect(stdout).toContain('XF002');
      },
    },
  'npx fieldgate validate --no-batch test/corpus/derived/batches/rx-moved/mistake/fields.csv test/corpus/derived/batches/rx-moved/mistake/rx.zip':
    {
      run: 'fieldgate',
      exit: 0,
      check: (_dir, stdout) => expect(stdout).not.toContain('XF002'),
    },
  'npx fieldgate validate --sample-date 2021-09-24T00:00:00.000Z examples/soil/a-and-l-lab-result.xml': {
    run: 'fieldgate',
    exit: 1,
    // The example has unit problems; the README's sampleDate itself must be accepted.
    check: (_dir, stdout) => expect(stdout).not.toMatch(/SD00\d/),
  },
  'npx fieldgate validate --select modus-schema examples/soil/hand-transcribed-result.xml': {
    run: 'fieldgate',
    exit: 1,
  },
  'npx fieldgate inspect examples/soil/a-and-l-lab-result.xml': { run: 'fieldgate', exit: 1 },
  'npx fieldgate inspect examples/rx/two-zone-rx.zip': { run: 'fieldgate', exit: 0 },
  'npx fieldgate fix examples/rx/zones-in-folder-no-prj.zip -o fixed.zip': {
    run: 'fieldgate',
    exit: 0,
    check: (dir) => expect(statSync(join(dir, 'fixed.zip')).size).toBeGreaterThan(0),
  },
  'npx fieldgate convert test/corpus/fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip --to fields.json --client "Smith Farms"':
    {
      run: 'fieldgate',
      exit: 0,
      check: (dir) => {
        const upload = JSON.parse(readFileSync(join(dir, 'fields.json'), 'utf8')) as {
          fields: { clientName: string }[];
        };
        expect(upload.fields.length).toBeGreaterThan(0);
        expect(upload.fields.every((f) => f.clientName === 'Smith Farms')).toBe(true);
      },
    },
  'npx fieldgate sandbox --port 4010 --faults error-rate=0.05,latency-ms=50-200 --seed 7': {
    run: 'server',
    prints: /base URL \(v5\)\s+http:\/\/127\.0\.0\.1:\d+/,
  },
  'npx fieldgate rules': { run: 'fieldgate', exit: 0 },
  'npx fieldgate rules GEO004': { run: 'fieldgate', exit: 0 },
  'npx fieldgate kinds': { run: 'fieldgate', exit: 0 },
  'npx fieldgate validate examples/csv/fields-with-problems.csv': { run: 'fieldgate', exit: 1 },
  'npx fieldgate validate --format html examples/csv/fields-with-problems.csv': {
    run: 'fieldgate',
    exit: 1,
    check: (_dir, stdout) => {
      expect(stdout.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(stdout).toContain('<svg');
    },
  },
  'npx fieldgate template csv-enrollments-by-program': {
    run: 'fieldgate',
    exit: 0,
    check: (_dir, stdout) =>
      expect(stdout.split('\n')[0]).toBe(
        'experimentProtocolId,dimensionality,temporalEntityId,startId,endId,temporalPeriodTypeName',
      ),
  },
  'npx fieldgate template csv-fields --delimiter semicolon': {
    run: 'fieldgate',
    exit: 0,
    check: (_dir, stdout) => {
      expect(stdout.split('\n')[0]).toBe('clientName;farmName;name;boundary;acres;source;userName');
      expect(stdout.split('\n')[1]).toContain(';227,28;');
    },
  },
  'npx fieldgate sandbox ids': {
    run: 'fieldgate',
    exit: 0,
    check: (_dir, stdout) => expect(stdout).toMatch(/^ {2}[0-9a-f-]{36} {2}Nitrogen rate program$/m),
  },
  'npx fieldgate submit examples/requests/enroll-by-program.json --dry-run': {
    run: 'fieldgate',
    exit: 0,
    check: (dir) => expect(existsSync(join(dir, 'xdg-data/fieldgate/journals'))).toBe(false),
  },
  'npx fieldgate submit examples/fields/clean-fields.json --user-name grower@example.com': {
    run: 'fieldgate',
    exit: 0,
    check: (dir) =>
      expect(
        readdirSync(join(dir, 'xdg-data/fieldgate/journals')).some((f) => f.endsWith('.results.csv')),
      ).toBe(true),
  },
  'npx fieldgate profile list': {
    run: 'fieldgate',
    exit: 0,
    check: (_dir, stdout) => expect(stdout).toMatch(/^sandbox\s/m),
  },
  'npm run bench -- geometry': { run: 'benchmark', name: 'geometry' },
  'npm run bench -- modus': { run: 'benchmark', name: 'modus' },
  'npm run bench -- wkt': { run: 'benchmark', name: 'wkt' },
  'npm run bench -- area': { run: 'benchmark', name: 'area' },
  'npm run bench -- zip-reader': { run: 'benchmark', name: 'zip-reader' },
  'npm run bench -- rx': { run: 'benchmark', name: 'rx' },
  'npm run bench -- startup': { run: 'benchmark', name: 'startup' },
  'npm run bench -- field-upload': { run: 'benchmark', name: 'field-upload' },
  'npm run bench -- csv': { run: 'benchmark', name: 'csv' },
  'npm run bench -- submit': { run: 'benchmark', name: 'submit' },
  // A CSB export read as a fields batch by its mapping: every row without errors sent, the rest listed.
  'npx fieldgate submit test/corpus/derived/us_csb_2024_sample_wgs84.csv --mapping test/corpus/derived/us_csb_2024_mapping.json --user-name grower@example.com':
    {
      run: 'fieldgate',
      exit: 1,
      check: (_dir, stdout) => expect(stdout).toMatch(/^100 rows: 9\d uploaded, [1-9] skipped for errors$/m),
    },
  'npm run bench -- sandbox': { run: 'benchmark', name: 'sandbox' },
};

const commands = readmeCommands(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory holding the examples and every repository file the command names. */
function workDirFor(args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-readme-'));
  workDirs.push(dir);
  cpSync(join(repoRoot, 'examples'), join(dir, 'examples'), { recursive: true });
  for (const arg of args) {
    const source = join(repoRoot, arg);
    if (!arg.startsWith('-') && !arg.startsWith('examples/') && existsSync(source)) {
      mkdirSync(dirname(join(dir, arg)), { recursive: true });
      cpSync(source, join(dir, arg), { recursive: true });
    }
  }
  return dir;
}

/** Every file the benchmark runner would pick for NAME (cli/bin/bench.js: path contains NAME). */
function benchmarksNamed(name: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.bench.ts') && relative(repoRoot, path).includes(name)) found.push(path);
    }
  };
  for (const top of ['core', 'cli', 'sandbox', 'host', 'test'])
    if (existsSync(join(repoRoot, top))) walk(join(repoRoot, top));
  return found;
}

/**
 * Start a server command in its own process group, wait until it prints `prints`, then press Ctrl+C as a
 * terminal does (SIGINT to the whole group: npm and the server under it). Its output and how it ended.
 */
function runServer(
  file: string,
  args: string[],
  cwd: string,
  prints: RegExp,
): Promise<{ printed: boolean; stdout: string; stderr: string; code: number | null; signal: string | null }> {
  return new Promise((done) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const group = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    let stdout = '';
    let stderr = '';
    let printed = false;
    const timer = setTimeout(() => group('SIGKILL'), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!printed && prints.test(stdout)) {
        printed = true;
        group('SIGINT');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Whatever is left of the group (nothing, normally) goes too.
      group('SIGKILL');
      done({ printed, stdout, stderr, code, signal });
    });
  });
}

describe('every command of the README runs as written', () => {
  it('finds the commands, and each has an expectation', () => {
    expect(commands.length).toBeGreaterThan(15);
    expect(commands.filter((c) => expectations[c] === undefined)).toEqual([]);
  });

  for (const command of commands) {
    const expectation = expectations[command];
    if (expectation === undefined) continue;
    const [program, ...rest] = words(command);

    if (expectation.run === 'not-run') {
      it(`${command} (not run: ${expectation.reason})`, () => expectation.check());
      continue;
    }

    if (expectation.run === 'benchmark') {
      it(`${command} names a benchmark`, () => {
        expect(command.startsWith('npm run bench -- ')).toBe(true);
        expect(packageJson.scripts.bench).toBeDefined();
        expect(benchmarksNamed(expectation.name)).not.toEqual([]);
      });
      continue;
    }

    if (expectation.run === 'server') {
      it(`${command} prints its address and stops on Ctrl+C`, { timeout: 120_000 }, async () => {
        // A fixed port may be taken on a shared machine: the same command on a free port.
        const args = rest.map((a, i) => (rest[i - 1] === '--port' ? '0' : a));
        const run =
          program === 'npm'
            ? await runServer('npm', [...args, '--', '--port', '0'], repoRoot, expectation.prints)
            : await runServer(
                process.execPath,
                [BIN, ...args.slice(1)],
                workDirFor(args),
                expectation.prints,
              );
        expect(run.printed, run.stderr).toBe(true);
        // The sandbox stops cleanly; npm itself ends by the SIGINT, as it does in a terminal.
        expect(run.stderr).toContain('fieldgate sandbox: stopped');
        if (program === 'npm') expect(run.code === 0 || run.signal === 'SIGINT').toBe(true);
        else expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      });
      continue;
    }

    it(`${command} exits ${expectation.exit}`, { timeout: 120_000 }, () => {
      expect(program).toBe('npx');
      expect(rest[0]).toBe('fieldgate');
      const args = rest.slice(1);
      const dir = workDirFor(args);
      // The shell expands globs such as examples/requests/*.json, as it would for the reader.
      const line = [BIN, ...args]
        .map((w) => (/[*?]/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`))
        .join(' ');
      const result = spawnSync('sh', ['-c', `'${process.execPath}' ${line}`], {
        cwd: dir,
        // Journals, profiles and the embedded sandbox's state stay in the work directory, not the user's.
        env: {
          ...process.env,
          XDG_DATA_HOME: join(dir, 'xdg-data'),
          XDG_CONFIG_HOME: join(dir, 'xdg-config'),
        },
        encoding: 'utf8',
        timeout: 100_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.status, result.stderr).toBe(expectation.exit);
      expectation.check?.(dir, result.stdout);
    });
  }
});
