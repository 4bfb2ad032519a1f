import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/index.ts';
import type { CliIo } from '../command.ts';
import {
  announceIfSlow,
  ERASE_LINE,
  formatBytes,
  formatBytesOf,
  formatDuration,
  ProgressLine,
  progressChoice,
  progressMode,
  withProgressLine,
  type ProgressLineOptions,
} from './progress-line.ts';

function fakeIo(over: Partial<CliIo> = {}): CliIo {
  return {
    stdout: () => undefined,
    stderr: () => undefined,
    readStdin: async () => new Uint8Array(0),
    cwd: '/',
    env: {},
    isTTY: false,
    now: () => new Date(0),
    ...over,
  };
}

/** A line on a fake clock, its writes collected. */
function lineOn(options: Partial<ProgressLineOptions> = {}) {
  let now = 0;
  const writes: string[] = [];
  const line = new ProgressLine({
    mode: 'redraw',
    verb: 'checking',
    write: (text) => void writes.push(text),
    clock: () => now,
    timer: false,
    ...options,
  });
  return {
    line,
    writes,
    at(ms: number) {
      now = ms;
    },
  };
}

const diagnostic = (severity: Diagnostic['severity']): Diagnostic =>
  ({ code: 'GEO001', rule: 'x', group: 'g', severity, message: 'm', location: {} }) as Diagnostic;

describe('progressMode', () => {
  const tty = fakeIo({ stderrIsTTY: true });
  it('draws on a terminal by default, not on a pipe, not under CI, not on TERM=dumb', () => {
    expect(progressMode(tty, undefined)).toBe('redraw');
    expect(progressMode(fakeIo(), undefined)).toBe('off');
    expect(progressMode(fakeIo({ stderrIsTTY: true, env: { CI: 'true' } }), undefined)).toBe('off');
    expect(progressMode(fakeIo({ stderrIsTTY: true, env: { CI: 'false' } }), undefined)).toBe('redraw');
    expect(progressMode(fakeIo({ stderrIsTTY: true, env: { TERM: 'dumb' } }), undefined)).toBe('off');
  });

  it('--no-progress turns it off; --progress forces it, as log lines where it cannot redraw', () => {
    expect(progressMode(tty, false)).toBe('off');
    expect(progressMode(fakeIo({ stderrIsTTY: true, env: { CI: 'true' } }), true)).toBe('redraw');
    expect(progressMode(fakeIo(), true)).toBe('log');
    expect(progressMode(fakeIo({ stderrIsTTY: true, env: { TERM: 'dumb' } }), true)).toBe('log');
  });

  it('takes the last of --progress and --no-progress, before --', () => {
    expect(progressChoice(['a.json'])).toBeUndefined();
    expect(progressChoice(['--progress', 'a.json'])).toBe(true);
    expect(progressChoice(['--progress', '--no-progress'])).toBe(false);
    expect(progressChoice(['--no-progress', 'a.json', '--progress'])).toBe(true);
    expect(progressChoice(['--', '--progress'])).toBeUndefined();
  });
});

