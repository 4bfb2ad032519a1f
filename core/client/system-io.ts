/** The host's own fetch, clock, timers and randomness, for callers that do not inject their own. */
import type { FetchLike, Sleep } from './client-types.ts';

export const sleepWithTimers: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** fetch, clock, sleep and randomness of the host (Node 20, Electron, browsers); read when called, not at import. */
export function systemIo(): { fetch: FetchLike; now: () => Date; sleep: Sleep; random: () => number } {
  return {
    fetch: (url, init) => globalThis.fetch(url, init),
    now: () => new Date(),
    sleep: sleepWithTimers,
    random: Math.random,
  };
}
