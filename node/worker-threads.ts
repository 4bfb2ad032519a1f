/**
 * Node's side of the worker pool (core/parallel/worker-pool.ts): workers are `worker_threads` running
 * boundary-worker.ts, from the command line's bundle (dist/cli, which names its worker file at build time),
 * the library's modules (dist/esm) or the sources (under tsx, in tests and benches).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PoolWorker, WorkerFactory } from '../core/parallel/worker-pool.ts';

/** The worker's file in the command line's bundle, set by scripts/build.js (undefined elsewhere). */
declare const FIELDGATE_BOUNDARY_WORKER: string | undefined;

/** What a worker runs: its module, or from the sources a script that loads it through tsx. */
function workerModule(): URL | string {
  if (typeof FIELDGATE_BOUNDARY_WORKER === 'string')
    return new URL(FIELDGATE_BOUNDARY_WORKER, import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return new URL('./boundary-worker.js', import.meta.url);
  // The sources (tests, benches): a worker does not inherit the loader hooks that run this TypeScript, so it
  // registers tsx itself before it imports the worker's module.
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./boundary-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
}

/** Starts boundary workers (`EngineOptions.startWorker`). */
export function boundaryWorkers(): WorkerFactory {
  const module = workerModule();
  return (): PoolWorker => {
    const worker = typeof module === 'string' ? new Worker(module, { eval: true }) : new Worker(module);
    let stopped = false;
    return {
      post: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : undefined),
      listen(onReply, onFailure) {
        worker.on('message', onReply);
        worker.on('error', onFailure);
        worker.on('exit', (code) => {
          if (!stopped) onFailure(new Error(`a boundary worker stopped (exit code ${code})`));
        });
      },
      terminate() {
        stopped = true;
        void worker.terminate();
      },
    };
  };
}

/** Threads to check with when none is asked for: one per core the process may use. */
export function defaultJobs(): number {
  return availableParallelism();
}
