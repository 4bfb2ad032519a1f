/**
 * Node's side of the worker pool (core/parallel/worker-pool.ts): workers are `worker_threads` running
 * boundary-worker.ts, from the command line's bundle (dist/cli, which names its worker file at build time),
 * the library's modules (dist/esm) or the sources (under tsx, in tests and benches).
 */
import { availableParallelism } from 'node:os';
import type { EngineOptions } from '../core/engine/engine.ts';
import { defaultJobs } from '../core/parallel/default-jobs.ts';
import { LongLivedPool } from '../core/parallel/long-lived-pool.ts';
import type { WorkerFactory } from '../core/parallel/worker-pool.ts';
import { startPoolWorker, workerModule } from './pool-worker.ts';

/** The worker's file in the command line's bundle, set by scripts/build.js (undefined elsewhere). */
declare const FIELDGATE_BOUNDARY_WORKER: string | undefined;

/** The young generation of a worker's heap (MB). */
const YOUNG_GENERATION_MB = 8;

/** Starts boundary workers (`EngineOptions.startWorker`). */
export function boundaryWorkers(): WorkerFactory {
  const module = workerModule(
    typeof FIELDGATE_BOUNDARY_WORKER === 'string' ? FIELDGATE_BOUNDARY_WORKER : undefined,
    new URL('./boundary-worker.js', import.meta.url),
    new URL('./boundary-worker.ts', import.meta.url),
  );
  // A small young generation: a worker's heap otherwise grows by about 100 MB on a big upload of small
  // fields (three workers took a 195 MB upload from 395 to 711 MB; with 8 MB, 581 MB, within the 3× the
  // README states).
  return () =>
    startPoolWorker(module, 'a boundary worker', {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      holds: true,
    });
}

/** Threads to check with when none is asked for: the rule of core/parallel, for this process's cores. */
export function defaultJobsHere(): number {
  return defaultJobs(availableParallelism());
}

let processPool: LongLivedPool | undefined;

/**
 * The process's one pool of boundary workers, kept warm between files (core/parallel/long-lived-pool.ts): the
 * command line's and the browser host's (the sandbox keeps a validation worker of its own).
 */
export function processBoundaryPool(): LongLivedPool {
  return (processPool ??= new LongLivedPool(boundaryWorkers()));
}

/** Engine options that check big files on the process's pool, with the default number of threads. */
export function keptPoolThreads(): Pick<EngineOptions, 'jobs' | 'workerPool'> {
  return { jobs: defaultJobsHere(), workerPool: processBoundaryPool() };
}
