/**
 * The renderer's side of the worker pool (core/parallel/worker-pool.ts): workers are Web Workers running
 * boundary-worker.ts, and for a big Modus file modus-scan-worker.ts, started by the validation worker (nested
 * workers). The page is not cross-origin
 * isolated (imagery tiles come from another server), so there is no SharedArrayBuffer: the pool counts a
 * worker's batches by its answers, which the engine takes between the parts of the text it reads.
 */
import type { PoolWorker, WorkerFactory } from '../../core/parallel/worker-pool.ts';

/** Starts boundary workers (`EngineOptions.startWorker`). */
export function boundaryWorkers(): WorkerFactory {
  // The literal URL makes Vite build the worker as a chunk of its own.
  return () =>
    poolWorker(
      new Worker(new URL('./boundary-worker.ts', import.meta.url), { type: 'module' }),
      'a boundary worker',
    );
}

/** Starts the scanning worker of a big Modus file (`EngineOptions.startScanWorker`). */
export function modusScanWorkers(): WorkerFactory {
  return () =>
    poolWorker(
      new Worker(new URL('./modus-scan-worker.ts', import.meta.url), { type: 'module' }),
      'the Modus scanning worker',
    );
}

/** A Web Worker as the pool drives it; `what` names it in a failure. */
function poolWorker(worker: Worker, what: string): PoolWorker {
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : []),
    listen(onReply, onFailure) {
      worker.onmessage = (event: MessageEvent<unknown>) => onReply(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        onFailure(new Error(event.message || `${what} failed`));
      };
      worker.onmessageerror = () => onFailure(new Error(`${what} sent a message that cannot be read`));
    },
    terminate: () => worker.terminate(),
  };
}
