/**
 * A worker thread as the pool drives it (core/parallel/worker-pool.ts), and the module it runs: from the
 * command line's bundle (dist/cli, which names each worker's file at build time), the library's modules
 * (dist/esm) or the sources (under tsx, in tests and benches). Shared by the boundary workers
 * (worker-threads.ts) and the Modus scanning worker (modus-threads.ts).
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PoolWorker } from '../core/parallel/worker-pool.ts';

/**
 * What a worker runs: `bundled` (its file, relative to the bundle, when this code is bundled), else the
 * compiled module (`compiled`, when this code is not TypeScript), else from the sources a script that loads
 * `source` through tsx. The callers name both files as literals beside them (knip follows those).
 */
export function workerModule(bundled: string | undefined, compiled: URL, source: URL): URL | string {
  if (bundled !== undefined) return new URL(bundled, import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return compiled;
  // A worker does not inherit the loader hooks that run this TypeScript: it registers tsx itself before it
  // imports the worker's module.
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
}

/**
 * Starts a worker of `module` for the pool. `what` names it in the failure of one that stops unasked;
 * `holds`: whether the pool may let an idle worker not keep the process running (ref while it has work).
 */
export function startPoolWorker(
  module: URL | string,
  what: string,
  options: { resourceLimits?: ResourceLimits; holds?: boolean } = {},
): PoolWorker {
  const worker = new Worker(module, {
    eval: typeof module === 'string',
    ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
  });
  let stopped = false;
  const started: PoolWorker = {
    post: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : undefined),
    listen(onReply, onFailure) {
      worker.on('message', onReply);
      worker.on('error', onFailure);
      worker.on('exit', (code) => {
        if (!stopped) onFailure(new Error(`${what} stopped (exit code ${code})`));
      });
    },
    terminate() {
      stopped = true;
      void worker.terminate();
    },
  };
  if (options.holds) started.hold = (held) => (held ? worker.ref() : worker.unref());
  return started;
}