describe('ProgressLine', () => {
  it('draws nothing in the first second, then one line redrawn in place with how far, problems, rate and time left', () => {
    const { line, writes, at } = lineOn({ totalBytes: 96e6 });
    line.event({ type: 'file-started', file: 'big.json', index: 0, total: 1, bytes: 96e6 });
    at(500);
    line.event({
      type: 'progress',
      file: 'big.json',
      totalBytes: 96e6,
      kind: 'json',
      bytes: 8e6,
      records: 30e3,
    });
    line.count([diagnostic('error'), diagnostic('warning'), diagnostic('warning')]);
    expect(writes).toEqual([]);
    at(4000);
    line.event({
      type: 'progress',
      file: 'big.json',
      totalBytes: 96e6,
      kind: 'json',
      bytes: 32e6,
      records: 120_000,
    });
    expect(writes).toEqual([
      `${ERASE_LINE}checking big.json · 32 of 96 MB (33 %) · 120,000 fields · 1 error, 2 warnings · 8.0 MB/s · 8 s left`,
    ]);
    line.end();
    expect(writes.at(-1)).toBe(ERASE_LINE);
    // Ended: no more drawing.
    at(9000);
    line.progress({ bytes: 50e6 });
    expect(writes).toHaveLength(2);
  });

  it('redraws at most 10 times a second however many events come', () => {
    const { line, writes, at } = lineOn();
    line.startFile('big.csv', 0, 1, 300e6);
    for (let ms = 1000; ms < 3000; ms += 5) {
      at(ms);
      line.progress({ bytes: ms * 1e5, records: ms * 10, kind: 'csv-fields' });
      line.count([diagnostic('info')]);
    }
    // Two seconds of events every 5 ms: 20 draws, not 400.
    expect(writes.length).toBeGreaterThanOrEqual(19);
    expect(writes.length).toBeLessThanOrEqual(20);
    expect(writes.at(-1)).toContain('· 290 of 300 MB (96 %) · 29,000 rows · 380 info ·');
  });

  it('says which file of how many; for a stream of unknown size, bytes read and records, no time left', () => {
    const { line, writes, at } = lineOn();
    line.event({ type: 'file-started', file: 'a.csv', index: 0, total: 3, bytes: 1000 });
    line.event({ type: 'file-done', result: {} as never });
    line.event({ type: 'file-started', file: '<stdin>', index: 1, total: 3, bytes: 0 });
    at(3000);
    line.progress({ bytes: 31e6, records: 90_000, kind: 'csv-fields' });
    expect(writes.at(-1)).toBe(
      `${ERASE_LINE}checking <stdin> (2 of 3) · 31 MB read · 90,000 rows · no problems · 10 MB/s`,
    );
    expect(line.summary()).toBe(
      'checked 1 of 3 files and 90,000 rows (31 MB) of <stdin>; no problems so far',
    );
  });

  it('fits the terminal: the file without its folder, then without rate and records, never wrapping', () => {
    const { line, writes, at } = lineOn({ columns: () => 80 });
    line.startFile('/a/long/folder/name/for/the/upload/fields.json', 0, 1, 96e6);
    at(4000);
    line.progress({ bytes: 32e6, records: 120_000, kind: 'json' });
    const drawn = (writes.at(-1) ?? '').slice(ERASE_LINE.length);
    expect(drawn.length).toBeLessThan(80);
    expect(drawn).toBe('checking fields.json · 32 of 96 MB (33 %) · no problems · 8 s left');
  });

  it('counts fix passes and gives no time left while a fix reads the file again', () => {
    const { line, writes, at } = lineOn({ verb: 'fixing' });
    line.startFile('f.json', 0, 1, 10e6);
    line.progress({ bytes: 10e6 });
    line.event({ type: 'fix-pass', file: 'f.json', pass: 2, applied: 3, notApplied: 0 });
    at(3000);
    line.progress({ bytes: 4e6 });
    expect(writes.at(-1)).toBe(
      `${ERASE_LINE}fixing f.json (fix pass 2) · 4.0 of 10 MB (40 %) · no problems · 1.3 MB/s`,
    );
  });

  it('counts records of a known total (a conversion), their rate since the first and the time left', () => {
    const { line, writes, at } = lineOn({ verb: 'converting' });
    line.startFile('fields.zip', 0, 1, 0);
    // Read and converted in one go for 2.5 s, then the fields are checked one by one.
    at(2500);
    line.progress({ records: 1000, recordsOf: 5000, kind: 'field-upload' });
    expect(writes.at(-1)).toBe(`${ERASE_LINE}converting fields.zip · 1,000 of 5,000 fields · no problems`);
    at(3500);
    line.progress({ records: 1400, recordsOf: 5000, kind: 'field-upload' });
    expect(writes.at(-1)).toBe(
      `${ERASE_LINE}converting fields.zip · 1,400 of 5,000 fields · no problems · 400 fields/s · 9 s left`,
    );
  });

  it('draws the end of a read at once, and says the checks are finishing', () => {
    const { line, writes, at } = lineOn();
    line.startFile('big.csv', 0, 1, 96e6);
    at(2000);
    line.progress({ bytes: 90e6, records: 9000, kind: 'csv-fields' });
    at(2010);
    line.progress({ bytes: 96e6, records: 10_000, kind: 'csv-fields' });
    expect(writes).toHaveLength(2);
    expect(writes.at(-1)).toBe(
      `${ERASE_LINE}checking big.csv · all 96 MB read · 10,000 rows · no problems · finishing the checks`,
    );
  });

  it('draws a big file worked on in one go at once, a small one only after the first second', () => {
    const { line, writes, at } = lineOn();
    line.startFile('small.json', 0, 2, 2e6);
    line.aheadOfWork(2e6);
    expect(writes).toEqual([]);
    line.event({ type: 'file-done', result: {} as never });
    at(300);
    line.startFile('big.json', 1, 2, 40e6);
    line.aheadOfWork(40e6);
    expect(writes).toEqual([`${ERASE_LINE}checking big.json (2 of 2) · 40 MB · no problems`]);
  });

  it('for a log writes a plain line every few seconds, never erasing', () => {
    const { line, writes, at } = lineOn({ mode: 'log' });
    line.startFile('big.json', 0, 1, 100e6);
    for (let ms = 1000; ms <= 12_000; ms += 100) {
      at(ms);
      line.progress({ bytes: ms * 8e3, kind: 'json', records: ms });
    }
    line.end();
    expect(writes).toHaveLength(3);
    expect(writes.every((w) => w.startsWith('progress: checking big.json · ') && w.endsWith('\n'))).toBe(
      true,
    );
    expect(writes.join('')).not.toContain('\x1b');
  });

  it('draws nothing when off, but still knows what was checked', () => {
    const { line, writes, at } = lineOn({ mode: 'off' });
    line.startFile('big.json', 0, 1, 96e6);
    at(5000);
    line.progress({ bytes: 31e6, records: 120_000, kind: 'json' });
    line.count([diagnostic('error'), diagnostic('error'), diagnostic('error'), diagnostic('warning')]);
    line.end();
    expect(writes).toEqual([]);
    expect(line.summary()).toBe(
      'checked 120,000 fields (31 of 96 MB) of big.json; 3 errors, 1 warning so far',
    );
  });

  it('says a file being fixed has its problems counted later, not that it has none', () => {
    // validate --fix: a file's problems come once its fixes are applied (the ones left), after the file.
    const { line, writes, at } = lineOn({ verb: 'fixing', problemsAfterFixes: true });
    line.startFile('a.csv', 0, 2, 10e6);
    at(2000);
    line.progress({ bytes: 4e6, records: 60_000, kind: 'csv-fields' });
    expect(writes.at(-1)).toBe(
      `${ERASE_LINE}fixing a.csv (1 of 2) · 4.0 of 10 MB (40 %) · 60,000 rows · 2.0 MB/s · 3 s left`,
    );
    expect(line.summary()).toBe(
      'checked 60,000 rows (4.0 of 10 MB) of a.csv (file 1 of 2); its problems are counted once its fixes are applied, so none are listed',
    );
    line.count([diagnostic('warning')]);
    line.fileDone();
    line.startFile('b.csv', 1, 2, 10e6);
    line.progress({ bytes: 1e6, records: 100, kind: 'csv-fields' });
    expect(line.summary()).toBe(
      'checked 1 of 2 files and 100 rows (1.0 of 10 MB) of b.csv; its problems are counted once its fixes are applied, so none are listed; 1 warning in the files before it',
    );
    // A fix streamed line by line counts them as it goes: then they are counted so far.
    line.count([diagnostic('error')]);
    expect(line.summary()).toBe(
      'checked 1 of 2 files and 100 rows (1.0 of 10 MB) of b.csv; 1 error, 1 warning so far',
    );
  });

  it('names a file it has not read yet, and a run stopped before any file', () => {
    const { line } = lineOn();
    expect(line.summary()).toBe('checked nothing yet; no problems so far');
    line.startFile('x.csv', 0, 1, 10);
    expect(line.summary()).toBe('checked nothing of x.csv yet; no problems so far');
  });

  it('erases itself before report output reaches the same terminal, and only then', () => {
    const { line, writes, at } = lineOn();
    const printed: string[] = [];
    const tty = fakeIo({ isTTY: true, stdout: (t) => void printed.push(t) });
    const io = withProgressLine(tty, line);
    line.startFile('big.json', 0, 1, 96e6);
    at(1500);
    line.progress({ bytes: 10e6 });
    io.stdout('report\n');
    expect(writes.slice(-1)).toEqual([ERASE_LINE]);
    expect(printed).toEqual(['report\n']);
    // Not drawn: nothing to erase.
    io.stdout('more\n');
    expect(writes.filter((w) => w === ERASE_LINE)).toHaveLength(1);
    // A report going elsewhere (a file, a pipe), or no line drawn at all: the output is left as it is.
    const toFile = fakeIo({ isTTY: false });
    expect(withProgressLine(toFile, line)).toBe(toFile);
    expect(withProgressLine(tty, lineOn({ mode: 'off' }).line)).toBe(tty);
  });
});

