/**
 * The progress line of `fieldgate validate` as a person sees it: the real bin in a pseudo-terminal
 * (test/support/pty-run.py, Python's pty module), on a field upload of self-crossing polygons big enough to
 * be read as a stream. The line appears after a second, moves on in place and is erased before the report,
 * which reads as it does without it; a pipe gets none (a log gets plain lines when asked); Ctrl+C stops the
 * run at once with one line and exit 130, leaving no half-written report. (CI=true and --no-progress are
 * progressMode's, cli/render/progress-line.test.ts.)
 *
 * Each run lasts long enough whatever the machine's speed: the terminal takes the report at 8 MB/s (a slow
 * terminal, so the command waits on it), or standard input comes at 8 MB/s after a first 17 MB.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_ABOVE_BYTES } from '../../core/engine/engine.ts';
import { benchBoundaries, benchFieldUpload } from '../../core/geometry/field-upload-bench-data.ts';
import { repoRoot } from './cli-helpers.ts';

const BIN = join(repoRoot, 'cli/bin/fieldgate.js');
const PTY = join(repoRoot, 'test/support/pty-run.py');
const PYTHON = '/usr/bin/python3';
const ERASE = '\r\x1b[2K';
// eslint-disable-next-line no-control-regex -- the terminal's escapes are what is looked for
const FRAME = /\r\x1b\[2K(checking [^\r\n\x1b]*)/g;
// eslint-disable-next-line no-control-regex -- likewise: each erase, with the line drawn after it
const FRAME_OR_ERASE = /\r\x1b\[2K(checking [^\r\n\x1b]*)?/g;
const COLUMNS = 120;
const RATE = 8_000_000;
const BURST = 17_000_000;
const FIELDS = 3500;

interface Transcript {
  exit: number | null;
  signal: string | null;
  seconds: number;
  interruptedAt: number | null;
  /** What the terminal showed: [seconds since the start, text]. */
  output: [number, string][];
}

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-progress-'));
const upload = join(dir, 'big.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  // 3,500 fields of 100–700 vertices, a few swapped (self-crossing): 34 MB.
  const boundaries = benchBoundaries('ragged', 1000);
  writeFileSync(
    upload,
    benchFieldUpload(Array.from({ length: FIELDS }, (_, i) => boundaries[i % 1000] as string)),
  );
});

/** Environment of a terminal outside CI, without colours (so reports compare as text). */
function terminalEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', TERM: 'xterm-256color' };
  delete env.CI;
  return env;
}

/** `fieldgate ARGS` with stderr (and with `stdoutTty`, stdout) on a pseudo-terminal; stdout else to a file. */
function inTerminal(
  args: string[],
  o: { stdoutTty?: boolean; slowTerminal?: boolean; slowStdin?: boolean; interruptAfter?: string } = {},
): { transcript: Transcript; stdout: string } {
  const transcriptPath = join(dir, 'transcript.json');
  const stdoutPath = join(dir, 'stdout.txt');
  const stdout = openSync(stdoutPath, 'w');
  const r = spawnSync(
    PYTHON,
    [
      PTY,
      '--columns',
      String(COLUMNS),
      '--transcript',
      transcriptPath,
      ...(o.stdoutTty ? ['--stdout-tty'] : []),
      ...(o.slowTerminal ? ['--read-rate', String(RATE)] : []),
      ...(o.slowStdin
        ? ['--stdin-file', upload, '--stdin-burst', String(BURST), '--stdin-rate', String(RATE)]
        : []),
      ...(o.interruptAfter ? ['--interrupt-after', o.interruptAfter, '--interrupt-delay', '0.3'] : []),
      '--',
      process.execPath,
      BIN,
      ...args,
    ],
    { cwd: dir, stdio: ['ignore', stdout, 'pipe'], env: terminalEnv(), encoding: 'utf8' },
  );
  closeSync(stdout);
  expect(r.stderr, 'pty-run.py').toBe('');
  return {
    transcript: JSON.parse(readFileSync(transcriptPath, 'utf8')) as Transcript,
    stdout: readFileSync(stdoutPath, 'utf8'),
  };
}

