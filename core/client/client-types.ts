/**
 * The client's shapes: injected I/O (fetch, clock, sleep, randomness), results and failures. Every result and
 * every failure is plain, JSON-serialisable data holding no secret, so a batch runner can journal it as it is.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** The part of a fetch Response the client reads. */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The body as a stream, where the fetch has one: downloads read it piece by piece (download.ts). */
  readonly body?: ReadableStream<Uint8Array> | null;
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  signal: AbortSignal;
  /**
   * "error" for the service's operations: a redirect could lead off HTTPS or hide a create's outcome, so it
   * is not followed. "manual" for downloads, which check where a redirect leads before following it.
   */
  redirect: 'error' | 'manual';
}

/** `globalThis.fetch` in Node 20, Electron and browsers fits this. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** Wait `ms` milliseconds; reject when the signal aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type ClientFailureKind =
  /** The client credentials were refused (token endpoint 400/401, or 401 again with a fresh token). */
  | 'credentials'
  /** The access token does not carry the scope the operation needs (`scope` names it). */
  | 'scope'
  /** 403 for another reason (a missing or wrong x-api-key on version 5 calls). */
  | 'forbidden'
  /** The sharing key is unknown, expired or revoked (the grower must share again). */
  | 'sharing-key'
  /** The service refused the input (400, 415, 422): fix the data; never retried. */
  | 'rejected'
  /** No such record (404), or no such address (404/403 "Missing Authentication Token"). */
  | 'not-found'
  /** The record exists already (409); `existingId` holds its id when the service gave it. */
  | 'conflict'
  /** The request body is larger than the service takes (413). */
  | 'too-large'
  /** 429 "Too Many Requests" that outlasted the retries. */
  | 'rate-limited'
  /** 429 "Limit Exceeded": the quota is used up; pause until `retryAt`. */
  | 'quota'
  /** 5xx, time-outs or network errors that outlasted the retries (the request was not applied or is safe to repeat). */
  | 'unavailable'
  /**
   * No connection could be made to the service's host (connection refused, no such host, host or network
   * unreachable, connecting timed out): nothing was sent. The message names the host and the cause
   * ("cannot connect to 127.0.0.1:1: connection refused"); retrying soon is unlikely to help.
   */
  | 'unreachable'
  /** A create or upload was sent but its outcome is not known (time-out, reset, 5xx): reconcile before re-sending. */
  | 'outcome-unknown'
  /** The caller's AbortSignal stopped the request. */
  | 'cancelled'
  /** The answer has a status or shape the client does not understand. */
  | 'unexpected-response'
  /** The call was not sent: its input lacks something the operation requires. */
  | 'invalid-input';

/** What every failure carries, whatever its kind; `ClientFailure` narrows by `kind`. */
export interface ClientFailureFields {
  kind: ClientFailureKind;
  /** What happened, quoting status and request id; never a secret. */
  message: string;
  operationId: string;
  method: string;
  /** The address called, with secrets (sharing keys) redacted. */
  url: string;
  status?: number;
  /** X-Http-Request-Id of the last answer: quote it to technical support with `time`. */
  requestId?: string;
  /** When the last answer came (or the last attempt failed), ISO 8601. */
  time: string;
  attempts: number;
  /** The service's error-code (or problem type, or OAuth error). */
  errorCode?: string;
  details?: Record<string, unknown>;
  /**
   * details.diagnostics of a refusal: the same diagnostics the preflight reports (without ids or file
   * name). Read tolerantly: an entry that is not an object with a code is left out, a text field the
   * service did not give is empty.
   */
  diagnostics?: Diagnostic[];
  /** The scope the token lacks (kind "scope"). */
  scope?: string;
  /** When the request may be made again (quota, rate limit), ISO 8601. */
  retryAt?: string;
  /** The id of the record that exists already (kind "conflict"). */
  existingId?: string;
  /** The request may have been applied by the service (sent, answer unknown). */
  outcomeUnknown: boolean;
  /**
   * The request was repeated after an attempt whose outcome was unknown, so this answer may describe the
   * effect of that earlier attempt (a 404 to a repeated delete, `nothing-to-update` to a repeated update).
   */
  retriedAfterUnknownOutcome: boolean;
}

/**
 * A failed call, one shape per kind: narrowing on `kind` gives what that kind always has (`quota`: when to
 * go on, `retryAt`; `scope`: the scope the token lacks).
 */
export type ClientFailure =
  | (ClientFailureFields & { kind: 'quota'; retryAt: string })
  | (ClientFailureFields & { kind: 'scope'; scope: string })
  | (ClientFailureFields & { kind: Exclude<ClientFailureKind, 'quota' | 'scope'> });

export interface ResponseMeta {
  operationId: string;
  status: number;
  requestId?: string;
  /** When the answer came, ISO 8601. */
  time: string;
  attempts: number;
  retriedAfterUnknownOutcome: boolean;
  /** What the tolerant reader accepted that differs from the OpenAPI document (one sentence each). */
  notices: string[];
}

export type ClientResult<T> =
  { ok: true; value: T; meta: ResponseMeta } | { ok: false; error: ClientFailure };

/** Events for progress displays and logs; they hold no secret. */
export type ClientEvent =
  | { type: 'response'; operationId: string; status: number; requestId?: string; attempt: number }
  | {
      type: 'retry';
      operationId: string;
      attempt: number;
      delayMs: number;
      reason: string;
      status?: number;
    }
  /**
   * A connection to the service's host could not be made, said at the first failed attempt (before any
   * retry): `message` is "cannot connect to HOST: CAUSE".
   */
  | { type: 'unreachable'; operationId: string; host: string; cause: string; message: string }
  | { type: 'token'; expiresAt: string; scopes?: string[] }
  | { type: 'rate'; ratePerSecond: number; reason: string }
  | { type: 'notice'; operationId: string; message: string };

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Per-attempt time-out, milliseconds (default: the client's). */
  timeoutMs?: number;
}
