/**
 * openZip (our central-directory parser + fflate streaming inflate with a hard output cap) against jszip
 * (loadAsync + file.async), measured in the same run, each scenario in its own child process so peak RSS
 * (maxRSS) is its own:
 *   corpus  — read every member of the five corpus prescription archives, 20 times;
 *   honest  — a 64 MiB zip bomb whose header tells the truth (ratio ~1000:1);
 *   lying   — a 256 MiB zip bomb whose header claims 1 KiB.
 *
 *   npm run bench -- zip-reader
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { craftZip, zeroBomb } from '../../test/rx/build-zip.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { openZip } from './zip-reader.ts';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');
const CORPUS = [
  'derived/ofpetrial_td.zip',
  'derived/isoxml_test_rx.zip',
  'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/locations-shp.zip',
  'fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip',
  'fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip',
].map((p) => readFileSync(path.resolve(root, '../shared/corpus', p)));

function scenarioBytes(scenario: string): Uint8Array[] {
  if (scenario === 'honest') {
    return [craftZip([{ name: 'bomb.dbf', raw: zeroBomb(64), uncompressedSize: 64 * 1024 * 1024, crc: 0 }])];
  }
  if (scenario === 'lying')
    return [craftZip([{ name: 'bomb.dbf', raw: zeroBomb(256), uncompressedSize: 1024 }])];
  return CORPUS;
}

async function runOurs(archives: Uint8Array[], rounds: number): Promise<{ bytes: number; outcome: string }> {
  let bytes = 0;
  let outcome = 'ok';
  for (let r = 0; r < rounds; r++) {
    for (const zip of archives) {
      const c = new DiagnosticCollector();
      const archive = openZip(zip, c);
      for (const e of archive?.files ?? []) bytes += archive?.read(e)?.length ?? 0;
      if (c.diagnostics.length > 0)
        outcome = `refused: ${c.diagnostics[0]?.code} ${c.diagnostics[0]?.messageId}`;
    }
  }
  return { bytes, outcome };
}

async function runJszip(archives: Uint8Array[], rounds: number): Promise<{ bytes: number; outcome: string }> {
  let bytes = 0;
  let outcome = 'ok';
  for (let r = 0; r < rounds; r++) {
    for (const zip of archives) {
      const z = await JSZip.loadAsync(zip);
      for (const f of Object.values(z.files)) {
        if (f.dir) continue;
        try {
          bytes += (await f.async('uint8array')).length;
        } catch (error) {
          outcome = `threw after inflating: ${(error as Error).message}`;
        }
      }
    }
  }
  return { bytes, outcome };
}

if (process.argv[2] === 'child') {
  const [, , , reader, scenario] = process.argv;
  const archives = scenarioBytes(scenario ?? 'corpus');
  const rounds = scenario === 'corpus' ? 20 : 1;
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.resourceUsage().maxRSS;
  const t = performance.now();
  const result = reader === 'jszip' ? await runJszip(archives, rounds) : await runOurs(archives, rounds);
  const ms = performance.now() - t;
  const peak = process.resourceUsage().maxRSS;
  console.log(JSON.stringify({ ms, ...result, peakMiB: peak / 1024, grewMiB: (peak - before) / 1024 }));
} else {
  const rows: string[] = [];
  for (const scenario of ['corpus', 'honest', 'lying']) {
    const results: Record<
      string,
      { ms: number; bytes: number; outcome: string; peakMiB: number; grewMiB: number }
    > = {};
    for (const reader of ['fieldgate', 'jszip']) {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--expose-gc', here, 'child', reader, scenario],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
      const line = r.stdout.trim().split('\n').pop() ?? '{}';
      results[reader] = JSON.parse(line);
    }
    const ours = results.fieldgate;
    const theirs = results.jszip;
    if (!ours || !theirs) continue;
    const mbps = (x: { ms: number; bytes: number }) => (x.bytes / 1024 / 1024 / (x.ms / 1000)).toFixed(1);
    rows.push(
      `${scenario.padEnd(7)} fieldgate ${ours.ms.toFixed(0).padStart(6)} ms ${mbps(ours).padStart(7)} MiB/s  peak RSS ${ours.peakMiB.toFixed(0).padStart(5)} MiB (+${ours.grewMiB.toFixed(0)})  ${ours.outcome}`,
      `${''.padEnd(7)} jszip     ${theirs.ms.toFixed(0).padStart(6)} ms ${mbps(theirs).padStart(7)} MiB/s  peak RSS ${theirs.peakMiB.toFixed(0).padStart(5)} MiB (+${theirs.grewMiB.toFixed(0)})  ${theirs.outcome}`,
      `${''.padEnd(7)} time ratio jszip/fieldgate ${(theirs.ms / ours.ms).toFixed(2)}×`,
    );
  }
  console.log(rows.join('\n'));
}
