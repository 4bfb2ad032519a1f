#!/usr/bin/env node
// Runs the compiled CLI in dist/cli (built by `npm install`, `npm ci` and `npm run build`). When a source
// changed since that build, or there is none, it rebuilds first (esbuild, a fraction of a second), so
// what runs is always the current source; if it cannot build, it runs the sources through tsx.
import { currentCompiledEntry } from './compiled-build.js';

const root = new URL('../../', import.meta.url);

async function rebuild() {
  try {
    const { buildCli } = await import('../../scripts/build.js');
    const info = await buildCli({ logLevel: 'silent' });
    return new URL(`dist/cli/${info.entry}`, root);
  } catch (e) {
    const reason = String(e instanceof Error ? e.message : e).split('\n')[0];
    console.error(`fieldgate: could not build dist/cli (${reason}); running the sources through tsx`);
    return undefined;
  }
}

async function fromSource() {
  const { register } = await import('tsx/esm/api');
  register();
  return import('../main.ts');
}

const entry = currentCompiledEntry(root) ?? (await rebuild());
const { main } = entry ? await import(entry.href) : await fromSource();
process.exitCode = await main(process.argv.slice(2));
