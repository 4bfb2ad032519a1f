/**
 * `npm run bench -- csv`: a generated field CSV (CSV_BENCH_MB, default 1024 MB; boundaries of 100 vertices
 * as WKT, 20 fields per farm) checked end to end by the command line, as a user runs it:
 * `fieldgate validate --format json fields.csv` (start-up, the file streamed from disk, reading, decoding,
 * tokenising, mapping, FieldRecords, field rules, WKT, validity, WGS 84, area and limits, duplicates and
 * overlaps, the JSON report), against shapely (GEOS) reading the same CSV with Python's csv module and doing
 * loads + is_valid on every boundary, in one run. Both are whole processes timed from outside.
 * Reports rows/s, MB/s, peak RSS (GNU time) and the ratio shapely time / Fieldgate time.
 * Targets: peak RSS under 300 MB, ratio ≥ 1.0.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

function timed(
  args: string[],
  ok: readonly number[] = [0],
): { stdout: string; peakKb: number; seconds: number } {
  const r = spawnSync(GNU_TIME, ['-f', 'PEAK %M %e', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (!ok.includes(r.status ?? -1)) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const peak = /PEAK (\d+) ([\d.]+)/.exec(r.stderr);
  return { stdout: r.stdout, peakKb: peak ? Number(peak[1]) : NaN, seconds: peak ? Number(peak[2]) : NaN };
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
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-csv-bench-'));
  try {
    const csv = join(dir, 'fields.csv');
    const t0 = performance.now();
    const rows = generate(csv, mb * 1024 * 1024);
    const size = statSync(csv).size;
    console.log(
      `generated ${rows} rows, ${(size / 1048576).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // The CLI runs its compiled bundle (dist/cli), rebuilt first if a source changed: once, untimed.
    spawnSync(process.execPath, [bin, 'kinds'], { stdio: 'ignore' });
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
