/**
 * `npm run bench -- rx`: a prescription ZIP of RX_BENCH_ZONES zones (default 100, the service's most) of
 * RX_BENCH_POINTS points each (default 20,000: about 19 MB zipped, 32 MB of .shp; core/rx/rx-bench-data.ts)
 * checked by the command line as a user runs it, a whole process timed from outside (GNU time): wall time,
 * CPU (user + system) and peak RSS of `fieldgate validate` (the text report) and `fieldgate validate
 * --format json` (whose summary carries the zones as GeoJSON), best of RX_BENCH_RUNS runs (default 3),
 * alternating.
 *
 * Memory: peak RSS less Node's base (the same command on a two-zone ZIP), as a multiple of the unzipped
 * size (the members' bytes); and how memory grows with the file: the peaks with one thread (`--jobs 1`: the
 * worker threads, which a file of half the size does not start, cost the same for any file) of zones of
 * half the points and of this file, per unzipped byte more. Targets for that growth: at most 3× for the
 * text report (the ZIP is 0.6×, the .shp and the zones' coordinates 1× each, and they meet only while the
 * .shp is decoded; what does not grow with the file is the collector's and the allocator's slack and the
 * worker threads), at most 8× for the JSON report (its summary's map holds every point as a GeoJSON
 * position, about 72 bytes against the .shp's 16: 4.5× more, which the report format asks for).
 *
 * Against shapely: Python's zipfile and struct read the same ZIP's .shp and shapely (GEOS) builds each zone
 * and runs is_valid, timed the same way; the ratio shapely time / Fieldgate time (no Python shapefile
 * reader is installed: the script reads polygon records itself, one ring a zone, as the bench's zones are).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRxShapefile, benchRxZip } from './rx-bench-data.ts';

const PYTHON = '/usr/bin/python3';
const GNU_TIME = '/usr/bin/time';
const bin = fileURLToPath(new URL('../../cli/bin/fieldgate.js', import.meta.url));
const small = fileURLToPath(new URL('../../examples/rx/two-zone-rx.zip', import.meta.url));
const MB = 1024 * 1024;

interface Run {
  seconds: number;
  cpu: number;
  peakMb: number;
  status: number;
}

/** One whole process under GNU time, its stdout to `out` (a report of 230 MB is not held here). */
function timed(args: string[], out: string): Run {
  const fd = openSync(out, 'w');
  try {
    const r = spawnSync(GNU_TIME, ['-f', 'PEAK %M %e %U %S', ...args], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
    });
    const m = /PEAK (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
    if (!m) throw new Error(`${args.join(' ')}: no timing (${r.stderr})`);
    return {
      peakMb: Number(m[1]) / 1024,
      seconds: Number(m[2]),
      cpu: Number(m[3]) + Number(m[4]),
      status: r.status ?? -1,
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * The best of the runs: the least time, CPU and peak, each (a peak varies by tens of MB with when the
 * collector runs; the least is the one a run can reach again).
 */
function best(runs: Run[]): Run {
  return {
    seconds: Math.min(...runs.map((r) => r.seconds)),
    cpu: Math.min(...runs.map((r) => r.cpu)),
    peakMb: Math.min(...runs.map((r) => r.peakMb)),
    status: runs[0]?.status ?? -1,
  };
}

const SHAPELY = `import sys, struct, zipfile
from array import array
from shapely.geometry import Polygon
z = zipfile.ZipFile(sys.argv[1])
b = z.read(next(n for n in z.namelist() if n.lower().endswith('.shp')))
p, zones, valid = 100, 0, 0
while p + 12 <= len(b):
    length = struct.unpack_from('>i', b, p + 4)[0] * 2
    c = p + 8
    if struct.unpack_from('<i', b, c)[0] == 5:
        nparts, npoints = struct.unpack_from('<ii', b, c + 36)
        at = c + 44 + 4 * nparts
        xy = array('d')
        xy.frombytes(b[at:at + 16 * npoints])
        zones += 1
        valid += Polygon(list(zip(xy[0::2], xy[1::2]))).is_valid
    p = c + length
print(zones, valid)
`;

function main(): void {
  const zones = Number(process.env.RX_BENCH_ZONES ?? 100);
  const points = Number(process.env.RX_BENCH_POINTS ?? 20_000);
  const runs = Number(process.env.RX_BENCH_RUNS ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-rx-bench-'));
  try {
    // The CLI runs its compiled bundle (dist/cli), rebuilt first if a source changed: once, untimed.
    spawnSync(process.execPath, [bin, 'kinds'], { stdio: 'ignore' });
    const zip = join(dir, 'zones.zip');
    const half = join(dir, 'half.zip');
    const bytes = benchRxZip(zones, points);
    writeFileSync(zip, bytes);
    writeFileSync(half, benchRxZip(zones, Math.round(points / 2)));
    const unzippedOf = (n: number): number => {
      const files = benchRxShapefile(zones, n);
      return files.shp.length + files.shx.length + files.dbf.length;
    };
    const unzipped = unzippedOf(points);
    const unzippedHalf = unzippedOf(Math.round(points / 2));
    const script = join(dir, 'shapely_rx.py');
    writeFileSync(script, SHAPELY);
    console.log(
      `prescription ZIP: ${zones} zones of ${points.toLocaleString('en')} points, ${(bytes.length / MB).toFixed(1)} MB zipped, ${(unzipped / MB).toFixed(1)} MB unzipped (and of half the points, ${(unzippedHalf / MB).toFixed(1)} MB); best of ${runs} runs`,
    );

    const out = join(dir, 'report');
    const base = best(
      Array.from({ length: runs }, () => timed([process.execPath, bin, 'validate', small], out)),
    );
    const text: Run[] = [];
    const json: Run[] = [];
    const textHalf: Run[] = [];
    const jsonHalf: Run[] = [];
    const textOne: Run[] = [];
    const jsonOne: Run[] = [];
    const shapely: Run[] = [];
    for (let run = 0; run < runs; run++) {
      text.push(timed([process.execPath, bin, 'validate', zip], out));
      json.push(timed([process.execPath, bin, 'validate', '--format', 'json', zip], out));
      const one = [process.execPath, bin, 'validate', '--jobs', '1'];
      textOne.push(timed([...one, zip], out));
      jsonOne.push(timed([...one, '--format', 'json', zip], out));
      textHalf.push(timed([...one, half], out));
      jsonHalf.push(timed([...one, '--format', 'json', half], out));
      shapely.push(timed([PYTHON, script, zip], out));
    }
    const show = (r: Run): string =>
      `${r.seconds.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s, peak RSS ${r.peakMb.toFixed(0)} MB`;
    console.log(`  Node's base (validate on a two-zone ZIP): peak RSS ${base.peakMb.toFixed(0)} MB`);
    for (const [label, r, o, h, target] of [
      ['validate (text report)', best(text), best(textOne), best(textHalf), 3],
      ['validate --format json', best(json), best(jsonOne), best(jsonHalf), 8],
    ] as const) {
      const ratio = ((r.peakMb - base.peakMb) * MB) / unzipped;
      const growth = ((o.peakMb - h.peakMb) * MB) / (unzipped - unzippedHalf);
      console.log(
        `  ${label}: ${show(r)}; peak less base ${ratio.toFixed(1)}× the unzipped size (${(r.peakMb / (bytes.length / MB)).toFixed(1)}× the ZIP)`,
      );
      console.log(
        `    --jobs 1: ${show(o)}; half the points: ${show(h)}; memory grows ${growth.toFixed(1)}× the unzipped bytes added (target ≤ ${target}×: ${growth <= target ? 'met' : 'NOT met'})`,
      );
    }
    const geos = best(shapely);
    if (geos.status !== 0) console.log(`  shapely: not run (${PYTHON} with shapely is needed)`);
    else {
      console.log(`  shapely (zipfile + struct + is_valid): ${show(geos)}`);
      console.log(
        `  time ratio shapely / Fieldgate (text report): ${(geos.seconds / best(text).seconds).toFixed(2)}×`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
