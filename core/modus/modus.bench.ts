/**
 * `npm run bench -- modus`: Fieldgate's streaming Modus validator (all rule groups) against
 * `xmllint --noout --schema modus_result.xsd`, on result files built from a real lab file (A&L Great
 * Lakes, Enyart East 50) by repeating its samples with new SampleNumbers: 20,000 samples (about 58 MB) and
 * 2,000 samples (about 6 MB), to show that our memory does not grow with the file.
 *
 * Each tool runs in its own process, a few times; the best time and the highest peak resident memory
 * count. Our time is measured inside the process (validation only, without Node and tsx starting up);
 * both times are printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModusValidator } from './validate-modus.ts';

const CHUNK = 64 * 1024;
const RUNS = 3;

interface ChildReport {
  ms: number;
  maxRssKb: number;
  startRssKb: number;
  diagnostics: number;
  errors: number;
  samples: number;
}

function child(file: string): void {
  const startRssKb = Math.round(process.memoryUsage().rss / 1024);
  const t0 = performance.now();
  const validator = new ModusValidator();
  const fd = openSync(file, 'r');
  const buf = new Uint8Array(CHUNK);
  let n: number;
  while ((n = readSync(fd, buf, 0, CHUNK, null)) > 0) validator.write(buf.subarray(0, n));
  closeSync(fd);
  const result = validator.end();
  const ms = performance.now() - t0;
  const report: ChildReport = {
    ms,
    maxRssKb: process.resourceUsage().maxRSS,
    startRssKb,
    diagnostics: result.diagnostics.length,
    errors: result.diagnostics.filter((d) => d.severity === 'error').length,
    samples: result.summary?.sampleCount ?? 0,
  };
  process.stdout.write(JSON.stringify(report) + '\n');
}

if (process.argv[2] === '--child') {
  child(process.argv[3] ?? '');
  process.exit(0);
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const corpus = resolve(root, '../shared/corpus');
const labFile = join(corpus, 'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/lab-modus.xml');
const xsd = join(corpus, 'ahunt-xx-modus-xsd/modus_result.xsd');
const self = fileURLToPath(import.meta.url);

/** Write a result file with `count` samples replicated from the lab file, without building it in memory. */
function buildFile(path: string, count: number): void {
  const text = readFileSync(labFile, 'utf8');
  const first = text.indexOf('<SoilSample>');
  const last = text.lastIndexOf('</SoilSample>') + '</SoilSample>'.length;
  const samples = text.slice(first, last).match(/<SoilSample>[\s\S]*?<\/SoilSample>/g) ?? [];
  const fd = openSync(path, 'w');
  writeSync(fd, text.slice(0, first));
  for (let i = 0; i < count; i++) {
    const sample = samples[i % samples.length] ?? '';
    writeSync(
      fd,
      sample.replace(/<SampleNumber>[^<]*<\/SampleNumber>/, `<SampleNumber>${i + 1}</SampleNumber>`) + '\n',
    );
  }
  writeSync(fd, text.slice(last));
  closeSync(fd);
}

const hasTime = existsSync('/usr/bin/time');

interface Measured {
  ms: number;
  peakMb: number;
  note?: string;
}

function parseTimeV(stderr: string): number | undefined {
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  return m ? Number(m[1]) / 1024 : undefined;
}

