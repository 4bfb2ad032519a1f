/**
 * Field uploads validated off the request loop: a body larger than `OFF_THREAD_BYTES` is checked in a
 * worker thread of its own, so one heavy upload (48 MB of self-crossing polygons) does not hold up the
 * token and other requests, and a worker that runs out of its memory limit ends that one request with a
 * clear refusal instead of taking the sandbox down. Small bodies are checked in place (a worker costs a
 * few tens of milliseconds to start).
 *
 * The worker runs this same module (from the sources or from the compiled bundle alike): started with
 * `workerData.role === WORKER_ROLE`, it answers one message and exits.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Diagnostic } from '../core/index.ts';
import { checkFieldUpload } from './validation.ts';

const WORKER_ROLE = 'fieldgate-field-upload-check';

/** Bodies up to this size are checked on the request loop. */
export const OFF_THREAD_BYTES = 256 * 1024;

/** Heap a validation worker may use before it is stopped. */
const WORKER_HEAP_MB = 1024;

/** The upload could not be checked within the sandbox's limits (worker memory): the request is refused. */
export class ValidationLimitError extends Error {}

interface CheckRequest {
  text: string;
  now?: number;
}

type CheckAnswer = { ok: true; diagnostics: Diagnostic[] } | { ok: false; message: string };

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === WORKER_ROLE && parentPort) {
  const port = parentPort;
  port.once('message', (request: CheckRequest) => {
    checkFieldUpload(request.text, request.now === undefined ? undefined : new Date(request.now)).then(
      (diagnostics) => port.postMessage({ ok: true, diagnostics } satisfies CheckAnswer),
      (error: unknown) => port.postMessage({ ok: false, message: String(error) } satisfies CheckAnswer),
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

/** Rules of a POST /v2/fields body, as `checkFieldUpload`, in a worker thread when the body is large. */
export async function checkFieldUploadOffThread(text: string, now?: Date): Promise<Diagnostic[]> {
  if (text.length <= OFF_THREAD_BYTES) return checkFieldUpload(text, now);
  const options = {
    workerData: { role: WORKER_ROLE },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(fromSourcesBootstrap(), { ...options, eval: true })
    : new Worker(new URL(import.meta.url), options);
  try {
    const answer = await new Promise<CheckAnswer>((resolve, reject) => {
      worker.once('message', (message: CheckAnswer) => resolve(message));
      worker.once('error', (error: Error & { code?: string }) =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ValidationLimitError(
                `checking this upload needed more than the sandbox's ${WORKER_HEAP_MB} MB; split it into smaller uploads`,
              )
            : error,
        ),
      );
      worker.once('exit', (code) => reject(new Error(`the validation worker stopped (exit code ${code})`)));
      const request: CheckRequest = now === undefined ? { text } : { text, now: now.getTime() };
      worker.postMessage(request);
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer.diagnostics;
  } finally {
    void worker.terminate();
  }
}
