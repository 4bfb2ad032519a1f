/**
 * `npm run bench -- field-upload`: whole `fieldgate validate --format json` processes on field uploads
 * (start-up, JSON reading, WKT parsing, validity, area, report), each against a reference measured in the
 * same run. Runs alternate between the two sides and each side's best run counts, so load from other
 * processes hits both alike. Peak memory is the process's maximum resident set (GNU time).
 *
 * (a) 5,000 self-crossing ("ragged") polygons of 100–700 vertices against the same upload with valid
 *     polygons: target under 500 MB peak and at most 2× the time;
 * (b) 2,000 star polygons {300/149} of 301 vertices against 2,000 valid 301-vertex polygons: likewise;
 * (c) 5,000 valid polygons of 100–700 vertices (48 MB) against shapely (GEOS) reading the same JSON and
 *     doing loads + is_valid + area on every boundary, Fieldgate with one thread (`--jobs 1`) and with
 *     every core (`--jobs` one per core, passed explicitly: the default only where there are more than
 *     two cores, see core/parallel/default-jobs.ts; boundaries checked on worker threads too, core/parallel), runs alternating, and whether the two reports are byte for byte the same: targets at
 *     least 1.5× shapely's speed on one thread and 2.2× on every core (issue 28). On the shared two cores
 *     where it was written (load average 15, seven sessions), every core was slower than one thread:
 *     4.30 s against 2.96 s (shapely 2.40 s); the worker's start-up (about 50 ms of CPU), a second copy of
 *     the hot code compiled and a second heap collected raise the CPU time by a third or more, which an
 *     oversubscribed machine does not give back. Each side's line gives its CPU seconds (every thread) and
 *     a second line its medians: at load 5.6, two threads took 0.87 s best, 0.96 s median, and 1.54 s /
 *     1.72 s of CPU, against 0.56 s / 0.56 s and 0.75 s / 0.75 s on one thread (shapely 0.75 s), so the pool
 *     more than doubles the work before it can split it.
 *     Where that work goes (2026-11-28, CPU of each thread from /proc): a fresh worker costs about 0.3 s of
 *     CPU before it pays (start-up 40 ms; its module, the land mask and the checks compiled and warmed up
 *     again in a new isolate), the handover itself about 0.06 s (a round trip 16 µs, cloning WKT 0.7 ms a MB,
 *     a second heap): in one process (load 3.5), later files on a worker kept warm
 *     (core/parallel/long-lived-pool.ts) took 0.24 s (0.46 s of CPU), with a fresh worker 0.38–0.42 s
 *     (0.71–0.79 s), on one thread 0.37 s (0.40 s). Batches of 32–256 KB and 1–4 in flight per worker all
 *     gave 0.64–0.65 s (1.09–1.12 s) here, so bigger or adaptive batches, byte ranges of shared buffers or
 *     answers as typed arrays could save only the messaging's few tens of ms. A worker already starts before
 *     its file is read (the kind takes the pool first; starting it with the command would gain some 30 ms and
 *     start idle workers for big files that use none, a Modus file); hosts that check many files now keep
 *     theirs warm. A run at load 10: one thread 1.18 s / 0.77 s CPU, every core 1.42 s / 1.11 s,
 *     shapely 1.00 s / 0.79 s. What bounds 2.2× on two cores (later the same day, load 2.5–5, best of 5):
 *     one thread 0.56 s / 0.74 s CPU, every core 0.58–0.63 s / 1.01–1.09 s; 2.2× shapely's 0.81 s is
 *     0.37 s, which is one thread's CPU split in half with nothing lost (0.74 / 2). Of that CPU about
 *     0.10 s is start-up and loading modules and 0.18 s reading and parsing the JSON, which only the main
 *     thread does; the worker is ready some 150 ms in and checks each boundary more dearly than the main
 *     thread (a cold isolate, its own GC). Sharing rules tried all land at the same place, because
 *     whatever the worker does not take the main thread does: in flight 2 (today) 0.58 s / 1.01 s, 6 in
 *     flight 0.62 s / 1.05 s, 16 KB batches and 8 in flight 0.66 s / 1.16 s, a partial batch posted
 *     whenever the worker runs dry 0.62–0.68 s, every boundary on the worker 0.75 s / 1.16 s (232 MB);
 *     a worker young generation of 16–64 MB instead of 8 gave 0.62 s / 1.00–1.09 s. Evaluating proj4
 *     (285 KB of the worker's 661 KB bundle, for the projection guess) costs the worker about 8 ms.
 *     Like shapely, the report writes no geometry back; a separate line times
 *     `--features` (the GeoJSON features too).
 * (d) memory on a big upload: 830,000 small clean fields (195 MB), read as a stream: peak resident memory
 *     against the input's size, target within 3× (issue 10 item 14), for the JSON report and the text one.
 *     FIELD_UPLOAD_BENCH_BIG sets the number of fields.
 * (e) the progress line's cost (issue 31, target under 1 % of the run): the self-crossing fields of (a)
 *     three times over (15,000 fields, 146 MB: a few seconds, the line drawn from the first second on)
 *     validated with stderr on a pseudo-terminal (test/support/pty-run.py), with the line (--progress)
 *     and without (--no-progress), runs alternating; and the line's own work: one engine run's events,
 *     recorded with their times in this process, replayed through the line on that clock (so it draws as
 *     often as it did), against the run's time.
 * (f) what the land mask (WGS008, core/land) costs on the 5,000 valid polygons of (c): whole processes with
 *     and without it (`--ignore WGS008`), alternating, best and median of each; and in this process, the land
 *     check of the 5,000 parsed boundaries alone (the mask's first use included). Target: at most 5 %.
 * Options: FIELD_UPLOAD_BENCH=a,b,c,d,e,f (default all), FIELD_UPLOAD_BENCH_RUNS (default 3; (e) runs at
 * least 5),
 * FIELD_UPLOAD_BENCH_FORMAT=text (time the report for people instead of the JSON report).
 * The uploads are written to a temporary folder, removed at the end.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBoundaries, benchFieldUpload, bigCleanUpload } from './field-upload-bench-data.ts';
import { runEngine, type EngineEvent } from '../index.ts';
import { fileStream } from '../../cli/io/files.ts';
import { ProgressLine } from '../../cli/render/progress-line.ts';
import { BoundaryPlace } from '../boundary/boundary-location.ts';
import { checkLand } from '../boundary/check-land.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import type { ParsedGeometry } from './geometry.ts';

const runs = Number(process.env.FIELD_UPLOAD_BENCH_RUNS ?? 3);
const parts = new Set((process.env.FIELD_UPLOAD_BENCH ?? 'a,b,c,d,e,f').split(','));
const format = process.env.FIELD_UPLOAD_BENCH_FORMAT === 'text' ? 'text' : 'json';
const bin = fileURLToPath(new URL('../../cli/bin/fieldgate.js', import.meta.url));
const ptyRun = fileURLToPath(new URL('../../test/support/pty-run.py', import.meta.url));
const PYTHON = '/usr/bin/python3';
const GNU_TIME = '/usr/bin/time';
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-field-upload-bench-'));

const shapelyScript = join(dir, 'shapely_upload.py');
writeFileSync(
  shapelyScript,
  `import json, sys
import shapely
try:
    from_wkt = shapely.from_wkt  # shapely 2
except AttributeError:
    from shapely.wkt import loads as from_wkt  # shapely 1.8
with open(sys.argv[1], 'rb') as f:
    doc = json.load(f)
valid = 0
acres = 0.0
for field in doc['fields']:
    g = from_wkt(field['boundary'])
    if g.is_valid:
        valid += 1
        acres += g.area
print(valid, acres)
`,
);

interface Run {
  seconds: number;
  /**
   * CPU seconds of every thread (user + system, GNU time): what a worker pool adds in start-up, copies and
   * a second heap shows here whatever the load, while the wall time swings with other processes.
   */
  cpuSeconds: number;
  peakMb: number;
  status: number | null;
  outputBytes: number;
  /** Why the run does not count (a crash, no report), or undefined. */
  failure?: string;
}

