import { build } from 'esbuild';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const coreDir = new URL('../../core/', import.meta.url).pathname;
const NODE_BUILTINS =
  /^(node:|fs$|path$|os$|child_process$|http$|https$|crypto$|stream$|url$|buffer$|zlib$|util$|net$|worker_threads$)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'fixtures' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.bench.ts') ? [p] : [];
  });
}

/**
 * Module-level `let`s and objects made at load (`const x = new Float64Array(…)`) in a module: state every
 * caller of the module shares, hidden from them. A set or map made from its entries (a look-up table) and
 * a TextEncoder (no state) are not.
 */
function moduleState(file: string): string[] {
  const found: string[] = [];
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    const held =
      /^(?:export )?let (\w+)/.exec(line) ??
      /^(?:export )?const (\w+)(?::[^=]+)? = new (?!TextEncoder\b|(?:Set|Map)(?:<[^>]*>)?\([^)])\w+/.exec(
        line,
      );
    if (held) found.push(`${file.slice(coreDir.length)}:${i + 1}: ${held[1]}`);
  }
  return found;
}

describe('core is pure', () => {
  it('keeps no module-level mutable state in the passes over coordinates: scratch is owned by its caller', () => {
    // The WKT reader, plane geometry, the geometry checks and the checks across CSV rows run millions of
    // times a file; what they reuse between calls is a record their caller owns and passes in
    // (SegmentMeeting), and what one call needs, the call makes.
    const files = [
      ...['wkt', 'planar', 'geometry'].flatMap((folder) => sources(join(coreDir, folder))),
      join(coreDir, 'csv', 'csv-cross-rows.ts'),
      join(coreDir, 'rx', 'zone-overlaps.ts'),
    ];
    expect(files.length).toBeGreaterThan(20);
    // Still the module's: the WKT reader's list buffers, until the boundary checks pass them down (buffers
    // of each parse's own cost 13 % of checkWktGeometry; see core/wkt/parse-wkt.ts).
    const known = /^wkt\/parse-wkt\.ts:\d+: (xyScratch|spanScratch)$/;
    expect(files.flatMap(moduleState).filter((found) => !known.test(found))).toEqual([]);
  });

  it('imports no Node built-in in any source file', () => {
    const offenders: string[] = [];
    for (const file of sources(coreDir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /(?:^|\n)\s*(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]/g,
      )) {
        if (NODE_BUILTINS.test(m[1]!)) offenders.push(`${file}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('bundles for the browser and loads in a browser-like global scope without side effects', async () => {
    const result = await build({
      entryPoints: [join(coreDir, 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'fieldgate',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    const logged: unknown[] = [];
    // What a browser page has, and nothing of Node's: no process, require, Buffer or global.
    const sandbox: Record<string, unknown> = {
      TextDecoder,
      TextEncoder,
      URL,
      console: {
        log: (...a: unknown[]) => logged.push(a),
        warn: (...a: unknown[]) => logged.push(a),
        error: (...a: unknown[]) => logged.push(a),
      },
    };
    const context = createContext(sandbox);
    runInContext(code, context);
    const core = sandbox.fieldgate as {
      checkSampleDate: (v: string) => { code: string }[];
      allRules: unknown[];
    };
    expect(logged).toEqual([]);
    // And it works there.
    expect(core.checkSampleDate('2024-05-01T10:00:00Z').map((d) => d.code)).toEqual(['SD002']);
    expect(core.allRules.length).toBeGreaterThan(10);
    // The only global it defines is the bundle's own name.
    expect(Object.keys(sandbox).sort()).toEqual([
      'TextDecoder',
      'TextEncoder',
      'URL',
      'console',
      'fieldgate',
    ]);
  });
});
