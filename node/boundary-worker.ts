/**
 * A worker thread of the boundary pool (core/parallel): checks each batch of boundaries it is posted and
 * posts back the diagnostics and verdicts, one reply per batch, in order. Started by worker-threads.ts.
 */
import { parentPort } from 'node:worker_threads';
import { checkBoundaryBatch, type BoundaryBatch } from '../core/fields/boundary-jobs.ts';
import { servePool, type PoolEnvelope } from '../core/parallel/worker-pool.ts';

const answer = servePool((batch) => checkBoundaryBatch(batch as BoundaryBatch));
const port = parentPort;
if (port) port.on('message', (envelope: PoolEnvelope) => port.postMessage(answer(envelope)));