/**
 * One process, timed by GNU time when there is one (wall seconds and peak RSS), else by the clock. Its
 * standard output goes to a file, as `> report.json` sends it: collected through a pipe by this process,
 * a 35 MB report made this process compete for the cores with the one measured: the self-crossing upload
 * of (a) took 0.95 s at best and 0.99 s as median of 8 runs, against 0.89 and 0.92 s written to a file.
 */
function runOnce(command: string, args: string[], output = 'out.txt'): Run {
  const out = join(dir, output);
  const timing = join(dir, 'time.txt');
  const gnu = existsSync(GNU_TIME);
  const stdout = openSync(out, 'w');
  const started = performance.now();
  const r = gnu
    ? spawnSync(GNU_TIME, ['-f', '%e %M %U %S', '-o', timing, command, ...args], {
        stdio: ['ignore', stdout, 'pipe'],
      })
    : spawnSync(command, args, { stdio: ['ignore', stdout, 'pipe'] });
  const wall = (performance.now() - started) / 1000;
  closeSync(stdout);
  let peakMb = NaN;
  let cpuSeconds = NaN;
  if (gnu) {
    // GNU time's last line is "%e %M %U %S" (a line before it may say the command's exit status).
    const last = readFileSync(timing, 'utf8').trim().split('\n').pop() ?? '';
    const [, kb, user, system] = last.split(/\s+/);
    peakMb = Number(kb) / 1024;
    cpuSeconds = Number(user) + Number(system);
  }
  const outputBytes = statSync(out).size;
  const stderr = String(r.stderr ?? '').trim();
  const run: Run = { seconds: wall, cpuSeconds, peakMb, status: r.status, outputBytes };
  // validate exits 0 (clean) or 1 (errors found) with a report on stdout; anything else is a failed run.
  if ((r.status !== 0 && r.status !== 1) || outputBytes === 0) {
    run.failure = `exit ${r.status}, ${outputBytes} bytes out${stderr ? `: ${stderr.split('\n').slice(0, 3).join(' | ')}` : ''}`;
  }
  return run;
}

