/**
 * The adapters (cli/, sandbox/, app/, host/) reach the core only through core/index.ts, and the few helpers
 * they share with the core that are not the library's to offer from their own modules, as the lint rule in
 * eslint.config.js says; this test holds even when lint is not run. Tests may import internals.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(p) && !/\.(test|bench)\.ts$/.test(p) ? [p] : [];
  });
}

describe('adapters import the core through its public entry only', () => {
  it('has no import of a core internal in cli/, sandbox/, app/ or host/', () => {
    const offenders: string[] = [];
    for (const dir of ['cli', 'sandbox', 'app', 'host'])
      for (const file of sources(join(root, dir)))
        for (const m of readFileSync(file, 'utf8').matchAll(
          /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g,
        )) {
          const spec = m[1]!;
          if (/(^|\/)core\/(?!(index|values\/plural|diagnostics\/text-position)\.ts$)/.test(spec))
            offenders.push(`${relative(root, file)}: ${spec}`);
        }
    expect(offenders).toEqual([]);
  });
});
