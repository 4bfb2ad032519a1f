/// <reference lib="webworker" />
/**
 * Validation off the main thread: the pure core's engine runs here, on bytes the renderer read from dropped
 * files or got from the host. Progress comes as the engine reports it; the report goes back in chunks. Fixes
 * are not made here: the host makes them with core's fix loop (the `applyFix` bridge call).
 */
import {
  acrossFilesApply,
  bytesToStream,
  checkAcrossFiles,
  CsvStreamReader,
  defaultJobs,
  detectFileKind,
  LongLivedPool,
  parseCsvDelimiter,
  parseCsvEncoding,
  runEngine,
  type BatchGeometry,
  type FileGeometry,
  type EngineEvent,
  type FileResult,
  type Report,
} from '../../core/index.ts';
import {
  CHUNK_ITEMS,
  PREVIEW_BYTES,
  PREVIEW_ROWS,
  type CheckOptions,
  type WorkerMessage,
  type WorkerRequest,
} from './worker-protocol.ts';
import { boundaryWorkers, modusScanWorkers } from './boundary-workers.ts';
import { pickFeatures } from './pick-features.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const running = new Map<number, AbortController>();
/** The boundary workers, kept warm between the files this worker checks (closed after a minute idle). */
const boundaryPool = new LongLivedPool(boundaryWorkers());
/** What the checks across files read of each checked file, by the job that checked it (see 'across'). */
const geometries = new Map<number, { kind: string; geometry: BatchGeometry }>();

function post(message: WorkerMessage, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

function sendReport(jobId: number, report: Report): void {
  const file: FileResult | undefined = report.files[0];
  if (!file) {
    post({ type: 'head', jobId, ...(report.unreadable[0] ? { unreadable: report.unreadable[0] } : {}) });
    return;
  }
  const { diagnostics, features: allFeatures, text: _text, batchGeometry, records, ...head } = file;
  if (batchGeometry) geometries.set(jobId, { kind: file.kind, geometry: batchGeometry });
  const features = allFeatures && pickFeatures(allFeatures, diagnostics);
  post({ type: 'head', jobId, file: head, ...(allFeatures ? { featureCount: allFeatures.length } : {}) });
  for (let i = 0; i < diagnostics.length; i += CHUNK_ITEMS)
    post({ type: 'diagnostics', jobId, items: diagnostics.slice(i, i + CHUNK_ITEMS) });
  for (let i = 0; features && i < features.length; i += CHUNK_ITEMS)
    post({ type: 'features', jobId, items: features.slice(i, i + CHUNK_ITEMS) });
  for (let i = 0; records && i < records.length; i += CHUNK_ITEMS)
    post({
      type: 'records',
      jobId,
      items: records.slice(i, i + CHUNK_ITEMS).map(({ action: _action, ...record }) => record),
    });
}

/**
 * A CSV batch's header and first rows, read from its first bytes with the file's own encoding and
 * delimiter settings: shown in the grid while the whole file is checked (a big file takes seconds).
 */
async function sendPreview(jobId: number, name: string, bytes: Uint8Array, options: CheckOptions = {}) {
  const kind = options.kind ?? detectFileKind({ name, bytes: bytes.subarray(0, PREVIEW_BYTES) })?.id;
  if (!kind?.startsWith('csv-')) return;
  const settings = options.settings ?? {};
  const encoding = typeof settings.encoding === 'string' ? parseCsvEncoding(settings.encoding) : undefined;
  const delimiter =
    typeof settings.delimiter === 'string' ? parseCsvDelimiter(settings.delimiter) : undefined;
  const cut = bytes.length > PREVIEW_BYTES;
  const reader = new CsvStreamReader(bytesToStream(bytes.subarray(0, PREVIEW_BYTES)), {
    ...(encoding ? { encoding } : {}),
    ...(delimiter ? { delimiter } : {}),
  });
  const rows: string[][] = [];
  // One more than shown: the last row of a cut start may be cut too.
  for await (const row of reader.rows()) {
    rows.push(row.cells.map((c) => c.value));
    if (rows.length > PREVIEW_ROWS + 1) break;
  }
  if (cut) rows.pop();
  const [header, ...data] = rows;
  if (header) post({ type: 'preview', jobId, header, rows: data.slice(0, PREVIEW_ROWS) });
}

async function run(request: Extract<WorkerRequest, { type: 'validate' }>): Promise<void> {
  const { jobId, file } = request;
  const abort = new AbortController();
  running.set(jobId, abort);
  let lastProgress = 0;
  let report: Report | undefined;
  try {
    const bytes = 'blob' in file ? new Uint8Array(await file.blob.arrayBuffer()) : file.bytes;
    const kind = request.options?.kind;
    await sendPreview(jobId, file.name, bytes, request.options).catch(() => undefined);
    const input = { name: file.name, bytes, ...(kind ? { kind } : {}) };
    const jobs = request.jobs ?? defaultJobs(navigator.hardwareConcurrency || 1);
    const events: AsyncIterable<EngineEvent> = runEngine([input], {
      now: new Date(),
      signal: abort.signal,
      // What the checks across files read of it: the page runs them over every file (across-files.ts).
      batchGeometry: true,
      // Every row of the file, for the data grid.
      records: true,
      // A big field upload's or .wkt file's boundaries are checked on nested workers too (the engine's threshold decides).
      jobs,
      workerPool: boundaryPool,
      // A big Modus file is decoded and scanned on a worker of its own while this one checks it, where
      // there is a second thread to give (the engine's threshold decides; the report is the same).
      ...(jobs > 1 ? { startScanWorker: modusScanWorkers() } : {}),
      ...(request.options?.settings ? { settings: request.options.settings } : {}),
    });
    for await (const event of events) {
      if (event.type === 'progress') {
        const now = Date.now();
        if (now - lastProgress < 100) continue;
        lastProgress = now;
        post({
          type: 'progress',
          jobId,
          bytes: event.bytes ?? 0,
          totalBytes: event.totalBytes,
          records: event.records ?? event.features ?? 0,
        });
      } else if (event.type === 'report') report = event.report;
    }
    if (!report || report.outcome === 'cancelled') {
      post({ type: 'done', jobId, cancelled: true });
      return;
    }
    sendReport(jobId, report);
    post({ type: 'done', jobId, cancelled: false });
  } catch (error) {
    post({ type: 'failed', jobId, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(jobId);
  }
}

/** The checks across the files named, over the geometry kept of each; the geometry of others let go. */
function across(request: Extract<WorkerRequest, { type: 'across' }>): void {
  const { jobId, files } = request;
  try {
    const named = new Set(files.map((f) => f.job));
    for (const job of [...geometries.keys()]) if (!named.has(job)) geometries.delete(job);
    const missing: number[] = [];
    const inputs: FileGeometry[] = [];
    for (const f of files) {
      const kept = geometries.get(f.job);
      if (kept) inputs.push({ file: f.name, kind: kept.kind, geometry: kept.geometry });
      else missing.push(f.job);
    }
    const diagnostics = acrossFilesApply(inputs) ? checkAcrossFiles(inputs) : [];
    for (let i = 0; i < diagnostics.length; i += CHUNK_ITEMS)
      post({ type: 'across', jobId, items: diagnostics.slice(i, i + CHUNK_ITEMS) });
    post({ type: 'across-done', jobId, missing });
  } catch (error) {
    post({ type: 'failed', jobId, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') running.get(request.jobId)?.abort();
  else if (request.type === 'across') across(request);
  else void run(request);
};