/** Peak RSS of a process by polling /proc (when /usr/bin/time is missing). */
async function runPolled(
  cmd: string,
  args: string[],
): Promise<{ ms: number; peakMb: number; stdout: string; status: number }> {
  const t0 = performance.now();
  const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let peakKb = 0;
  p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  p.stderr.on('data', () => undefined);
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${p.pid}/status`, 'utf8');
      const m = /VmHWM:\s+(\d+) kB/.exec(status);
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      // the process has ended
    }
  }, 10);
  const status = await new Promise<number>((done) => p.on('close', (code) => done(code ?? 1)));
  clearInterval(timer);
  return { ms: performance.now() - t0, peakMb: peakKb / 1024, stdout, status };
}

async function measureXmllint(file: string): Promise<Measured> {
  let best = Infinity;
  let peak = 0;
  for (let r = 0; r < RUNS; r++) {
    if (hasTime) {
      const t0 = performance.now();
      const out = spawnSync('/usr/bin/time', ['-v', 'xmllint', '--noout', '--schema', xsd, file], {
        encoding: 'utf8',
      });
      const ms = performance.now() - t0;
      if (!out.stderr.includes('validates'))
        throw new Error(`xmllint did not validate ${file}: ${out.stderr.slice(0, 300)}`);
      best = Math.min(best, ms);
      peak = Math.max(peak, parseTimeV(out.stderr) ?? 0);
    } else {
      const out = await runPolled('xmllint', ['--noout', '--schema', xsd, file]);
      best = Math.min(best, out.ms);
      peak = Math.max(peak, out.peakMb);
    }
  }
  return { ms: best, peakMb: peak, note: hasTime ? '/usr/bin/time -v' : '/proc VmHWM polling' };
}

async function measureOurs(
  file: string,
): Promise<Measured & { processMs: number; startMb: number; report: ChildReport }> {
  let best = Infinity;
  let bestProcess = Infinity;
  let peak = 0;
  let start = 0;
  let report: ChildReport | undefined;
  const nodeArgs = ['--import', 'tsx', self, '--child', file];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    let stdout: string;
    let peakMb: number | undefined;
    if (hasTime) {
      const out = spawnSync('/usr/bin/time', ['-v', process.execPath, ...nodeArgs], {
        encoding: 'utf8',
        cwd: root,
      });
      stdout = out.stdout;
      peakMb = parseTimeV(out.stderr);
      if (out.status !== 0) throw new Error(`validator failed: ${out.stderr.slice(0, 500)}`);
    } else {
      const out = await runPolled(process.execPath, nodeArgs);
      stdout = out.stdout;
      peakMb = out.peakMb;
    }
    bestProcess = Math.min(bestProcess, performance.now() - t0);
    report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ChildReport;
    best = Math.min(best, report.ms);
    peak = Math.max(peak, peakMb ?? report.maxRssKb / 1024, report.maxRssKb / 1024);
    start = Math.max(start, report.startRssKb / 1024);
  }
  return { ms: best, processMs: bestProcess, peakMb: peak, startMb: start, report: report as ChildReport };
}

const fmt = (n: number, digits = 0): string => n.toFixed(digits).padStart(8);

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-modus-bench-'));
try {
  const sizes = [20_000, 2_000];
  const files = sizes.map((count) => {
    const path = join(dir, `result-${count}.xml`);
    buildFile(path, count);
    return { count, path, mb: statSync(path).size / 1e6 };
  });
  const haveXmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).status === 0;
  console.log(
    `Modus result files built from ${labFile.replace(corpus, 'corpus')} (best of ${RUNS} runs each)`,
  );
  if (!haveXmllint) console.log('xmllint is not installed (Debian: libxml2-utils): measuring Fieldgate only');
  console.log(
    `${'tool'.padEnd(34)}${'samples'.padStart(8)}${'MB'.padStart(8)}${'ms'.padStart(8)}${'MB/s'.padStart(8)}${'peak MB'.padStart(9)}`,
  );
  const rows: Array<{
    count: number;
    ours: Awaited<ReturnType<typeof measureOurs>>;
    ref?: Measured;
    mb: number;
  }> = [];
  for (const f of files) {
    const ours = await measureOurs(f.path);
    const ref = haveXmllint ? await measureXmllint(f.path) : undefined;
    rows.push({ count: f.count, ours, mb: f.mb, ...(ref ? { ref } : {}) });
    console.log(
      `${'fieldgate (all rule groups)'.padEnd(34)}${String(f.count).padStart(8)}${fmt(f.mb, 1)}${fmt(ours.ms)}${fmt(f.mb / (ours.ms / 1000), 1)}${fmt(ours.peakMb, 0)} ` +
        `(process ${ours.processMs.toFixed(0)} ms incl. Node+tsx start; ${ours.report.diagnostics} diagnostics)`,
    );
    if (ref) {
      console.log(
        `${'xmllint --noout --schema'.padEnd(34)}${String(f.count).padStart(8)}${fmt(f.mb, 1)}${fmt(ref.ms)}${fmt(f.mb / (ref.ms / 1000), 1)}${fmt(ref.peakMb, 0)} (${ref.note})`,
      );
    }
  }
  const big = rows[0];
  const small = rows[1];
  if (big && small) {
    console.log('');
    if (big.ref) {
      const speed = big.ref.ms / big.ours.ms;
      const memory = big.ours.peakMb / big.ref.peakMb;
      console.log(
        `speed ratio (xmllint time / ours, ${big.count} samples): ${speed.toFixed(2)}  (target ≥ 1.00: ${speed >= 1 ? 'met' : 'NOT met'})`,
      );
      console.log(`speed ratio counting Node+tsx start-up: ${(big.ref.ms / big.ours.processMs).toFixed(2)}`);
      console.log(
        `memory ratio (our peak / xmllint peak): ${memory.toFixed(2)}  (target ≤ 0.25: ${memory <= 0.25 ? 'met' : 'NOT met'})`,
      );
    }
    const growth = big.ours.peakMb / small.ours.peakMb;
    console.log(
      `our peak memory: ${small.ours.peakMb.toFixed(0)} MB at ${small.mb.toFixed(1)} MB, ${big.ours.peakMb.toFixed(0)} MB at ${big.mb.toFixed(1)} MB ` +
        `(×${growth.toFixed(2)} for ×${(big.mb / small.mb).toFixed(1)} the size; ${big.ours.startMb.toFixed(0)} MB is Node+tsx before reading)`,
    );
    if (big.ref && small.ref) {
      console.log(
        `xmllint peak memory: ${small.ref.peakMb.toFixed(0)} MB at ${small.mb.toFixed(1)} MB, ${big.ref.peakMb.toFixed(0)} MB at ${big.mb.toFixed(1)} MB`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
