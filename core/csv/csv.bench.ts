/**
 * `npm run bench -- csv`: a generated field CSV (CSV_BENCH_MB, default 1024 MB; boundaries of 100 vertices
 * as WKT, 20 fields per farm) checked end to end by the command line, as a user runs it:
 * `fieldgate validate --format json fields.csv` (start-up, the file streamed from disk, reading, decoding,
 * tokenising, mapping, FieldRecords, field rules, WKT, validity, WGS 84, area and limits, duplicates and
 * overlaps, the JSON report), against shapely (GEOS) reading the same CSV with Python's csv module and doing
 * loads + is_valid on every boundary, in one run. Both are whole processes timed from outside.
 * Reports rows/s, MB/s, peak RSS (GNU time) and the ratio shapely time / Fieldgate time.
 * Targets: peak RSS under 300 MB, ratio ≥ 1.0.
 *
 * First, a huge cell: one boundary of CSV_BENCH_CELL_MB (default 48 MB) of WKT in one CSV cell, against the
 * same boundary as a .wkt file, both through `fieldgate validate --format json`: time and peak RSS of each
 * and their ratios. The CSV side should cost about what the .wkt side costs (the tokenizer keeps its place
 * across chunks, so a cell is scanned once whatever its size). CSV_BENCH_ONLY=cell, rows or warnings runs
 * one case.
 *
 * Then a field CSV of CSV_BENCH_WARN_MB (default 180 MB) with a warning on every row (a client name with a
 * space after it): streamed, its diagnostics go out row by row as found, so peak RSS stays about what a
 * clean file costs however many warnings there are. Target: peak RSS under 300 MB.
 *
 * Then threads (CSV_BENCH_ONLY=threads runs only this): a field CSV of CSV_BENCH_THREADS_MB (default 64 MB,
 * over the 16 MB from which a run takes workers) and a prescription ZIP of 100 zones of 20,000 points each
 * (about 19 MB, so its zones go to the workers too), each through `fieldgate validate --format json` with
 * `--jobs 1` and `--jobs 2`, alternating, best of CSV_BENCH_RUNS: wall time, CPU seconds (user + system),
 * peak RSS, and whether the two reports are byte for byte the same.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRxZip } from '../rx/rx-bench-data.ts';

const PYTHON = '/usr/bin/python3';
const GNU_TIME = '/usr/bin/time';
const bin = fileURLToPath(new URL('../../cli/bin/fieldgate.js', import.meta.url));

interface CliOutcome {
  seconds: number;
  rows: number;
  errors: number;
  kind: string;
}

/** One row: a 100-vertex polygon (a wobbly circle, valid) on a grid, so no two fields of a farm overlap. */
function row(i: number): string {
  const farm = Math.floor(i / 20);
  const cx = -100 + (i % 2000) * 0.01;
  const cy = 35 + Math.floor(i / 2000) * 0.01 * 0.5;
  const coords: string[] = [];
  for (let k = 0; k < 100; k++) {
    const a = (k / 100) * 2 * Math.PI;
    const r = 0.003 * (1 + 0.15 * Math.sin(5 * a + i));
    coords.push(`${(cx + r * Math.cos(a)).toFixed(9)} ${(cy + 0.7 * r * Math.sin(a)).toFixed(9)}`);
  }
  coords.push(coords[0] as string);
  return `Client ${farm % 97},Farm ${farm},Field ${i},"POLYGON ((${coords.join(', ')}))",,bench,user${farm % 13}\n`;
}

function generate(path: string, targetBytes: number): number {
  const fd = openSync(path, 'w');
  let written = 0;
  let rows = 0;
  writeSync(fd, 'clientName,farmName,name,boundary,acres,source,userName\n');
  while (written < targetBytes) {
    let chunk = '';
    for (let k = 0; k < 500; k++) chunk += row(rows++);
    written += writeSync(fd, chunk);
  }
  closeSync(fd);
  return rows;
}

