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

/** The young generation of a worker's heap (MB). */
const YOUNG_GENERATION_MB = 8;

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
    // A small young generation: a worker's heap otherwise grows by about 100 MB on a big upload of small
    // fields (three workers took a 195 MB upload from 395 to 711 MB; with 8 MB, 581 MB, within the 3×
    // the README states).
    const worker = new Worker(module, {
      eval: typeof module === 'string',
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
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

/**
 * Threads to check with when none is asked for: one per core the process may use, where there are more
 * than two. On two cores a worker beside the reading thread made the 5,000-polygon upload slower, 0.69 s
 * against 0.52 s on one thread (npm run bench -- field-upload, part c): the worker's start-up, a second
 * heap and a second copy of the hot code compiled cost more than the half of the boundaries it takes.
 * Measured per thread (CPU of the worker's own thread): loading its module takes 20–50 ms, its first 500
 * boundaries 140–260 ms (a fresh isolate compiles the checks again) against 0.10–0.17 ms a boundary once
 * warm, as on the reading thread; posting costs little (65 KB a batch, 0.5 KB a reply). So on 5,000
 * boundaries the warm-up eats most of what the worker takes off the reading thread, which still checks
 * 60–75 % of them.
 */
export function defaultJobs(): number {
  const cores = availableParallelism();
  return cores > 2 ? cores : 1;
}