describe('formats', () => {
  it('writes sizes, sizes of sizes and durations as people read them', () => {
    expect([formatBytes(980e3), formatBytes(9.44e6), formatBytes(31.2e6), formatBytes(1.24e9)]).toEqual([
      '980 KB',
      '9.4 MB',
      '31 MB',
      '1.2 GB',
    ]);
    expect(formatBytesOf(31e6, 96e6)).toBe('31 of 96 MB');
    expect(formatBytesOf(980e3, 1.2e9)).toBe('980 KB of 1.2 GB');
    expect([formatDuration(0.2), formatDuration(59.4), formatDuration(65), formatDuration(7380)]).toEqual([
      '1 s',
      '59 s',
      '1 min 05 s',
      '2 h 03 min',
    ]);
  });
});

describe('announceIfSlow', () => {
  it('says what a step does only when it takes longer than the threshold', async () => {
    const said: string[] = [];
    const io = { stderr: (t: string) => void said.push(t) };
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    expect(await announceIfSlow(io, 'quick', async () => 1, 200)).toBe(1);
    await wait(250);
    expect(said).toEqual([]);
    expect(await announceIfSlow(io, 'building the screens', () => wait(150).then(() => 2), 20)).toBe(2);
    expect(said).toEqual(['building the screens…\n']);
  });
});
