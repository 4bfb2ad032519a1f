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

describe('core is pure', () => {
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
