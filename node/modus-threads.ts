/**
 * Node's side of a Modus file checked on two threads (core/modus/modus-split.ts): the worker runs
 * modus-scan-worker.ts, from the command line's bundle (dist/cli, which names its file at build time), the
 * library's modules (dist/esm) or the sources (under tsx, in tests and benches).
 */
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PoolWorker, WorkerFactory } from '../core/parallel/worker-pool.ts';

/** The worker's file in the command line's bundle, set by scripts/build.js (undefined elsewhere). */
declare const FIELDGATE_MODUS_SCAN_WORKER: string | undefined;

/** What the worker runs: its module, or from the sources a script that loads it through tsx. */
function workerModule(): URL | string {
  if (typeof FIELDGATE_MODUS_SCAN_WORKER === 'string')
    return new URL(FIELDGATE_MODUS_SCAN_WORKER, import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return new URL('./modus-scan-worker.js', import.meta.url);
  // A worker does not inherit the loader hooks that run this TypeScript: it registers tsx itself.
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./modus-scan-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
}

/** Starts the scanning worker of a big Modus file (`EngineOptions.startScanWorker`). */
export function modusScanWorkers(): WorkerFactory {
  const module = workerModule();
  return (): PoolWorker => {
    // V8's own young generation (no 8 MB limit as for the boundary workers, which can be many): one
    // scanning worker peaked within 2 MB of that and ran 0.01-0.02 s faster on the 58 MB file.
    const worker = new Worker(module, { eval: typeof module === 'string' });
    let stopped = false;
    return {
      post: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : undefined),
      listen(onReply, onFailure) {
        worker.on('message', onReply);
        worker.on('error', onFailure);
        worker.on('exit', (code) => {
          if (!stopped) onFailure(new Error(`the Modus scanning worker stopped (exit code ${code})`));
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
 * Whether a second thread would find a core of its own: there are two or more, and the last minute's load
 * average leaves one free. The split costs about a quarter more CPU than one thread (the handover), which
 * pays only where that runs beside this thread; on a machine whose cores are taken it made the command
 * slower (see core/modus/modus.bench.ts). The load average makes the choice depend on the moment, which is
 * harmless: the report is the same either way, only the time differs. `--jobs 2` or more splits anyway.
 */
export function hasSpareCore(): boolean {
  const cores = availableParallelism();
  return cores >= 2 && (loadavg()[0] ?? 0) < cores - 0.5;
}