function best(runsOf: Run[]): Run {
  return runsOf.reduce((a, b) => (b.seconds < a.seconds ? b : a));
}

function write(name: string, boundaries: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, benchFieldUpload(boundaries));
  return path;
}

/** `fieldgate validate --format json FILE` (or the report for people with FIELD_UPLOAD_BENCH_FORMAT=text). */
const validate = (file: string, ...extra: string[]): Run =>
  runOnce(process.execPath, [bin, 'validate', '--format', format, ...extra, file]);

function describe(label: string, r: Run): string {
  if (r.failure !== undefined) return `${label.padEnd(34)} FAILED (${r.failure})`;
  return `${label.padEnd(34)} ${r.seconds.toFixed(2).padStart(6)} s  cpu ${r.cpuSeconds.toFixed(2).padStart(5)} s  peak ${r.peakMb.toFixed(0).padStart(5)} MB  exit ${r.status}  report ${(r.outputBytes / 1e6).toFixed(1)} MB`;
}

/** Alternate the two sides `runs` times; returns each side's best run. */
function compare(a: () => Run, b: () => Run): [Run, Run] {
  const [x, y] = compareAll([a, b]);
  return [x as Run, y as Run];
}

/** Alternate every side `runs` times; returns each side's best run. */
function compareAll(sides: Array<() => Run>): Run[] {
  return alternate(sides).map(best);
}

/** Alternate every side `runs` times; returns every run of each side. */
function alternate(sides: Array<() => Run>): Run[][] {
  const all: Run[][] = sides.map(() => []);
  for (let i = 0; i < runs; i++) sides.forEach((side, k) => all[k]!.push(side()));
  return all;
}

/** A side's median wall and CPU seconds, beside its best run. */
function medians(label: string, list: readonly Run[]): string {
  const wall = median(list.map((r) => r.seconds));
  const cpu = median(list.map((r) => r.cpuSeconds));
  return `${label.padEnd(34)} median ${wall.toFixed(2).padStart(6)} s  cpu ${cpu.toFixed(2).padStart(5)} s  (${list.length} runs)`;
}

