/**
 * Worker threads from the command line's bundle (dist/cli) for tests that start many: one loading the
 * sources through tsx took 280 ms to start, the bundled one 110 ms. Only while that build is current (none
 * of its sources changed since it started); else the tests start them from the sources, as before.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliBuildInfoPath, cliOutDir, outputIsCurrent, type CliBuild } from '../../scripts/build.js';

/**
 * The file of worker `name` ('boundary-worker', 'modus-scan-worker') the current build wrote, or undefined.
 * dist/cli keeps older builds' files a while: the current one is the file written since the build started.
 */
export function currentBundledWorker(name: 'boundary-worker' | 'modus-scan-worker'): URL | undefined {
  if (!outputIsCurrent(cliOutDir)) return undefined;
  const { startedAt } = JSON.parse(readFileSync(cliBuildInfoPath, 'utf8')) as CliBuild;
  const pattern = new RegExp(`^${name}-\\w+\\.js$`);
  const written = readdirSync(cliOutDir).filter(
    (file) => pattern.test(file) && statSync(join(cliOutDir, file)).mtimeMs >= startedAt,
  );
  return written.length === 1 ? pathToFileURL(join(cliOutDir, written[0]!)) : undefined;
}
