import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * GEOS as the reference: Debian's python3-shapely (GEOS 3.11) run with /usr/bin/python3, which is the
 * Python that has it (a plain `python3` may be a pyenv without shapely).
 */

export const GEOS_PYTHON = '/usr/bin/python3';
const script = fileURLToPath(new URL('./geos_verdicts.py', import.meta.url));

/** Why GEOS cannot be used here, or undefined when it can. */
export function geosUnavailableReason(): string | undefined {
  const r = spawnSync(GEOS_PYTHON, ['-c', 'import shapely.wkt, shapely.validation'], { encoding: 'utf8' });
  if (r.error) return `${GEOS_PYTHON} cannot run (${r.error.message}); install python3-shapely`;
  if (r.status !== 0) return `${GEOS_PYTHON} cannot import shapely; install Debian's python3-shapely`;
  return undefined;
}

export interface GeosVerdict {
  valid: boolean;
  /** "valid", "invalid" or "load-error". */
  status: string;
  /** explain_validity text or the load error message. */
  reason: string;
}

function assertOneLine(wkts: readonly string[]): void {
  for (const w of wkts) if (/[\r\n]/.test(w)) throw new Error('WKT sent to GEOS must be on one line');
}

/** GEOS's verdict and explanation for each WKT (a load error counts as invalid). */
export function geosExplain(wkts: readonly string[]): GeosVerdict[] {
  assertOneLine(wkts);
  const r = spawnSync(GEOS_PYTHON, [script, 'explain'], {
    input: wkts.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`GEOS script failed: ${r.stderr}`);
  const lines = r.stdout.split('\n').filter((l) => l !== '');
  if (lines.length !== wkts.length) throw new Error(`GEOS answered ${lines.length} of ${wkts.length} lines`);
  return lines.map((line) => {
    const [status = '', reason = ''] = line.split('\t');
    return { valid: status === 'valid', status, reason: status === 'valid' ? 'Valid Geometry' : reason };
  });
}

export interface GeosBench {
  /** Best wall-clock time of the runs. */
  seconds: number;
  /** Best CPU time of the runs (time.process_time). */
  cpuSeconds: number;
  runs: number[];
  valid: number;
  invalid: number;
  verdicts: string;
}

/** Time shapely.wkt.loads + is_valid over the WKTs inside Python (best of `repeat` runs). */
export function geosBench(wkts: readonly string[], repeat: number): GeosBench {
  assertOneLine(wkts);
  const r = spawnSync(GEOS_PYTHON, [script, 'bench', String(repeat)], {
    input: wkts.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`GEOS script failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as GeosBench;
}
