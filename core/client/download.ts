/**
 * Downloading a pre-signed data file (the URLs of /v2 and /v3 agronomic-data) as strictly as the client
 * calls the service: the address must be HTTPS (plain HTTP only to this machine, the sandbox, A01), a
 * redirect is followed only to an address that passes the same rule with the same scheme, and the size and
 * the time are bounded. The bytes go to the caller piece by piece (a file, memory); nothing here keeps them.
 *
 * Pure, like the rest of the client: fetch and sleep are passed in. Messages name the address without its
 * query, which holds the URL's signature.
 */
import type { FetchLike, FetchResponse, Sleep } from './client-types.ts';
import { insecureAddressReason } from './secure-address.ts';
import { sleepWithTimers } from './system-io.ts';

export interface DownloadLimits {
  /** The largest file taken, in bytes (after any content encoding is undone). Default 2 GiB. */
  maxBytes?: number;
  /** The longest wait for the answer, and then for each next piece of the body, in ms. Default 60 s. */
  idleTimeoutMs?: number;
  /** The longest whole download, in ms. Default 30 minutes. */
  timeoutMs?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
}

export const DOWNLOAD_LIMITS: Readonly<Required<DownloadLimits>> = {
  maxBytes: 2 * 1024 * 1024 * 1024,
  idleTimeoutMs: 60_000,
  timeoutMs: 30 * 60_000,
  maxRedirects: 5,
};

export interface DownloadOptions extends DownloadLimits {
  fetch: FetchLike;
  /** Takes the bytes, in order; a promise holds the download until it settles. A throw stops it. */
  write(bytes: Uint8Array): void | Promise<void>;
  /** After each piece: the bytes so far and the size the server stated, if it did. */
  onProgress?(received: number, total: number | undefined): void;
  signal?: AbortSignal;
  sleep?: Sleep;
}

export type DownloadFailureKind =
  /** The address (or a redirect's) is not HTTPS or loopback HTTP, carries credentials, or is not a URL. */
  | 'insecure-address'
  /** A redirect to another scheme, without a Location, hidden by the fetch, or one too many. */
  | 'redirect-refused'
  /** The server answered with an error status. */
  | 'refused'
  /** The file is larger than maxBytes (as stated, or as it arrived). */
  | 'too-large'
  /** No answer or no next piece within idleTimeoutMs, or the whole download over timeoutMs. */
  | 'timeout'
  /** The body ended before (or after) the size the server stated. */
  | 'size-mismatch'
  | 'network'
  | 'cancelled'
  /** `write` threw. */
  | 'write-failed';

export type DownloadResult =
  | { ok: true; bytes: number; status: number }
  | {
      ok: false;
      kind: DownloadFailureKind;
      /** What happened, naming the address without its query; never the signature. */
      message: string;
      status?: number;
      /**
       * The storage refused the URL itself (403, or 400 naming an expired or bad signature): a fresh URL
       * from a new list may work.
       */
      urlRefused?: boolean;
    };

/** The address without its query (the signature) and fragment, for messages. */
function addressForMessages(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(not a URL)';
  }
}

/** Why `url` may not be downloaded, or undefined when it may. */
function downloadAddressProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not an absolute address';
  }
  return insecureAddressReason(parsed);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Stop = { kind: 'timeout' | 'cancelled' | 'too-large'; message: string };

