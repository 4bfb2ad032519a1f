/**
 * The worker thread that decodes and scans a Modus file while the engine's thread checks it
 * (core/modus/modus-split.ts): one answer per request, in order. Started by modus-threads.ts.
 */
import { parentPort } from 'node:worker_threads';
import { serveModusScan, type ScanRequest } from '../core/modus/scan-handover.ts';

const port = parentPort;
if (port) {
  const serve = serveModusScan((batch, transfer) => port.postMessage(batch, transfer));
  port.on('message', (request: ScanRequest) => serve(request));
}