/**
 * One boundary of about `bytes` bytes of WKT (a circle of many vertices, valid, far over the service's
 * 10,000-point limit, which the report says), written as a .wkt file and as one cell of a field CSV.
 */
function generateHugeCell(dir: string, bytes: number): { wkt: string; csv: string } {
  const wkt = join(dir, 'huge-cell.wkt');
  const csv = join(dir, 'huge-cell.csv');
  const n = Math.ceil(bytes / 28);
  const parts: string[] = [];
  for (let k = 0; k < n; k++) {
    const a = (k / n) * 2 * Math.PI;
    parts.push(`${(-93 + 0.5 * Math.cos(a)).toFixed(9)} ${(42 + 0.35 * Math.sin(a)).toFixed(9)}`);
  }
  parts.push(parts[0] as string);
  const boundary = `POLYGON ((${parts.join(', ')}))`;
  writeFileSync(wkt, `${boundary}\n`);
  writeFileSync(csv, `clientName,farmName,name,boundary\nBench,Farm,Huge,"${boundary}"\n`);
  return { wkt, csv };
}

/** The huge-cell case: the same boundary in a CSV cell and as a .wkt file, best of `runs` each. */
function hugeCell(dir: string, runs: number): void {
  const mb = Number(process.env.CSV_BENCH_CELL_MB ?? 48);
  const { wkt, csv } = generateHugeCell(dir, mb * 1048576);
  const size = (f: string): string => `${(statSync(f).size / 1048576).toFixed(0)} MB`;
  const best = { csv: { seconds: Infinity, peakKb: 0 }, wkt: { seconds: Infinity, peakKb: 0 } };
  const findings: Record<'csv' | 'wkt', string> = { csv: '', wkt: '' };
  for (let run = 0; run < runs; run++)
    for (const [side, file] of [
      ['csv', csv],
      ['wkt', wkt],
    ] as const) {
      const r = timed([process.execPath, bin, 'validate', '--format', 'json', file], [0, 1]);
      best[side].seconds = Math.min(best[side].seconds, r.seconds);
      best[side].peakKb = Math.max(best[side].peakKb, r.peakKb);
      const report = JSON.parse(r.stdout) as { diagnostics: Array<{ code: string }> };
      findings[side] = [...new Set(report.diagnostics.map((d) => d.code))].sort().join(' ');
    }
  const show = (side: 'csv' | 'wkt'): string =>
    `${best[side].seconds.toFixed(2)} s, peak RSS ${(best[side].peakKb / 1024).toFixed(0)} MB`;
  console.log(`huge cell: one boundary of ${size(wkt)} of WKT, best of ${runs} runs each, alternating`);
  console.log(`  in one CSV cell (${size(csv)}): ${show('csv')}; found ${findings.csv}`);
  console.log(`  as a .wkt file  (${size(wkt)}): ${show('wkt')}; found ${findings.wkt}`);
  console.log(
    `  ratio CSV/.wkt: time ${(best.csv.seconds / best.wkt.seconds).toFixed(2)}, peak RSS ${(best.csv.peakKb / best.wkt.peakKb).toFixed(2)}`,
  );
  if (findings.csv !== findings.wkt)
    throw new Error(
      `the CSV cell and the .wkt file gave different findings: ${findings.csv} / ${findings.wkt}`,
    );
}

/** The warnings case: every row with a warning, checked by the command line as a user runs it. */
function warnings(dir: string): void {
  const mb = Number(process.env.CSV_BENCH_WARN_MB ?? 180);
  const csv = join(dir, 'warnings.csv');
  const fd = openSync(csv, 'w');
  let written = writeSync(fd, 'clientName,farmName,name,boundary,acres,source,userName\n');
  let rows = 0;
  while (written < mb * 1048576) {
    let chunk = '';
    for (let k = 0; k < 500; k++) chunk += row(rows++).replace(/^Client (\d+),/, 'Client $1 ,');
    written += writeSync(fd, chunk);
  }
  closeSync(fd);
  const run = timed([process.execPath, bin, 'validate', '--format', 'json', csv], [0, 1]);
  const report = JSON.parse(run.stdout) as { counts: { warning: number } };
  console.log(
    `warnings: ${rows} rows, ${(written / 1048576).toFixed(0)} MB, ${report.counts.warning} warnings: ${run.seconds.toFixed(1)} s, peak RSS ${(run.peakKb / 1024).toFixed(0)} MB (target under 300 MB)`,
  );
}

