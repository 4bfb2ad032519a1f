/**
 * Writing results (fixed files, converted uploads): never over an input unless asked, keeping permissions
 * and links, one line and exit 2 when the file cannot be written, no temporary file left when stopped.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { benchBoundaries, benchFieldUpload } from '../../core/geometry/field-upload-bench-data.ts';
import { repoRoot, runCli } from './cli-helpers.ts';
import { captureIo } from '../support/cli-io.ts';

// A WKT file with safe fixes (unclosed rings and the like), so --fix always writes something.
const FIXABLE = join(repoRoot, 'examples/fields/boundaries.wkt');

const geojson = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'North', acres: 152.08 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-93.0, 45.0],
            [-92.99, 45.0],
            [-92.99, 45.01],
            [-93.0, 45.0],
          ],
        ],
      },
    },
  ],
});

function workDir(): string {
  return mkdtempSync(join(tmpdir(), 'fieldgate-output-'));
}

function withFixable(dir: string, name = 'b.wkt'): string {
  const path = join(dir, name);
  copyFileSync(FIXABLE, path);
  return path;
}

function tempFilesIn(dir: string): string[] {
  return readdirSync(dir).filter((n) => n.endsWith('.tmp'));
}

describe('outputs never replace an input unless asked', () => {
  it('convert refuses --to the input file itself (exit 2, one line, input unchanged)', async () => {
    const dir = workDir();
    const input = join(dir, 'in.json');
    writeFileSync(input, geojson);
    const run = await runCli(['convert', 'in.json', '--to', 'in.json', '--client', 'C'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('cannot write in.json: it is the input file');
    expect(readFileSync(input, 'utf8')).toBe(geojson);
  });

  it('convert refuses an output that is a link to the input', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.json'), geojson);
    symlinkSync('in.json', join(dir, 'out.json'));
    const run = await runCli(['convert', 'in.json', '--to', 'out.json', '--client', 'C'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(readFileSync(join(dir, 'in.json'), 'utf8')).toBe(geojson);
  });

  it('validate --fix -o INPUT refuses without --fix-in-place', async () => {
    const dir = workDir();
    const input = withFixable(dir);
    const before = readFileSync(input, 'utf8');
    const run = await runCli(['validate', '--fix', '-o', 'b.wkt', 'b.wkt'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot write b\.wkt: it is the input file; use --fix-in-place/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('--fix-in-place keeps the mode of the file and writes through a symbolic link', async () => {
    const dir = workDir();
    const real = withFixable(dir, 'real.wkt');
    chmodSync(real, 0o600);
    symlinkSync('real.wkt', join(dir, 'link.wkt'));
    const before = readFileSync(real, 'utf8');
    const run = await runCli(['validate', '--fix-in-place', 'link.wkt'], { cwd: dir });
    expect(run.stdout).toMatch(/wrote .*link\.wkt \(\d+ fix/);
    expect(lstatSync(join(dir, 'link.wkt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.wkt'))).toBe('real.wkt');
    expect(readFileSync(real, 'utf8')).not.toBe(before);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(tempFilesIn(dir)).toEqual([]);
  });
});

describe('a link to a file not written yet', () => {
  it('stays a link: the file it names is created', async () => {
    const dir = workDir();
    withFixable(dir);
    symlinkSync('made-by-fix.wkt', join(dir, 'out.wkt'));
    const run = await runCli(['validate', '--fix', '-o', 'out.wkt', 'b.wkt'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(lstatSync(join(dir, 'out.wkt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'made-by-fix.wkt'), 'utf8').length).toBeGreaterThan(0);
  });
});

describe('outputs that cannot be written: one line, exit 2', () => {
  it('-o into a missing directory', async () => {
    const dir = workDir();
    withFixable(dir);
    const run = await runCli(['validate', '--fix', '-o', 'missing-dir/x.wkt', 'b.wkt'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('fieldgate validate: cannot write missing-dir/x.wkt: no such directory\n');
  });

  it('-o a directory', async () => {
    const dir = workDir();
    withFixable(dir);
    mkdirSync(join(dir, 'some-dir'));
    const run = await runCli(['validate', '--fix', '-o', 'some-dir', 'b.wkt'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('fieldgate validate: cannot write some-dir: is a directory\n');
  });

  it('convert --to a missing directory', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.json'), geojson);
    const run = await runCli(['convert', 'in.json', '--to', 'nope/out.json', '--client', 'C'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('fieldgate convert: cannot write nope/out.json: no such directory\n');
  });

  it.skipIf(process.getuid?.() === 0)('--fix into a directory the user may not write', async () => {
    const dir = workDir();
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    withFixable(locked);
    chmodSync(locked, 0o555);
    const run = await runCli(['validate', '--fix', 'locked/b.wkt'], { cwd: dir });
    chmodSync(locked, 0o755);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('fieldgate validate: cannot write locked/b.fixed.wkt: permission denied\n');
  });
});

describe('main: a file-system error from any command', () => {
  it('is one line naming the file and the reason, exit 2, no stack', async () => {
    const io = captureIo({ cwd: repoRoot });

    const failing = {
      name: 'report',
      summary: 'writes a report',
      load: async () => ({
        name: 'report',
        summary: 'writes a report',
        usage: 'Usage: fieldgate report',
        run: async (): Promise<number> => {
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
            syscall: 'write',
            path: 'out/report.json',
          });
        },
      }),
    };
    const code = await main(['report'], io, [failing]);
    expect(code).toBe(2);
    expect(io.err.join('')).toBe(
      'fieldgate report: cannot write out/report.json: no space left on the device\n',
    );
  });

  it('lets a bug keep its stack (it is not a file problem)', async () => {
    const io = captureIo({ cwd: repoRoot });

    const buggy = {
      name: 'bug',
      summary: 'has a bug',
      load: async () => ({
        name: 'bug',
        summary: 'has a bug',
        usage: 'Usage: fieldgate bug',
        run: async (): Promise<number> => {
          throw new TypeError('x is undefined');
        },
      }),
    };
    await expect(main(['bug'], io, [buggy])).rejects.toThrow(TypeError);
  });
});

describe('a write stopped by a signal', () => {
  for (const [signal, status] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`removes its temporary file when stopped by ${signal} (exit ${status}) and leaves the target as it was`, async () => {
      const dir = workDir();
      const target = join(dir, 'big.json');
      writeFileSync(target, 'old');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(repoRoot, 'test/cli/support/write-large-file.ts'), target, '400'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      // Stop it as soon as the temporary file exists, that is, mid-write.
      const deadline = Date.now() + 20_000;
      while (tempFilesIn(dir).length === 0 && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 2));
      expect(tempFilesIn(dir)).toHaveLength(1);
      child.kill(signal);
      expect(await exited, stderr).toBe(status);
      expect(tempFilesIn(dir)).toEqual([]);
      expect(readFileSync(target, 'utf8')).toBe('old');
      expect(existsSync(target)).toBe(true);
    });
  }
});

describe('Ctrl+C after an in-place write', () => {
  it(
    'says which file was changed (and that it is complete) and that the others were not',
    {
      timeout: 120_000,
    },
    async () => {
      const dir = workDir();
      const small = join(dir, 'small.wkt');
      const unclosed = 'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04))\n';
      writeFileSync(small, unclosed);
      // Fixed second, long enough to be stopped in: 3,000 self-crossing fields (about 30 MB).
      const big = join(dir, 'big.json');
      const boundaries = benchBoundaries('ragged', 1000);
      const bigText = benchFieldUpload(
        Array.from({ length: 3000 }, (_, i) => boundaries[i % 1000] as string),
      );
      writeFileSync(big, bigText);
      for (const format of ['json', 'text']) {
        writeFileSync(small, unclosed);
        const child = spawn(
          process.execPath,
          [join(repoRoot, 'cli/bin/fieldgate.js'), 'fix', '--fix-in-place', '--format', format, small, big],
          { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
        // Stopped once the first file has been fixed in place, while the second is being checked.
        const deadline = Date.now() + 60_000;
        while (readFileSync(small, 'utf8') === unclosed && Date.now() < deadline && child.exitCode === null)
          await new Promise((r) => setTimeout(r, 5));
        child.kill('SIGINT');
        expect(await exited, stderr).toBe(130);
        expect(readFileSync(small, 'utf8')).toContain('-93.65 42.04, -93.65 42.03))');
        expect(readFileSync(big, 'utf8')).toBe(bigText);
        expect(stderr, format).toMatch(/^stopped: /m);
        expect(stderr, format).toContain(
          `changed ${small} before the stop (1 fix applied; the file is complete)\nthe files not listed were not changed\n`,
        );
        if (format === 'json')
          expect((JSON.parse(stdout) as { written: unknown[] }).written, stdout).toEqual([
            { file: small, to: small, applied: 1 },
          ]);
      }
    },
  );
});