function crossingCase(title: string, invalidFile: string, validFile: string): void {
  validate(validFile); // warm the file cache and the compiled CLI
  const [invalid, valid] = compare(
    () => validate(invalidFile),
    () => validate(validFile),
  );
  const mb = statSync(invalidFile).size / 1e6;
  console.log(`\n${title} (${mb.toFixed(1)} MB upload)`);
  console.log(describe('self-crossing', invalid));
  console.log(describe('same upload, valid polygons', valid));
  if (invalid.failure !== undefined || valid.failure !== undefined) {
    console.log('not measured: a run failed');
    process.exitCode = 1;
    return;
  }
  const ratio = invalid.seconds / valid.seconds;
  const ok = ratio <= 2 && !(invalid.peakMb >= 500);
  console.log(
    `time ratio ${ratio.toFixed(2)}× (target ≤ 2×), peak ${invalid.peakMb.toFixed(0)} MB (target < 500 MB): ${ok ? 'met' : 'NOT met'}`,
  );
}

function shapelyCase(file: string): void {
  const shapely = spawnSync(PYTHON, ['-c', 'import shapely.wkt'], { encoding: 'utf8' });
  console.log(
    `\n(c) whole process: 5,000 valid polygons, ${(statSync(file).size / 1e6).toFixed(1)} MB upload`,
  );
  if (shapely.error || shapely.status !== 0) {
    console.log(`shapely not measured: ${PYTHON} cannot import shapely (install python3-shapely)`);
    return;
  }
  validate(file);
  const validateTo = (output: string, ...extra: string[]): Run =>
    runOnce(process.execPath, [bin, 'validate', '--format', format, ...extra, file], output);
  const sides = alternate([
    () => validateTo('out-jobs-1.txt', '--jobs', '1'),
    () => validateTo('out-jobs-all.txt', '--jobs', String(availableParallelism())),
    () => runOnce(PYTHON, [shapelyScript, file]),
  ]);
  const [one, ours, geos] = sides.map(best) as [Run, Run, Run];
  const labels = [
    'fieldgate validate --jobs 1',
    `… every core (${availableParallelism()} threads)`,
    'shapely loads + is_valid + area',
  ];
  [one, ours, geos].forEach((r, k) => console.log(describe(labels[k]!, r)));
  sides.forEach((list, k) => console.log(medians(labels[k]!, list)));
  if (one.failure !== undefined || ours.failure !== undefined || geos.failure !== undefined) {
    console.log('not measured: a run failed');
    process.exitCode = 1;
    return;
  }
  const same = readFileSync(join(dir, 'out-jobs-1.txt')).equals(readFileSync(join(dir, 'out-jobs-all.txt')));
  const ratioOne = geos.seconds / one.seconds;
  const ratio = geos.seconds / ours.seconds;
  console.log(
    `speed vs shapely, one thread ${ratioOne.toFixed(2)}× (target ≥ 1.5×): ${ratioOne >= 1.5 ? 'met' : 'NOT met'}; memory ${(one.peakMb / geos.peakMb).toFixed(2)}× shapely's`,
  );
  console.log(
    `speed vs shapely, every core ${ratio.toFixed(2)}× (target ≥ 2.2×): ${ratio >= 2.2 ? 'met' : 'NOT met'}; ${(one.seconds / ours.seconds).toFixed(2)}× one thread; memory ${(ours.peakMb / geos.peakMb).toFixed(2)}× shapely's; reports ${same ? 'identical' : 'DIFFERENT'}`,
  );
  if (!same) process.exitCode = 1;
  if (format !== 'json') return;
  // Not what shapely does (it writes no geometry back), so apart from the target: the cost of --features.
  const withFeatures = best(Array.from({ length: runs }, () => validate(file, '--features')));
  console.log(describe('… with --features (geometry back)', withFeatures));
  if (withFeatures.failure === undefined)
    console.log(`with --features: ${(geos.seconds / withFeatures.seconds).toFixed(2)}× shapely's speed`);
}