function timed(
  args: string[],
  ok: readonly number[] = [0],
): { stdout: string; peakKb: number; seconds: number; cpu: number } {
  const r = spawnSync(GNU_TIME, ['-f', 'PEAK %M %e %U %S', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (!ok.includes(r.status ?? -1)) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const peak = /PEAK (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return {
    stdout: r.stdout,
    peakKb: peak ? Number(peak[1]) : NaN,
    seconds: peak ? Number(peak[2]) : NaN,
    cpu: peak ? Number(peak[3]) + Number(peak[4]) : NaN,
  };
}

/** One file with --jobs 1 and --jobs 2, alternating, best of `runs` each; the reports must match. */
function oneAndTwo(label: string, file: string, runs: number): void {
  const best = [
    { seconds: Infinity, cpu: Infinity, peakKb: 0, stdout: '' },
    { seconds: Infinity, cpu: Infinity, peakKb: 0, stdout: '' },
  ];
  for (let run = 0; run < runs; run++)
    for (const [i, jobs] of ['1', '2'].entries()) {
      const r = timed([process.execPath, bin, 'validate', '--format', 'json', '--jobs', jobs, file], [0, 1]);
      const side = best[i]!;
      if (r.seconds < side.seconds) Object.assign(side, { seconds: r.seconds, stdout: r.stdout });
      side.cpu = Math.min(side.cpu, r.cpu);
      side.peakKb = Math.max(side.peakKb, r.peakKb);
    }
  const [one, two] = best as [(typeof best)[0], (typeof best)[0]];
  const show = (b: typeof one): string =>
    `${b.seconds.toFixed(2)} s, CPU ${b.cpu.toFixed(2)} s, peak RSS ${(b.peakKb / 1024).toFixed(0)} MB`;
  console.log(`${label}, best of ${runs} runs each, alternating:`);
  console.log(`  --jobs 1: ${show(one)}`);
  console.log(`  --jobs 2: ${show(two)}`);
  console.log(
    `  two threads take ${(two.seconds / one.seconds).toFixed(2)}× the time of one; reports ${one.stdout === two.stdout ? 'identical' : 'DIFFERENT'}`,
  );
  if (one.stdout !== two.stdout) process.exitCode = 1;
}

/** The threads case: one thread against two, on a big field CSV and a big prescription ZIP. */
function threads(dir: string): void {
  const runs = Number(process.env.CSV_BENCH_RUNS ?? 2);
  const csv = join(dir, 'threads.csv');
  const rows = generate(csv, Number(process.env.CSV_BENCH_THREADS_MB ?? 64) * 1048576);
  oneAndTwo(`field CSV, ${rows} rows, ${(statSync(csv).size / 1048576).toFixed(0)} MB`, csv, runs);
  const zip = join(dir, 'zones.zip');
  writeFileSync(zip, benchRxZip(100, 20_000));
  oneAndTwo(
    `prescription ZIP, 100 zones of 20,000 points, ${(statSync(zip).size / 1048576).toFixed(0)} MB`,
    zip,
    runs,
  );
}

/** `fieldgate validate --format json` on the file, timed as a whole process. */
function runCli(csv: string): CliOutcome & { peakKb: number } {
  const run = timed([process.execPath, bin, 'validate', '--format', 'json', csv], [0, 1]);
  const report = JSON.parse(run.stdout) as {
    counts: { error: number };
    files: Array<{ kind: string; summary?: { rows?: number } }>;
  };
  const file = report.files[0];
  return {
    seconds: run.seconds,
    rows: file?.summary?.rows ?? 0,
    errors: report.counts.error,
    kind: file?.kind ?? '',
    peakKb: run.peakKb,
  };
}

async function main(): Promise<void> {
  const mb = Number(process.env.CSV_BENCH_MB ?? 1024);
  const only = process.env.CSV_BENCH_ONLY;
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-bench-'));
  try {
    // The CLI runs its compiled bundle (dist/cli), rebuilt first if a source changed: once, untimed.
    spawnSync(process.execPath, [bin, 'kinds'], { stdio: 'ignore' });
    if (only === 'warnings') return warnings(dir);
    if (only === 'threads') return threads(dir);
    if (only !== 'rows') hugeCell(dir, Number(process.env.CSV_BENCH_RUNS ?? 2));
    if (only === 'cell') return;
    const csv = join(dir, 'fields.csv');
    const t0 = performance.now();
    const rows = generate(csv, mb * 1024 * 1024);
    const size = statSync(csv).size;
    console.log(
      `generated ${rows} rows, ${(size / 1048576).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const script = join(dir, 'shapely_csv.py');
    writeFileSync(
      script,
      `import csv, sys
from shapely.wkt import loads
csv.field_size_limit(1 << 30)
valid = rows = 0
with open(sys.argv[1], newline='', encoding='utf-8') as f:
    for r in csv.DictReader(f):
        rows += 1
        if loads(r['boundary']).is_valid:
            valid += 1
print(rows, valid)
`,
    );
    // Runs alternate between the two sides and each side's best run counts: load from other processes
    // on the machine then hits both alike.
    const runs = Number(process.env.CSV_BENCH_RUNS ?? 2);
    let o: CliOutcome = { seconds: Infinity, rows: 0, errors: 0, kind: '' };
    let peakKb = 0;
    let geosSeconds = Infinity;
    let geosRows = 0;
    let geosValid = 0;
    let geosPeakKb = 0;
    for (let run = 0; run < runs; run++) {
      const ours = runCli(csv);
      if (ours.seconds < o.seconds) o = ours;
      peakKb = Math.max(peakKb, ours.peakKb);
      const geos = timed([PYTHON, script, csv]);
      const seconds = geos.seconds;
      const [rowsRead, valid] = geos.stdout.trim().split(/\s+/).map(Number) as [number, number];
      if (seconds < geosSeconds) [geosSeconds, geosRows, geosValid] = [seconds, rowsRead, valid];
      geosPeakKb = Math.max(geosPeakKb, geos.peakKb);
    }
    const ratio = geosSeconds / o.seconds;
    const peakMb = peakKb / 1024;
    console.log(`best of ${runs} runs each, alternating`);
    console.log(
      `fieldgate validate --format json (whole process): ${o.rows} rows in ${o.seconds.toFixed(1)} s = ${(o.rows / o.seconds).toFixed(0)} rows/s, ${(size / 1048576 / o.seconds).toFixed(1)} MB/s, peak RSS ${peakMb.toFixed(0)} MB, ${o.errors} errors`,
    );
    console.log(
      `shapely ${'(GEOS)'} (whole process): ${geosRows} rows in ${geosSeconds.toFixed(1)} s (${geosValid} valid), peak RSS ${(geosPeakKb / 1024).toFixed(0)} MB`,
    );
    console.log(
      `ratio shapely/fieldgate: ${ratio.toFixed(2)} (target ≥ 1.0): ${ratio >= 1 ? 'met' : 'NOT met'}`,
    );
    console.log(`peak RSS target < 300 MB: ${peakMb < 300 ? 'met' : 'NOT met'}`);
    if (o.kind !== 'csv-fields' || o.rows !== rows || o.errors !== 0)
      throw new Error(
        `expected ${rows} clean csv-fields rows, got ${o.rows} ${o.kind} with ${o.errors} errors`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--generate')
  generate(process.argv[3] as string, Number(process.env.CSV_BENCH_MB ?? 1024) * 1048576);
else await main();
