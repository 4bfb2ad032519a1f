/// <reference lib="webworker" />
/**
 * A Web Worker of the boundary pool (core/parallel), started by the validation worker (boundary-workers.ts):
 * checks each batch of boundaries it is posted and posts back the diagnostics and verdicts, one reply per
 * batch, in order, as node/boundary-worker.ts does on a worker thread.
 */
import { checkBoundaryBatch, type BoundaryBatch } from '../../core/fields/boundary-jobs.ts';
import { SweepBuffers } from '../../core/geometry/segment-index.ts';
import { servePool, type PoolEnvelope } from '../../core/parallel/worker-pool.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The validity check's arrays, kept for the worker's life: a boundary's check makes none of its own. */
const buffers = new SweepBuffers();
const answer = servePool((batch) => checkBoundaryBatch(batch as BoundaryBatch, buffers));
scope.onmessage = (event: MessageEvent<PoolEnvelope>) => scope.postMessage(answer(event.data));
