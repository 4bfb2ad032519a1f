/// <reference lib="webworker" />
/**
 * The Web Worker that decodes and scans a big Modus file while the validation worker checks it
 * (core/modus/modus-split.ts), started by the validation worker (boundary-workers.ts): one answer per
 * request, in order, as node/modus-scan-worker.ts does on a worker thread.
 */
import { serveModusScan, type ScanRequest } from '../../core/modus/scan-handover.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const serve = serveModusScan((batch, transfer) => scope.postMessage(batch, transfer));
scope.onmessage = (event: MessageEvent<ScanRequest>) => serve(event.data);