/** Download `url`, handing its bytes to `options.write`. Never throws for what the network or server does. */
export async function downloadFile(url: string, options: DownloadOptions): Promise<DownloadResult> {
  const limits = { ...DOWNLOAD_LIMITS, ...definedLimits(options) };
  const sleep = options.sleep ?? sleepWithTimers;
  const controller = new AbortController();
  let stop: Stop | undefined;
  const abort = (why: Stop): void => {
    stop ??= why;
    controller.abort();
  };
  const onCallerAbort = (): void => abort({ kind: 'cancelled', message: 'the download was cancelled' });
  if (options.signal?.aborted) return { ok: false, kind: 'cancelled', message: 'the download was cancelled' };
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  // The whole download's clock, and the idle clock (restarted by every piece).
  const whole = new AbortController();
  sleep(limits.timeoutMs, whole.signal).then(
    () =>
      abort({
        kind: 'timeout',
        message: `the download took longer than ${seconds(limits.timeoutMs)}`,
      }),
    () => undefined,
  );
  let idle: AbortController | undefined;
  const restartIdle = (waitingFor: string): void => {
    idle?.abort();
    const mine = new AbortController();
    idle = mine;
    sleep(limits.idleTimeoutMs, mine.signal).then(
      () => abort({ kind: 'timeout', message: `no ${waitingFor} within ${seconds(limits.idleTimeoutMs)}` }),
      () => undefined,
    );
  };
  const stopped = (status?: number): DownloadResult => {
    const s = stop ?? { kind: 'cancelled' as const, message: 'the download was cancelled' };
    return status === undefined
      ? { ok: false, kind: s.kind, message: `${s.message} (${addressForMessages(current)})` }
      : { ok: false, kind: s.kind, status, message: `${s.message} (${addressForMessages(current)})` };
  };

  let current = url;
  try {
    let response: FetchResponse | undefined;
    for (let redirects = 0; ; redirects++) {
      const problem = downloadAddressProblem(current);
      if (problem !== undefined) {
        return {
          ok: false,
          kind: 'insecure-address',
          message: `${redirects === 0 ? 'the download address' : 'the address a redirect leads to'} ${addressForMessages(current)} is refused: ${problem}`,
        };
      }
      restartIdle('answer');
      try {
        response = await options.fetch(current, {
          method: 'GET',
          headers: {},
          signal: controller.signal,
          redirect: 'manual',
        });
      } catch (error) {
        if (stop) return stopped();
        return {
          ok: false,
          kind: 'network',
          message: `network error downloading ${addressForMessages(current)}: ${describe(error)}`,
        };
      }
      if (response.status === 0) {
        // A browser's fetch hides a redirect's target ("opaqueredirect"): it cannot be checked.
        await discard(response);
        return {
          ok: false,
          kind: 'redirect-refused',
          message: `${addressForMessages(current)} redirects to an address this host's fetch does not show, so it cannot be checked`,
        };
      }
      if (!REDIRECTS.has(response.status)) break;
      const location = response.headers.get('location');
      await discard(response);
      if (location === null) {
        return {
          ok: false,
          kind: 'redirect-refused',
          status: response.status,
          message: `${addressForMessages(current)} answered ${response.status} without a Location to follow`,
        };
      }
      if (redirects >= limits.maxRedirects) {
        return {
          ok: false,
          kind: 'redirect-refused',
          status: response.status,
          message: `more than ${limits.maxRedirects} redirects from ${addressForMessages(url)}`,
        };
      }
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return {
          ok: false,
          kind: 'redirect-refused',
          status: response.status,
          message: `${addressForMessages(current)} redirects to "${location.slice(0, 80)}", which is not an address`,
        };
      }
      const from = new URL(current).protocol;
      if (next.protocol !== from) {
        return {
          ok: false,
          kind: 'redirect-refused',
          status: response.status,
          message: `${addressForMessages(current)} redirects to ${next.protocol}// (${addressForMessages(next.href)}); a download follows a redirect only to the same scheme, ${from}//`,
        };
      }
      current = next.href;
    }

    const status = response.status;
    if (status < 200 || status > 299) {
      const start = await startOf(response);
      const urlRefused = status === 403 || (status === 400 && /expired|AccessDenied|signature/i.test(start));
      return {
        ok: false,
        kind: 'refused',
        status,
        urlRefused,
        message: `${addressForMessages(current)} answered ${status}${urlRefused ? ' (the storage refused the URL: expired or not signed as it expects)' : ''}`,
      };
    }

    const stated = statedLength(response);
    if (stated !== undefined && stated > limits.maxBytes) {
      await discard(response);
      return {
        ok: false,
        kind: 'too-large',
        status,
        message: `${addressForMessages(current)} is ${stated} bytes, larger than the ${limits.maxBytes} bytes a download may be`,
      };
    }

    let received = 0;
    const take = async (bytes: Uint8Array): Promise<DownloadResult | undefined> => {
      received += bytes.byteLength;
      if (received > limits.maxBytes) {
        abort({
          kind: 'too-large',
          message: `the file is larger than the ${limits.maxBytes} bytes a download may be`,
        });
        return stopped(status);
      }
      try {
        await options.write(bytes);
      } catch (error) {
        abort({ kind: 'cancelled', message: 'the download was stopped' });
        return {
          ok: false,
          kind: 'write-failed',
          status,
          message: `the downloaded bytes could not be kept: ${describe(error)}`,
        };
      }
      options.onProgress?.(received, stated);
      return undefined;
    };

    if (response.body) {
      const reader = response.body.getReader();
      try {
        for (;;) {
          restartIdle('data');
          let piece: ReadableStreamReadResult<Uint8Array>;
          try {
            piece = await reader.read();
          } catch (error) {
            if (stop) return stopped(status);
            return {
              ok: false,
              kind: 'network',
              status,
              message: `the download of ${addressForMessages(current)} broke off after ${received} bytes: ${describe(error)}`,
            };
          }
          if (stop) return stopped(status);
          if (piece.done) break;
          const failed = await take(piece.value);
          if (failed) return failed;
        }
      } finally {
        reader.releaseLock();
      }
    } else {
      // A fetch without streams: the body whole, bounded by the size check above and below.
      let body: ArrayBuffer;
      try {
        body = await response.arrayBuffer();
      } catch (error) {
        if (stop) return stopped(status);
        return { ok: false, kind: 'network', status, message: `the download broke off: ${describe(error)}` };
      }
      const failed = await take(new Uint8Array(body));
      if (failed) return failed;
    }
    // A stated length is of the encoded bytes when the body was encoded (and decoded by fetch).
    if (stated !== undefined && !encoded(response) && received !== stated) {
      return {
        ok: false,
        kind: 'size-mismatch',
        status,
        message: `got ${received} bytes of ${addressForMessages(current)}, the server said ${stated}`,
      };
    }
    return { ok: true, bytes: received, status };
  } finally {
    idle?.abort();
    whole.abort();
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function definedLimits(options: DownloadLimits): DownloadLimits {
  const out: DownloadLimits = {};
  for (const key of ['maxBytes', 'idleTimeoutMs', 'timeoutMs', 'maxRedirects'] as const) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return message + cause;
}

function statedLength(response: FetchResponse): number | undefined {
  const text = response.headers.get('content-length');
  if (text === null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}

function encoded(response: FetchResponse): boolean {
  const encoding = response.headers.get('content-encoding');
  return encoding !== null && encoding.trim().toLowerCase() !== 'identity' && encoding.trim() !== '';
}

/** Let go of a body not read. */
async function discard(response: FetchResponse): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Already closed.
  }
}

/** The first 4 KiB of an error answer, as text, to tell an expired signature (never shown: it may echo it). */
async function startOf(response: FetchResponse): Promise<string> {
  if (!response.body) {
    try {
      return new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).subarray(0, 4096));
    } catch {
      return '';
    }
  }
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < 4096) {
      const piece = await reader.read();
      if (piece.done) break;
      pieces.push(piece.value);
      size += piece.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // What arrived is enough.
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of pieces) {
    all.set(p, at);
    at += p.byteLength;
  }
  return new TextDecoder().decode(all.subarray(0, 4096));
}