const shown = (t: Transcript): string => t.output.map(([, text]) => text).join('');

/** The progress lines drawn (each after an erase), with when they began to come. */
function frames(t: Transcript): { at: number; text: string }[] {
  // A line may come in two pieces: matched in the whole text, timed by the piece it starts in.
  const starts: number[] = [];
  let length = 0;
  for (const [, text] of t.output) {
    starts.push(length);
    length += text.length;
  }
  const out: { at: number; text: string }[] = [];
  for (const m of shown(t).matchAll(FRAME)) {
    let piece = 0;
    while (piece + 1 < starts.length && (starts[piece + 1] as number) <= m.index) piece++;
    out.push({ at: t.output[piece]![0], text: m[1] as string });
  }
  return out;
}

/** `fieldgate ARGS` with pipes, standard input the upload fed at 8 MB/s after a first 17 MB. */
function withSlowStdin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: terminalEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.stdin.on('error', () => undefined);
    const bytes = readFileSync(upload);
    child.stdin.write(bytes.subarray(0, BURST));
    let at = BURST;
    const timer = setInterval(() => {
      const next = Math.min(bytes.length, at + RATE / 10);
      child.stdin.write(bytes.subarray(at, next));
      at = next;
      if (at >= bytes.length) {
        clearInterval(timer);
        child.stdin.end();
      }
    }, 100);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the progress line in a terminal', () => {
  it('appears after a second, redraws in place at most 10 times a second, and is erased before the report', () => {
    expect(readFileSync(upload).length).toBeGreaterThan(STREAM_ABOVE_BYTES);
    // The report on the same terminal, which takes it at 8 MB/s: the line is erased before each piece.
    const { transcript } = inTerminal(['validate', '--format', 'json', 'big.json'], {
      stdoutTty: true,
      slowTerminal: true,
    });
    expect(transcript.exit).toBe(1);
    const all = frames(transcript);
    // Between the file's end and the report's, the line has no file: "checking · 3,102 errors … · 5 s".
    expect(all.every((f) => /^checking (big\.json|·) /.test(f.text))).toBe(true);
    const drawn = all.filter((f) => f.text.startsWith('checking big.json'));
    // Appears, and only after the first second.
    expect(drawn.length, shown(transcript).slice(0, 300)).toBeGreaterThanOrEqual(5);
    expect(drawn[0]!.at).toBeGreaterThanOrEqual(1);
    // Updates: the share read grows; it says the file, bytes of its size, fields, problems, the rate and
    // (once it can tell) the time left; once every byte is read, that the checks are finishing.
    const reading = drawn.filter((f) => / %\)/.test(f.text));
    expect(reading.length).toBeGreaterThanOrEqual(2);
    const shares = reading.map((f) => Number(/\((\d+) %\)/.exec(f.text)?.[1]));
    expect(shares.at(-1)).toBeGreaterThan(shares[0]!);
    for (const f of reading)
      expect(f.text).toMatch(
        /^checking big\.json · [\d.]+ of 34 MB \(\d+ %\) · [\d,]+ fields · ([\d,]+ errors?, [\d,]+ warnings?|no problems)( · [\d.]+ MB\/s)?( · \d+ s left)?$/,
      );
    expect(reading.some((f) => / · [\d.]+ MB\/s · \d+ s left$/.test(f.text))).toBe(true);
    expect(drawn.at(-1)!.text).toMatch(
      /^checking big\.json · all 34 MB read · [\d,]+ fields · .* · finishing the checks$/,
    );
    // One line, never wider than the terminal (a wrapped line could not be erased).
    expect(all.every((f) => f.text.length < COLUMNS)).toBe(true);
    // Throttled: at most 10 a second (and one more when the last byte is read).
    expect(all.length).toBeLessThanOrEqual(Math.ceil((transcript.seconds - 1) * 10) + 2);
    // Erased: with the line and its erasing taken out, the terminal shows the report a pipe gets.
    const text = shown(transcript);
    const report = text.replace(FRAME_OR_ERASE, '').replace(/\r\n/g, '\n');
    const piped = spawnSync(process.execPath, [BIN, 'validate', '--format', 'json', 'big.json'], {
      cwd: dir,
      env: terminalEnv(),
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(piped.status).toBe(1);
    expect(piped.stderr).toBe('');
    expect(report).toBe(piped.stdout);
    // What is left on the screen ends with the report, not the line.
    expect(text.slice(text.lastIndexOf(ERASE))).not.toMatch(/checking/);
    expect(text.endsWith('}\r\n')).toBe(true);
  });

  it('draws nothing when stderr is a pipe; --progress there writes a plain line every few seconds', async () => {
    const [plain, forced] = await Promise.all([
      withSlowStdin(['validate', '-']),
      withSlowStdin(['validate', '--progress', '-']),
    ]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toBe('');
    expect(forced.code).toBe(1);
    const all = forced.stderr.split('\n').filter((l) => l !== '');
    // Between the file's end and the report's, the line has no file: "checking · 3,102 errors … · 5 s".
    expect(all.every((l) => /^progress: checking (<stdin>|·) /.test(l))).toBe(true);
    const lines = all.filter((l) => l.startsWith('progress: checking <stdin>'));
    expect(lines.length).toBeGreaterThanOrEqual(1);
    // A stream of unknown size: bytes read and fields (a line drawn before the first bytes came, on a loaded
    // machine, has none yet; the last one has).
    for (const l of lines)
      expect(l).toMatch(
        /^progress: checking <stdin>( · [\d.]+ [KM]B read)?( · [\d,]+ fields)? · (no problems|[\d,]+ errors?.*)( · [\d.]+ [KM]B\/s)?$/,
      );
    expect(lines.at(-1)).toMatch(/ · [\d.]+ [KM]B read/);
    expect(forced.stderr).not.toContain('\x1b');
    expect(forced.stderr).not.toContain('\r');
    // The report is the same.
    expect(forced.stdout).toBe(plain.stdout);
    expect(plain.stdout).toMatch(/✖ 1 file checked: [\d,]+ errors/);
  });

  it('Ctrl+C stops at once with one line saying what was checked, exit 130, the report marked as stopped', () => {
    for (const format of ['text', 'json']) {
      const { transcript, stdout } = inTerminal(['validate', '--format', format, '-'], {
        slowStdin: true,
        // Once errors are found (so there is something to report as found until the stop).
        interruptAfter: 'checking <stdin> · [^\r]* errors?',
      });
      const text = shown(transcript);
      expect(transcript.interruptedAt, text).not.toBeNull();
      expect(transcript.exit, text).toBe(130);
      // After the last erase: one line, and nothing else.
      const after = text.slice(text.lastIndexOf(ERASE) + ERASE.length);
      expect(after).toMatch(
        /^stopped: checked [\d,]+ fields \([\d.]+ [KM]B\) of <stdin>; [\d,]+ errors?(, [\d,]+ warnings?)? so far\r\n$/,
      );
      // At once, not when the input ends: it stopped with fields of the input still to come (it is fed at
      // 8 MB/s after its first 17 MB), however slow the machine. The time from Ctrl+C to the exit is no
      // measure of that (a busy machine stretches it): 10 s is a hang.
      const checked = Number(/^stopped: checked ([\d,]+) fields/.exec(after)![1]!.replace(/,/g, ''));
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThan(FIELDS);
      expect(transcript.seconds - transcript.interruptedAt!).toBeLessThan(10);
      const line = after.trimEnd();
      if (format === 'json') {
        // A whole JSON document, marked: what was found until the stop, counted.
        const report = JSON.parse(stdout) as {
          outcome: string;
          counts: { error: number; warning: number };
          diagnostics: { severity: string }[];
        };
        expect(report.outcome).toBe('cancelled');
        expect(report.counts.error).toBe(report.diagnostics.filter((d) => d.severity === 'error').length);
        expect(report.counts.error).toBeGreaterThan(0);
      } else expect(stdout.endsWith(`${line} (this report is incomplete)\n`)).toBe(true);
    }
    // No temporary file left behind.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