/** (d): peak memory of one validate run (JSON and text reports) against the input's size. */
function bigCase(count: number): void {
  const file = join(dir, 'big.json');
  const fd = openSync(file, 'w');
  for (const part of bigCleanUpload(count)) writeSync(fd, part);
  closeSync(fd);
  const mb = statSync(file).size / 1e6;
  console.log(`\n(d) memory: ${count.toLocaleString('en-US')} clean fields, ${mb.toFixed(1)} MB upload`);
  for (const report of ['json', 'text']) {
    const r = runOnce(process.execPath, [bin, 'validate', '--format', report, file]);
    console.log(describe(`fieldgate validate --format ${report}`, r));
    if (r.failure !== undefined) {
      process.exitCode = 1;
      continue;
    }
    const ratio = r.peakMb / mb;
    console.log(`peak / input ${ratio.toFixed(2)}× (target ≤ 3×): ${ratio <= 3 ? 'met' : 'NOT met'}`);
  }
  rmSync(file, { force: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** (e): the progress line's cost, in whole processes on a pseudo-terminal and replayed in this process. */
async function progressCase(file: string): Promise<void> {
  const n = Math.max(5, runs);
  const size = statSync(file).size;
  console.log(
    `\n(e) the progress line: 15,000 self-crossing fields, ${(size / 1e6).toFixed(1)} MB, stderr on a terminal`,
  );
  const transcript = join(dir, 'transcript.json');
  const inTerminal = (flag: string): Run =>
    runOnce(PYTHON, [
      ptyRun,
      '--transcript',
      transcript,
      '--',
      process.execPath,
      bin,
      'validate',
      '--format',
      format,
      flag,
      file,
    ]);
  /** Lines drawn on the last run's terminal. */
  const drawn = (): number => {
    const { output } = JSON.parse(readFileSync(transcript, 'utf8')) as { output: [number, string][] };
    return (
      output
        .map(([, text]) => text)
        .join('')
        .split('\r\x1b[2Kchecking ').length - 1
    );
  };
  inTerminal('--progress'); // warm the file cache and the compiled CLI
  const shown: Run[] = [];
  const hidden: Run[] = [];
  const draws: number[] = [];
  for (let i = 0; i < n; i++) {
    shown.push(inTerminal('--progress'));
    draws.push(drawn());
    hidden.push(inTerminal('--no-progress'));
    if (drawn() !== 0) shown[i]!.failure = '--no-progress drew a line';
  }
  const failed = [...shown, ...hidden].find((r) => r.failure !== undefined);
  if (failed) {
    console.log(`not measured: a run failed (${failed.failure})`);
    process.exitCode = 1;
    return;
  }
  const seconds = (list: Run[]) => list.map((r) => r.seconds);
  const line = (label: string, list: Run[]) =>
    console.log(
      `${label.padEnd(34)} best ${Math.min(...seconds(list)).toFixed(3)} s  median ${median(seconds(list)).toFixed(3)} s  (${n} runs)`,
    );
  line(`with the line (${Math.min(...draws)}–${Math.max(...draws)} draws)`, shown);
  line('without (--no-progress)', hidden);
  const overhead = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
  console.log(
    `whole process: ${overhead(Math.min(...seconds(shown)), Math.min(...seconds(hidden)))} (best), ${overhead(median(seconds(shown)), median(seconds(hidden)))} (median); runs on a shared machine vary more than that`,
  );

  // The line's own work: one engine run's events recorded with their times, then replayed through the line
  // on that clock (so it draws as often as it did), writing each draw to /dev/null; the median of 20.
  const events: { at: number; event: EngineEvent }[] = [];
  const started = performance.now();
  for await (const event of runEngine([{ name: file, size, open: () => fileStream(file) }], {
    keepDiagnostics: false,
    features: false,
  }))
    events.push({ at: performance.now() - started, event });
  const run = performance.now() - started;
  const sink = openSync('/dev/null', 'w');
  const replays: number[] = [];
  let writes = 0;
  for (let i = 0; i < 20; i++) {
    let now = 0;
    writes = 0;
    const t = performance.now();
    const progress = new ProgressLine({
      mode: 'redraw',
      verb: 'checking',
      write: (text) => {
        writes++;
        writeSync(sink, text);
      },
      columns: () => 120,
      clock: () => now,
      timer: false,
      totalBytes: size,
    });
    for (const { at, event } of events) {
      now = at;
      progress.event(event);
    }
    progress.end();
    replays.push(performance.now() - t);
  }
  closeSync(sink);
  const cost = median(replays);
  const share = (cost / run) * 100;
  console.log(
    `the line's own work: ${cost.toFixed(2)} ms for the run's ${events.length} events and ${writes} writes, ${share.toFixed(3)} % of its ${(run / 1000).toFixed(2)} s; target under 1 %: ${share < 1 ? 'met' : 'NOT met'}`,
  );
}

const signed = (n: number): string => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(1)}`;

/** (f): the land mask's share of validating 5,000 valid polygons. */
function landCase(file: string, boundaries: string[]): void {
  console.log(`\n(f) the land mask (WGS008) on the 5,000 valid polygons of (c)`);
  validate(file);
  const withMask: Run[] = [];
  const withoutMask: Run[] = [];
  // More runs than the others: the difference is a few per cent, under the noise of one run.
  const n = Math.max(runs, 5);
  for (let i = 0; i < n; i++) {
    withMask.push(validate(file));
    withoutMask.push(validate(file, '--ignore', 'WGS008'));
  }
  const failed = [...withMask, ...withoutMask].find((r) => r.failure !== undefined);
  if (failed) {
    console.log(describe('a run', failed));
    process.exitCode = 1;
    return;
  }
  const secs = (list: Run[]): number[] => list.map((r) => r.seconds);
  console.log(describe('fieldgate validate (land mask on)', best(withMask)));
  console.log(describe('… --ignore WGS008 (off)', best(withoutMask)));
  const bestShare = best(withMask).seconds / best(withoutMask).seconds - 1;
  const medianShare = median(secs(withMask)) / median(secs(withoutMask)) - 1;
  console.log(
    `whole process: ${signed(bestShare * 100)} % (best of ${n}), ${signed(medianShare * 100)} % (medians); one run's noise is a few per cent`,
  );
  // In this process: the land check alone on the parsed boundaries, the mask's first use included.
  const geometries: Array<{ geometry: ParsedGeometry; wkt: string }> = [];
  for (const wkt of boundaries) {
    const parsed = parseWkt(wkt);
    if (parsed.ok) geometries.push({ geometry: parsed.geometry, wkt });
  }
  const collector = new DiagnosticCollector();
  const started = performance.now();
  let inSea = 0;
  for (const { geometry, wkt } of geometries)
    if (checkLand(geometry, collector, new BoundaryPlace(wkt, {}))) inSea++;
  const ms = performance.now() - started;
  const share = ms / 1000 / best(withoutMask).seconds;
  console.log(
    `land check alone: ${ms.toFixed(1)} ms for ${geometries.length.toLocaleString('en-US')} boundaries (${inSea} in the sea), ${(share * 100).toFixed(2)} % of the process without it (target ≤ 5 %): ${share <= 0.05 ? 'met' : 'NOT met'}`,
  );
}

