/**
 * The renderer's side of the worker pool (core/parallel/worker-pool.ts): workers are Web Workers running
 * boundary-worker.ts, started by the validation worker (nested workers). The page is not cross-origin
 * isolated (imagery tiles come from another server), so there is no SharedArrayBuffer: the pool counts a
 * worker's batches by its answers, which the engine takes between the parts of the text it reads.
 */
import type { PoolWorker, WorkerFactory } from '../../core/parallel/worker-pool.ts';

/** Starts boundary workers (`EngineOptions.startWorker`). */
export function boundaryWorkers(): WorkerFactory {
  return (): PoolWorker => {
    // The literal URL makes Vite build the worker as a chunk of its own.
    const worker = new Worker(new URL('./boundary-worker.ts', import.meta.url), { type: 'module' });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : []),
      listen(onReply, onFailure) {
        worker.onmessage = (event: MessageEvent<unknown>) => onReply(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          onFailure(new Error(event.message || 'a boundary worker failed'));
        };
        worker.onmessageerror = () =>
          onFailure(new Error('a boundary worker sent a message that cannot be read'));
      },
      terminate: () => worker.terminate(),
    };
  };
}
