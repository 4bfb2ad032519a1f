/**
 * `npm run bench -- csv`: a generated field CSV (CSV_BENCH_MB, default 1024 MB; boundaries of 100 vertices
 * as WKT, 20 fields per farm) checked end to end by the streaming core API (validateCsvBatch on a web
 * stream read from the file: reading, decoding, tokenising, mapping, FieldRecords, field rules, WKT,
 * validity, WGS 84, area and limits, duplicates and overlaps) in a child process, against shapely (GEOS)
 * reading the same CSV with Python's csv module and doing loads + is_valid on every boundary, in one run.
 * Reports rows/s, MB/s, peak RSS (GNU time) and the ratio shapely time / Fieldgate time.
 * Targets: peak RSS under 300 MB, ratio ≥ 1.0.
 *
 * The child runs an esbuild bundle of this file (as the CLI ships), so tsx's loader is not measured.
 * The CLI reads a whole file into memory before the engine runs (cli/io/files.ts → EngineInput.bytes), so
 * this measures the core's streaming path directly; see docs/csv-batches.md.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateCsvBatch } from './csv-batch.ts';

const PYTHON = '/usr/bin/python3';
const GNU_TIME = '/usr/bin/time';
const self = fileURLToPath(import.meta.url);

/** A pull-based web stream over a file: the next chunk is read only when the reader asks. */
async function fileStream(path: string): Promise<ReadableStream<Uint8Array>> {
  const handle = await open(path, 'r');
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const buffer = new Uint8Array(1 << 18);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) {
        await handle.close();
        controller.close();
      } else controller.enqueue(buffer.subarray(0, bytesRead));
    },
    async cancel() {
      await handle.close();
    },
  });
}

async function child(path: string): Promise<void> {
  const started = performance.now();
  const result = await validateCsvBatch(await fileStream(path), { keepFeatures: false });
  const seconds = (performance.now() - started) / 1000;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const m = process.memoryUsage();
  const memory = {
    heapTotalMb: m.heapTotal / 1048576,
    externalMb: m.external / 1048576,
    rssMb: m.rss / 1048576,
  };
  console.log(
    JSON.stringify({
      seconds,
      rows: result.rowCount,
      bytes: result.bytes,
      errors,
      kind: result.kind,
      memory,
    }),
  );
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

function timed(args: string[]): { stdout: string; peakKb: number } {
  const r = spawnSync(GNU_TIME, ['-f', 'PEAK %M', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const peak = /PEAK (\d+)/.exec(r.stderr);
  return { stdout: r.stdout, peakKb: peak ? Number(peak[1]) : NaN };
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

    // The child runs the core bundled by esbuild, as the CLI ships, not through tsx's loader.
    const { build } = await import('esbuild');
    const bundle = join(dir, 'csv-bench-child.mjs');
    await build({
      entryPoints: [self],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      external: ['esbuild'],
      logLevel: 'silent',
    });
    const script = join(dir, 'shapely_csv.py');
    writeFileSync(
      script,
      `import csv, sys, time
from shapely.wkt import loads
csv.field_size_limit(1 << 30)
start = time.perf_counter()
valid = rows = 0
with open(sys.argv[1], newline='', encoding='utf-8') as f:
    for r in csv.DictReader(f):
        rows += 1
        if loads(r['boundary']).is_valid:
            valid += 1
print(time.perf_counter() - start, rows, valid)
`,
    );
    // Runs alternate between the two sides and each side's best run counts: load from other processes
    // on the machine then hits both alike.
    const runs = Number(process.env.CSV_BENCH_RUNS ?? 2);
    let o = { seconds: Infinity, rows: 0, errors: 0 };
    let peakKb = 0;
    let geosSeconds = Infinity;
    let geosRows = 0;
    let geosValid = 0;
    let geosPeakKb = 0;
    for (let run = 0; run < runs; run++) {
      const ours = timed([process.execPath, bundle, '--child', csv]);
      const got = JSON.parse(ours.stdout.trim().split('\n').pop() ?? '{}') as typeof o;
      if (got.seconds < o.seconds) o = got;
      peakKb = Math.max(peakKb, ours.peakKb);
      const geos = timed([PYTHON, script, csv]);
      const [seconds, rowsRead, valid] = geos.stdout.trim().split(/\s+/).map(Number) as [
        number,
        number,
        number,
      ];
      if (seconds < geosSeconds) [geosSeconds, geosRows, geosValid] = [seconds, rowsRead, valid];
      geosPeakKb = Math.max(geosPeakKb, geos.peakKb);
    }
    const ratio = geosSeconds / o.seconds;
    const peakMb = peakKb / 1024;
    console.log(`best of ${runs} runs each, alternating`);
    console.log(
      `fieldgate (core stream): ${o.rows} rows in ${o.seconds.toFixed(1)} s = ${(o.rows / o.seconds).toFixed(0)} rows/s, ${(size / 1048576 / o.seconds).toFixed(1)} MB/s, peak RSS ${peakMb.toFixed(0)} MB, ${o.errors} errors`,
    );
    console.log(
      `shapely ${'(GEOS)'}: ${geosRows} rows in ${geosSeconds.toFixed(1)} s (${geosValid} valid), peak RSS ${(geosPeakKb / 1024).toFixed(0)} MB`,
    );
    console.log(
      `ratio shapely/fieldgate: ${ratio.toFixed(2)} (target ≥ 1.0): ${ratio >= 1 ? 'met' : 'NOT met'}`,
    );
    console.log(`peak RSS target < 300 MB: ${peakMb < 300 ? 'met' : 'NOT met'}`);
    if (o.rows !== rows || o.errors !== 0)
      throw new Error(`expected ${rows} clean rows, got ${o.rows} with ${o.errors} errors`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] as string);
else if (process.argv[2] === '--generate')
  generate(process.argv[3] as string, Number(process.env.CSV_BENCH_MB ?? 1024) * 1048576);
else await main();