try {
  if (parts.has('a')) {
    crossingCase(
      '(a) 5,000 self-crossing polygons, 100–700 vertices',
      write('ragged.json', benchBoundaries('ragged', 5000)),
      write('valid.json', benchBoundaries('valid', 5000)),
    );
  }
  if (parts.has('b')) {
    crossingCase(
      '(b) 2,000 star polygons {300/149}, 301 vertices',
      write('stars.json', benchBoundaries('star', 2000)),
      write('valid-301.json', benchBoundaries('valid', 2000, 7, 300)),
    );
  }
  if (parts.has('c')) {
    const file = join(dir, 'valid.json');
    if (!existsSync(file)) write('valid.json', benchBoundaries('valid', 5000));
    shapelyCase(file);
  }
  if (parts.has('f')) {
    const boundaries = benchBoundaries('valid', 5000);
    const file = join(dir, 'valid.json');
    if (!existsSync(file)) write('valid.json', boundaries);
    landCase(file, boundaries);
  }
  if (parts.has('d')) bigCase(Number(process.env.FIELD_UPLOAD_BENCH_BIG ?? 830000));
  if (parts.has('e')) {
    const ragged = benchBoundaries('ragged', 5000);
    await progressCase(write('ragged-x3.json', [...ragged, ...ragged, ...ragged]));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
