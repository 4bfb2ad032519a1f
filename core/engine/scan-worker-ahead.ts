/**
 * The Modus scanning worker of a run, started ahead (issue 28). A worker thread takes about 20-30 ms to
 * start; started when the Modus validator is made, after detection, it held up the split's first events
 * by that much, on the thread that sets the pace (modus-split.ts). Started when the run starts, where a
 * big file named .xml (or one forced to Modus) is among the inputs, it is ready when its first bytes come:
 * the first answer 20-30 ms after them, the command 0-20 ms sooner on two cores, with the same CPU (the
 * worker's start then competes with the run's own start for them; see core/modus/modus.bench.ts).
 */
import { extensionOf, isStreamed, type SourceFile } from '../input/file-kind.ts';
import type { PoolWorker, WorkerFactory } from '../parallel/worker-pool.ts';

/**
 * Whether `input` may well be a Modus file scanned on a worker: its size is known and at least `above`,
 * and it is named .xml or forced to the Modus kind. A guess: a file that turns out not to be Modus leaves
 * the worker unused (it costs its start-up, on another core, and an idle thread's memory until the run
 * ends).
 */
function mayBeScannedOnWorker(input: SourceFile, kind: string | undefined, above: number): boolean {
  const size = isStreamed(input) ? input.size : input.bytes.length;
  if (size === undefined || size < above) return false;
  return kind !== undefined ? kind === 'modus-result' : extensionOf(input.name) === 'xml';
}

/**
 * A worker that is listened to from its start: replies and failures that come before its user listens
 * are kept and handed over then (a worker whose module fails to load says so at once; unheard, a host
 * may treat that as an uncaught error).
 */
function listenedFromStart(worker: PoolWorker): PoolWorker {
  const replies: unknown[] = [];
  const failures: Error[] = [];
  let onReply: ((reply: unknown) => void) | undefined;
  let onFailure: ((error: Error) => void) | undefined;
  worker.listen(
    (reply) => (onReply ? onReply(reply) : replies.push(reply)),
    (error) => (onFailure ? onFailure(error) : failures.push(error)),
  );
  return {
    post: (message, transfer) => worker.post(message, transfer),
    listen(reply, failure) {
      onReply = reply;
      onFailure = failure;
      for (const r of replies.splice(0)) reply(r);
      for (const f of failures.splice(0)) failure(f);
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * The run's scanning workers: `take` gives the one started ahead (when the inputs called for one) the
 * first time, then starts new ones; `close` ends the one started ahead if no file took it. `kind`: the
 * kind every input is read as (`--kind`), where one is forced.
 */
export function scanWorkersAhead(
  start: WorkerFactory,
  inputs: ReadonlyArray<SourceFile & { kind?: string }>,
  options: { above: number; kind?: string | undefined },
): { take: WorkerFactory; close(): void } {
  let ahead = inputs.some((input) => mayBeScannedOnWorker(input, input.kind ?? options.kind, options.above))
    ? listenedFromStart(start())
    : undefined;
  return {
    take: () => {
      const worker = ahead ?? start();
      ahead = undefined;
      return worker;
    },
    close: () => {
      ahead?.terminate();
      ahead = undefined;
    },
  };
}
