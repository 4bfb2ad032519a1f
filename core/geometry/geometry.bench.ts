/**
 * `npm run bench -- geometry`: validity of field-like polygons (20 to 2,000 vertices, holes,
 * multipolygons, 5% broken), ours (WKT parse + OGC validity) against GEOS 3.11 (Debian's python3-shapely:
 * shapely.wkt.loads + is_valid, timed inside Python) on the same WKT in the same run. Runs alternate
 * between us and GEOS, and each side's best run counts, so load from other processes hits both alike; CPU
 * time is printed beside wall time and the ratio is given for both.
 * Then one tangle: the {300/149} star (about 44,000 crossings), whose counting stops at 1,000 (target:
 * under 2 s, GEOS beside it).
 * Options: GEOMETRY_BENCH_COUNT (default 5000), GEOMETRY_BENCH_RUNS (default 3).
 */
import { cpuUsage } from 'node:process';
import { hasErrors } from '../diagnostics/diagnostic.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { checkWktGeometry } from './check-geometry.ts';
import { findValidityIssues } from './validity.ts';
import {
  BENCH_BREAKS,
  generateFieldPolygons,
  starOutlineWkt,
} from '../../test/geometry/generate-polygons.ts';
import { geosBench, geosUnavailableReason } from '../../test/geometry/geos.ts';

const count = Number(process.env.GEOMETRY_BENCH_COUNT ?? 5000);
const runs = Number(process.env.GEOMETRY_BENCH_RUNS ?? 3);

const cases = generateFieldPolygons({ count, seed: 42, brokenShare: 0.05, breaks: BENCH_BREAKS });
const wkts = cases.map((c) => c.wkt);
const megabytes = wkts.reduce((n, w) => n + w.length, 0) / 1e6;
const vertices = wkts.reduce((n, w) => n + (w.match(/,/g)?.length ?? 0) + 1, 0);
console.log(
  `${count} polygons, ${(vertices / count).toFixed(0)} vertices on average, ${megabytes.toFixed(1)} MB of WKT, ` +
    `${cases.filter((c) => c.label !== 'field').length} broken`,
);

/** Parse + validity: the verdict alone, as GEOS computes it. */
function coreVerdicts(): string {
  let out = '';
  for (const wkt of wkts) {
    const parsed = parseWkt(wkt);
    if (!parsed.ok) {
      out += '0';
      continue;
    }
    const issues = findValidityIssues(parsed.geometry.polygons);
    out += issues.some((i) => i.severity === 'error') ? '0' : '1';
  }
  return out;
}

/** The real check: diagnostics for `--select wkt-syntax,ogc-validity`, without or with fixes. */
function checkVerdicts(fixes: boolean): string {
  let out = '';
  for (const wkt of wkts) {
    const collector = new DiagnosticCollector({ select: ['wkt-syntax', 'ogc-validity'] });
    checkWktGeometry(wkt, collector, {}, { fixes });
    out += hasErrors(collector.diagnostics) ? '0' : '1';
  }
  return out;
}

interface Timing {
  seconds: number;
  cpuSeconds: number;
  verdicts: string;
}

function timeOnce(f: () => string, best: Timing): Timing {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  const c0 = cpuUsage();
  const verdicts = f();
  const cpu = cpuUsage(c0);
  const seconds = (performance.now() - t0) / 1000;
  return {
    seconds: Math.min(best.seconds, seconds),
    cpuSeconds: Math.min(best.cpuSeconds, (cpu.user + cpu.system) / 1e6),
    verdicts,
  };
}

const geosReason = geosUnavailableReason();
coreVerdicts(); // warm-up
checkVerdicts(true);
let core: Timing = { seconds: Infinity, cpuSeconds: Infinity, verdicts: '' };
let check: Timing = { seconds: Infinity, cpuSeconds: Infinity, verdicts: '' };
let checkFixes: Timing = { seconds: Infinity, cpuSeconds: Infinity, verdicts: '' };
let geos: Timing = { seconds: Infinity, cpuSeconds: Infinity, verdicts: '' };
let geosValid = 0;
for (let r = 0; r < runs; r++) {
  core = timeOnce(coreVerdicts, core);
  check = timeOnce(() => checkVerdicts(false), check);
  checkFixes = timeOnce(() => checkVerdicts(true), checkFixes);
  if (!geosReason) {
    const g = geosBench(wkts, 1);
    geos = {
      seconds: Math.min(geos.seconds, g.seconds),
      cpuSeconds: Math.min(geos.cpuSeconds, g.cpuSeconds),
      verdicts: g.verdicts,
    };
    geosValid = g.valid;
  }
}

const rate = (t: Timing): string =>
  `${(count / t.seconds).toFixed(0).padStart(6)} polygons/s ${(megabytes / t.seconds).toFixed(1).padStart(6)} MB/s` +
  `  (CPU: ${(count / t.cpuSeconds).toFixed(0).padStart(6)} polygons/s)`;
console.log(`ours, parse + validity            ${rate(core)}`);
console.log(`ours, checkWktGeometry            ${rate(check)}`);
console.log(`ours, checkWktGeometry + fixes    ${rate(checkFixes)}`);
if (geosReason) {
  console.log(`GEOS not measured: ${geosReason}`);
} else {
  console.log(`GEOS 3.11, shapely loads+is_valid ${rate(geos)}`);
  const same =
    geos.verdicts === core.verdicts &&
    geos.verdicts === check.verdicts &&
    geos.verdicts === checkFixes.verdicts;
  console.log(
    `verdicts: ${geosValid} valid, ${count - geosValid} invalid; identical to GEOS: ${same ? 'yes' : 'NO'}`,
  );
  const ratio = (ours: Timing): string =>
    `${(geos.seconds / ours.seconds).toFixed(2)}× wall, ${(geos.cpuSeconds / ours.cpuSeconds).toFixed(2)}× CPU`;
  console.log(`ratio vs GEOS (target ≥ 1.5×): parse + validity ${ratio(core)}`);
  console.log(`                              checkWktGeometry ${ratio(check)}`);
  console.log(`                              checkWktGeometry + fixes ${ratio(checkFixes)}`);
  if (!same) process.exitCode = 1;
}

// A tangle: what a self-crossing outline of thousands of crossings costs to report (and to offer no rebuild).
const tangle = starOutlineWkt(300, 149);
let tangleSeconds = Infinity;
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  checkWktGeometry(tangle, new DiagnosticCollector({}), {}, { fixes: true });
  tangleSeconds = Math.min(tangleSeconds, (performance.now() - t0) / 1000);
}
const geosTangle = geosReason ? undefined : geosBench([tangle], 1).seconds;
console.log(
  `a tangle of about 44,000 crossings ({300/149} star): ${(tangleSeconds * 1000).toFixed(1)} ms (target < 2,000 ms: ${tangleSeconds < 2 ? 'met' : 'NOT met'})` +
    (geosTangle === undefined ? '' : `, GEOS is_valid ${(geosTangle * 1000).toFixed(1)} ms`),
);
console.log(`peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
