/**
 * Node's side of a Modus file checked on two threads (core/modus/modus-split.ts): the worker runs
 * modus-scan-worker.ts, from the command line's bundle (dist/cli, which names its file at build time), the
 * library's modules (dist/esm) or the sources (under tsx, in tests and benches).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { WorkerFactory } from '../core/parallel/worker-pool.ts';
import { startPoolWorker, workerModule } from './pool-worker.ts';

/** The worker's file in the command line's bundle, set by scripts/build.js (undefined elsewhere). */
declare const FIELDGATE_MODUS_SCAN_WORKER: string | undefined;

/** Starts the scanning worker of a big Modus file (`EngineOptions.startScanWorker`). */
export function modusScanWorkers(): WorkerFactory {
  const module = workerModule(
    typeof FIELDGATE_MODUS_SCAN_WORKER === 'string' ? FIELDGATE_MODUS_SCAN_WORKER : undefined,
    new URL('./modus-scan-worker.js', import.meta.url),
    new URL('./modus-scan-worker.ts', import.meta.url),
  );
  // V8's own young generation (no 8 MB limit as for the boundary workers, which can be many): one
  // scanning worker peaked within 2 MB of that and ran 0.01-0.02 s faster on the 58 MB file.
  return () => startPoolWorker(module, 'the Modus scanning worker');
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
