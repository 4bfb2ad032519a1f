#!/usr/bin/env node
// Runs the compiled CLI in dist/cli (built by `npm run build`, `npm pack`, or here). When a source
// changed since that build, or there is none, it rebuilds first (esbuild, a fraction of a second), so
// what runs is always the current source; if it cannot build, it runs the sources through tsx.
import { lastCompiledBuild } from './compiled-build.js';
import { lowerHelperThreadPriority } from './helper-threads.js';

const root = new URL('../../', import.meta.url);

/** esbuild's first error with its place, or the first line of any other error. */
function firstProblem(e) {
  const first = e?.errors?.[0];
  if (first?.location) return `${first.location.file}:${first.location.line}: ${first.text}`;
  return String(e instanceof Error ? e.message : e).split('\n')[0];
}

async function rebuild() {
  try {
    const { buildCli } = await import('../../scripts/build.js');
    const info = await buildCli({ logLevel: 'silent' });
    return new URL(`dist/cli/${info.entry}`, root);
  } catch (e) {
    console.error(
      `fieldgate: could not build dist/cli (${firstProblem(e)}); running the sources through tsx`,
    );
    return undefined;
  }
}

async function fromSource() {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error('fieldgate: no current build in dist/cli and no tsx to run the sources: run `npm install`');
    process.exit(1);
  }
  register();
  return import('../main.ts');
}

// A report written to a pipe: Node queues what the reader has not taken yet, so a 90 MB JSON report written
// feature by feature would be held in memory whole. Commands that write one report block on the pipe
// instead (not the servers: a parent that stops reading their log must not stall them).
if (['validate', 'fix', 'convert', 'inspect'].includes(process.argv[2] ?? '')) {
  const handle = /** @type {{ setBlocking?: (on: boolean) => number } | undefined} */ (
    process.stdout._handle
  );
  if (!process.stdout.isTTY && typeof handle?.setBlocking === 'function') handle.setBlocking(true);
  // The work is this thread's: V8's helper threads take what it leaves (helper-threads.js).
  lowerHelperThreadPriority();
}

/**
 * The last build's entry when it is current. Its entry and the command's chunk load (parsed, evaluated:
 * modules without side effects) while the sources' times are read, so the check costs no time of its own;
 * nothing of the build runs unless it is current.
 */
async function currentEntry() {
  const build = lastCompiledBuild(root);
  if (!build) return undefined;
  const command = process.argv[2] === 'fix' ? 'validate' : (process.argv[2] ?? '');
  const early = [build.entry, build.commandChunk(command)]
    .filter((url) => url !== undefined)
    .map((url) => import(url.href).catch(() => undefined));
  if (!(await build.current)) return undefined;
  await Promise.all(early);
  return build.entry;
}

const entry = (await currentEntry()) ?? (await rebuild());
const { main } = entry ? await import(entry.href) : await fromSource();
process.exitCode = await main(process.argv.slice(2));
