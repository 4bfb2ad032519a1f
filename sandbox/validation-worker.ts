/**
 * Uploads validated off the request loop: a field upload's body, a Modus soil test or a prescription ZIP
 * larger than `OFF_THREAD_BYTES` is checked in a worker thread of its own, so one heavy upload (48 MB of
 * self-crossing polygons, a lab's 50 MB result) does not hold up the token and other requests, and a
 * worker that runs out of its memory limit ends that one request with a clear refusal instead of taking
 * the sandbox down. Small ones are checked in place (a worker costs a few tens of milliseconds to start).
 *
 * The worker runs this same module (from the sources or from the compiled bundle alike): started with
 * `workerData.role === WORKER_ROLE`, it answers each upload it is posted, one after the other. It is kept
 * between uploads (core/parallel/long-lived-pool.ts: a fresh worker costs about 0.25 s of CPU before it
 * checks at full speed) and closed a minute after the last one; idle, it never keeps the process running.
 * One worker: two heavy uploads at once are checked one after the other, within one memory limit.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  LongLivedPool,
  type Diagnostic,
  type InputFile,
  type PoolEnvelope,
  type PoolWorker,
} from '../core/index.ts';
import { checkFieldUpload, checkUploadedFile, type UploadKindId } from './validation.ts';

const WORKER_ROLE = 'fieldgate-upload-check';

/** Bodies up to this size are checked on the request loop. */
export const OFF_THREAD_BYTES = 256 * 1024;

/** Heap a validation worker may use before it is stopped. */
const WORKER_HEAP_MB = 1024;

/** The upload could not be checked within the sandbox's limits (worker memory): the request is refused. */
export class ValidationLimitError extends Error {}

type CheckRequest =
  | { kind: 'field-upload'; text: string; now?: number }
  | { kind: UploadKindId; name: string; bytes: Uint8Array; now: number; sampleDate?: string };

function check(request: CheckRequest): Promise<Diagnostic[]> {
  if (request.kind === 'field-upload')
    return checkFieldUpload(request.text, request.now === undefined ? undefined : new Date(request.now));
  const options = { now: new Date(request.now) };
  return checkUploadedFile(
    request.kind,
    { name: request.name, bytes: request.bytes },
    request.sampleDate === undefined ? options : { ...options, sampleDate: request.sampleDate },
  );
}

type CheckAnswer = { ok: true; diagnostics: Diagnostic[] } | { ok: false; message: string };

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === WORKER_ROLE && parentPort) {
  const port = parentPort;
  // Answered in the order posted (the pool's protocol), each check after the one before.
  let previous = Promise.resolve();
  port.on('message', (envelope: PoolEnvelope) => {
    const request = envelope.message as CheckRequest;
    previous = previous.then(() =>
      check(request).then(
        (diagnostics) => port.postMessage({ ok: true, diagnostics } satisfies CheckAnswer),
        (error: unknown) => port.postMessage({ ok: false, message: String(error) } satisfies CheckAnswer),
      ),
    );
  });
}

/** Worker code that loads this module from the TypeScript sources (tests, tsx) through tsx's loader. */
function fromSourcesBootstrap(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  // The ESM build of tsx's API sits beside the CommonJS one the require resolution names.
  const api = pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
  return `import(${JSON.stringify(api)}).then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(import.meta.url)}); });`;
}

/** Starts one validation worker (this module in a worker thread), as the pool drives it. */
function startValidationWorker(): PoolWorker {
  const options = {
    workerData: { role: WORKER_ROLE },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(fromSourcesBootstrap(), { ...options, eval: true })
    : new Worker(new URL(import.meta.url), options);
  let stopped = false;
  return {
    post: (message) => worker.postMessage(message),
    listen(onReply, onFailure) {
      worker.on('message', onReply);
      worker.on('error', (error: Error & { code?: string }) =>
        onFailure(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ValidationLimitError(
                `checking this upload needed more than the sandbox's ${WORKER_HEAP_MB} MB; split it into smaller uploads`,
              )
            : error,
        ),
      );
      worker.on('exit', (code) => {
        if (!stopped) onFailure(new Error(`the validation worker stopped (exit code ${code})`));
      });
    },
    terminate() {
      stopped = true;
      void worker.terminate();
    },
    hold: (held) => (held ? worker.ref() : worker.unref()),
  };
}

/** The process's validation worker, kept between uploads (a failed one is replaced at the next upload). */
export const validationWorkers = new LongLivedPool(startValidationWorker);

/** Checks done on a validation worker so far (the sandbox's tests count them). */
export let checksOffThread = 0;

/** Checks on the kept worker; refused when it failed or ran out of memory. */
async function checkOnWorker(request: CheckRequest): Promise<Diagnostic[]> {
  checksOffThread++;
  const pool = validationWorkers.take(1);
  try {
    const answer = (await pool.run(request)) as CheckAnswer;
    if (!answer.ok) throw new Error(answer.message);
    return answer.diagnostics;
  } finally {
    validationWorkers.release();
  }
}

/** Rules of a POST /v2/fields body, as `checkFieldUpload`, in a worker thread when the body is large. */
export async function checkFieldUploadOffThread(text: string, now?: Date): Promise<Diagnostic[]> {
  if (text.length <= OFF_THREAD_BYTES) return checkFieldUpload(text, now);
  return checkOnWorker(
    now === undefined ? { kind: 'field-upload', text } : { kind: 'field-upload', text, now: now.getTime() },
  );
}

/** An uploaded file's rules, as `checkUploadedFile`, in a worker thread when the file is large. */
export async function checkUploadedFileOffThread(
  kindId: UploadKindId,
  file: InputFile,
  options: { now: Date; sampleDate?: string },
): Promise<Diagnostic[]> {
  if (file.bytes.byteLength <= OFF_THREAD_BYTES) return checkUploadedFile(kindId, file, options);
  return checkOnWorker({
    kind: kindId,
    name: file.name,
    bytes: file.bytes,
    now: options.now.getTime(),
    ...(options.sampleDate === undefined ? {} : { sampleDate: options.sampleDate }),
  });
}
