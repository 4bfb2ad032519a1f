/**
 * `npm run bench -- startup`: how long `fieldgate` takes to start, against a bare `node -e ''` measured in
 * the same run. Each case runs as its own process several times; the median wall time and the median peak
 * RSS (from /usr/bin/time, where present) are printed with the ratio to bare Node.
 * Targets (issue 9): `fieldgate help` within 3× of bare Node and under 60 MB; `validate` of a small file
 * under 250 ms. What `help` cost before the build (the sources through tsx, every command imported up
 * front) is shown for comparison.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'cli', 'bin', 'fieldgate.js');
const timeTool = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const RUNS = 9;

interface Case {
  label: string;
  args: string[];
  runs?: number;
}

interface Measured {
  label: string;
  ms: number;
  minMs: number;
  rssMb: number | undefined;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

function runOnce(args: string[]): { ms: number; rssMb: number | undefined } {
  const command = timeTool ?? process.execPath;
  const commandArgs = timeTool ? ['-f', '%M', process.execPath, ...args] : args;
  const started = performance.now();
  const run = spawnSync(command, commandArgs, { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (run.error) throw run.error;
  // `fieldgate validate` exits 1 when it finds errors; anything else means the case itself is broken.
  if (run.status !== 0 && run.status !== 1) {
    throw new Error(`${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  }
  const kb = timeTool ? Number(run.stderr.trim().split('\n').at(-1)) : NaN;
  return { ms, rssMb: Number.isFinite(kb) ? kb / 1024 : undefined };
}

/**
 * Runs the cases in turns (one run of each, then again), so a busy machine slows them alike and the
 * ratios stay fair; a first, unmeasured turn warms the file cache (and lets the bin rebuild dist/cli if a
 * source changed).
 */
function measureInTurns(cases: Case[]): Measured[] {
  const samples = cases.map(() => [] as { ms: number; rssMb: number | undefined }[]);
  for (const c of cases) runOnce(c.args);
  for (let turn = 0; turn < RUNS; turn++) {
    cases.forEach((c, i) => {
      if (turn < (c.runs ?? RUNS)) samples[i]!.push(runOnce(c.args));
    });
  }
  return cases.map((c, i) => {
    const runs = samples[i]!;
    const rss = runs.map((s) => s.rssMb).filter((r): r is number => r !== undefined);
    return {
      label: c.label,
      ms: median(runs.map((s) => s.ms)),
      minMs: Math.min(...runs.map((s) => s.ms)),
      rssMb: rss.length > 0 ? median(rss) : undefined,
    };
  });
}

const smallFile = 'examples/fields/boundaries.wkt';
const fromSource = [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  "const { commands } = await import('./cli/commands/index.ts'); await Promise.all(commands.map((c) => c.load()));" +
    " const { main } = await import('./cli/main.ts'); process.exitCode = await main(['help']);",
];

const [bare, help, validate, validateXml, rules, tsxHelp] = measureInTurns([
  { label: "node -e ''", args: ['-e', ''] },
  { label: 'fieldgate help', args: [bin, 'help'] },
  { label: `fieldgate validate ${smallFile}`, args: [bin, 'validate', smallFile] },
  {
    label: 'fieldgate validate --format json (soil XML)',
    args: [bin, 'validate', '--format', 'json', 'examples/soil/a-and-l-lab-result.xml'],
  },
  { label: 'fieldgate rules', args: [bin, 'rules'] },
  { label: 'help as before: tsx, every command imported', args: fromSource, runs: 3 },
]) as [Measured, Measured, Measured, Measured, Measured, Measured];

const sizeOfBuild = (() => {
  try {
    const info = JSON.parse(readFileSync(join(root, 'dist', 'cli', 'build-info.json'), 'utf8')) as {
      inputs: string[];
    };
    return `${info.inputs.length} sources in dist/cli`;
  } catch {
    return 'no dist/cli build';
  }
})();

console.log(
  `start-up, median of ${RUNS} runs each (${sizeOfBuild}; peak RSS ${timeTool ? 'by' : 'without'} /usr/bin/time)`,
);
for (const m of [bare, help, validate, validateXml, rules, tsxHelp]) {
  console.log(
    `  ${m.label.padEnd(48)} ${m.ms.toFixed(0).padStart(5)} ms (min ${m.minMs.toFixed(0).padStart(4)})` +
      `  ${(m.ms / bare.ms).toFixed(2).padStart(5)}× node` +
      `  ${m.rssMb === undefined ? '   ? ' : m.rssMb.toFixed(0).padStart(4)} MB`,
  );
}
console.log(
  `  help is ${(tsxHelp.ms / help.ms).toFixed(1)}× faster than before the build (tsx, every command imported)`,
);

const targets = [
  { what: 'help within 3× of bare node', met: help.ms <= 3 * bare.ms },
  { what: 'help under 60 MB peak RSS', met: help.rssMb === undefined || help.rssMb < 60 },
  { what: 'validate of a small file under 250 ms', met: validate.ms < 250 },
];
for (const t of targets) console.log(`  ${t.met ? 'met   ' : 'MISSED'}  ${t.what}`);
process.exitCode = targets.every((t) => t.met) ? 0 : 1;
