/**
 * `npm run bench -- wkt`: peak memory of the command line on big .wkt files, against the file's size.
 *
 * - one line: one MULTIPOLYGON of WKT_BENCH_POLYGONS polygons (default 20,000) of 201 points, every point
 *   written twice (about 96 MB), as a farm's whole boundary exported on one line;
 * - many lines: WKT_BENCH_LINES boundaries (default 200,000), one POLYGON of 31 points per line, each with
 *   one repeated point (about 155 MB, 200,000 warnings, each with a safe fix).
 *
 * Each is run as a user runs it, a whole process timed from outside with GNU time: `validate --format
 * json` on both, the text report of the many-line file (200,000 diagnostics with code frames), and `fix`
 * of the many-line file. Printed: seconds, peak RSS, and peak RSS / input size (target: about 3, the issue's
 * "within about 3x the input size"); `node -e ''` is measured too, for what Node itself takes.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GNU_TIME = '/usr/bin/time';
const bin = fileURLToPath(new URL('../../cli/bin/fieldgate.js', import.meta.url));
const TARGET = 3;

/** A ring of `n` points around (cx, cy), closed; `twice(k)` writes point k twice. */
function ring(cx: number, cy: number, n: number, twice: (k: number) => boolean): string {
  const points: string[] = [];
  for (let k = 0; k < n; k++) {
    const a = (k / n) * 2 * Math.PI;
    const p = `${(cx + 0.004 * Math.cos(a)).toFixed(7)} ${(cy + 0.004 * Math.sin(a)).toFixed(7)}`;
    points.push(p);
    if (twice(k)) points.push(p);
  }
  points.push(points[0] as string);
  return `((${points.join(', ')}))`;
}

function write(path: string, pieces: (emit: (s: string) => void) => void): number {
  const fd = openSync(path, 'w');
  let buffer = '';
  pieces((s) => {
    buffer += s;
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer);
      buffer = '';
    }
  });
  writeSync(fd, buffer);
  closeSync(fd);
  return statSync(path).size;
}

function oneLine(path: string, polygons: number): number {
  return write(path, (emit) => {
    emit('MULTIPOLYGON (');
    for (let i = 0; i < polygons; i++) {
      const x = -93 + (i % 1000) * 0.01;
      const y = 41 + Math.floor(i / 1000) * 0.01;
      emit((i > 0 ? ', ' : '') + ring(x, y, 200, () => true));
    }
    emit(')\n');
  });
}

function manyLines(path: string, lines: number): number {
  return write(path, (emit) => {
    for (let i = 0; i < lines; i++) {
      const x = -100 + (i % 2000) * 0.01;
      const y = 35 + Math.floor(i / 2000) * 0.01;
      emit(`POLYGON ${ring(x, y, 30, (k) => k === 3)}\n`);
    }
  });
}

interface Run {
  seconds: number;
  peakMb: number;
  stdout: string;
}

function timed(args: string[]): Run {
  const r = spawnSync(GNU_TIME, ['-f', 'PEAK %M %e', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const peak = /PEAK (\d+) ([\d.]+)/.exec(r.stderr);
  return {
    seconds: peak ? Number(peak[2]) : NaN,
    peakMb: peak ? Number(peak[1]) / 1024 : NaN,
    stdout: r.stdout,
  };
}

function row(label: string, inputBytes: number, run: Run, note: string): boolean {
  const inputMb = inputBytes / 1048576;
  const ratio = run.peakMb / inputMb;
  const met = ratio <= TARGET;
  console.log(
    `${label.padEnd(34)} ${inputMb.toFixed(0).padStart(4)} MB in ${run.seconds.toFixed(1).padStart(6)} s, peak RSS ${run.peakMb
      .toFixed(0)
      .padStart(
        5,
      )} MB = ${ratio.toFixed(2)}x the input (target ≤ ${TARGET}x): ${met ? 'met' : 'NOT met'}  ${note}`,
  );
  return met;
}

function counts(json: string): string {
  const report = JSON.parse(json) as { counts: { error: number; warning: number } };
  return `${report.counts.error} errors, ${report.counts.warning} warnings`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-wkt-bench-'));
  try {
    const one = join(dir, 'one-line.wkt');
    const many = join(dir, 'many-lines.wkt');
    const oneBytes = oneLine(one, Number(process.env.WKT_BENCH_POLYGONS ?? 20000));
    const manyBytes = manyLines(many, Number(process.env.WKT_BENCH_LINES ?? 200000));
    // The CLI runs its compiled bundle, rebuilt first if a source changed: once, untimed.
    spawnSync(process.execPath, [bin, 'kinds'], { stdio: 'ignore' });
    const node = timed([process.execPath, '-e', '']);
    console.log(`node -e '' alone: peak RSS ${node.peakMb.toFixed(0)} MB`);
    const cli = (...args: string[]): Run => timed([process.execPath, bin, ...args]);
    const results: boolean[] = [];
    let run = cli('validate', '--format', 'json', one);
    results.push(row('validate --format json, one line', oneBytes, run, counts(run.stdout)));
    run = cli('validate', '--format', 'json', many);
    results.push(row('validate --format json, many lines', manyBytes, run, counts(run.stdout)));
    run = cli('validate', many);
    const summary = run.stdout.trim().split('\n').slice(-2).join(' / ');
    results.push(row('validate (text report), many lines', manyBytes, run, summary));
    run = cli('fix', '--format', 'json', '-o', join(dir, 'many-lines.fixed.wkt'), many);
    results.push(row('fix, many lines', manyBytes, run, counts(run.stdout)));
    console.log(`${results.filter(Boolean).length} of ${results.length} within ${TARGET}x the input`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
