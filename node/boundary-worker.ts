/**
 * A worker thread of the boundary pool (core/parallel): checks each batch of boundaries (field uploads,
 * .wkt files, CSV batches) or prescription zones it is posted and posts back the diagnostics and verdicts,
 * one reply per batch, in order. Started by worker-threads.ts.
 */
import { parentPort } from 'node:worker_threads';
import { checkBoundaryBatch, type BoundaryBatch } from '../core/fields/boundary-jobs.ts';
import { SweepBuffers } from '../core/geometry/segment-index.ts';
import { servePool, type PoolEnvelope } from '../core/parallel/worker-pool.ts';
import { checkZoneBatch, type ZoneBatch } from '../core/rx/zone-jobs.ts';

/** The validity check's arrays, kept for the worker's life: a boundary's check makes none of its own. */
const buffers = new SweepBuffers();
/** A batch of zones has `zones`, one of boundaries `jobs`. */
const answer = servePool((batch) =>
  'zones' in (batch as object)
    ? checkZoneBatch(batch as ZoneBatch)
    : checkBoundaryBatch(batch as BoundaryBatch, buffers),
);
const port = parentPort;
if (port) port.on('message', (envelope: PoolEnvelope) => port.postMessage(answer(envelope)));
