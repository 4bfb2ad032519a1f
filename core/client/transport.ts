/**
 * Sending one operation: rate limiting, the access token (one retry after a 401), per-attempt time-outs,
 * cancellation, and retries of 408/429/5xx and network errors with backoff under the retry budget.
 *
 * Only requests that are safe to repeat are repeated blindly (GET, PUT, DELETE, the token request). A create or
 * upload (POST) is repeated only when the service cannot have applied it: a 429 or 408, a 401 of the gateway,
 * or a connection that was never made. When it may have been applied (a time-out, a reset, a 5xx after the
 * body was sent), the caller gets "outcome-unknown" and reconciles before sending it again.
 *
 * A connection that cannot be made (refused, no such host, unreachable, no answer within the connect
 * time-out (undici's 10 s unless the fetch given sets another: TransportDeps.connectTimeoutMs names it), a
 * TLS handshake this end refuses: no TLS there, a certificate not for the name) is named at the first
 * attempt (an `unreachable` event: "cannot connect to 127.0.0.1:1: connection refused") and tried once more
 * at most (never where the answer cannot change: a name that does not resolve, a certificate); then the
 * call fails as "unreachable" with that message.
 */
import type { AccessGrant, AccessTokens } from './access-token.ts';
import { failureWithout, isQuotaAnswer, type Answer, type CallContext } from './answer.ts';
import type { ClientEvent, ClientFailure, FetchLike, FetchResponse, Sleep } from './client-types.ts';
import type { RateLimiter } from './rate-limiter.ts';
import {
  parseRetryAfter,
  retryDelayMs,
  RETRYABLE_STATUSES,
  type Backoff,
  type RetryBudget,
} from './retry-policy.ts';

export interface TransportDeps {
  fetch: FetchLike;
  now: () => Date;
  sleep: Sleep;
  random: () => number;
  backoff: Backoff;
  budget: RetryBudget;
  limiter?: RateLimiter;
  tokens: AccessTokens;
  timeoutMs: number;
  /** The time fetch gives a connection, when known: named when it runs out. */
  connectTimeoutMs?: number;
  onEvent?: (event: ClientEvent) => void;
}

export interface OutgoingRequest {
  context: CallContext;
  /** The full address, unredacted. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Bearer token (the service's operations) or none (the token request authenticates itself). */
  bearer: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type SendResult =
  { ok: true; answer: Answer; retryAfterMs?: number } | { ok: false; error: ClientFailure };

type Attempt =
  | { kind: 'answer'; response: FetchResponse; bytes: Uint8Array }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  | { kind: 'network'; notSent: boolean; detail: string; cannotConnect?: CannotConnect };

/** Why no connection could be made, in words, and whether trying again soon may help at all. */
interface CannotConnect {
  cause: string;
  /** A name that does not resolve will not resolve on the next try. */
  permanent: boolean;
}

/** Error codes that mean the connection was never made, so nothing was sent: what each means. */
const CANNOT_CONNECT: ReadonlyMap<string, CannotConnect> = new Map([
  ['ECONNREFUSED', { cause: 'connection refused (nothing listens on that port)', permanent: false }],
  ['ENOTFOUND', { cause: 'no such host (the name does not resolve)', permanent: true }],
  ['EAI_AGAIN', { cause: 'the name could not be resolved (DNS did not answer)', permanent: false }],
  ['ENETUNREACH', { cause: 'network unreachable', permanent: false }],
  ['EHOSTUNREACH', { cause: 'host unreachable', permanent: false }],
  ['EADDRNOTAVAIL', { cause: 'address not available', permanent: false }],
  [
    'UND_ERR_CONNECT_TIMEOUT',
    { cause: 'no answer to the connection (connecting timed out)', permanent: false },
  ],
  // A secure connection refused by this end before anything was sent: trying again gives the same answer.
  ...(
    [
      ['ERR_SSL_WRONG_VERSION_NUMBER', 'no TLS on that port (is it an http:// address?)'],
      ['ERR_TLS_CERT_ALTNAME_INVALID', "the server's certificate is not for this name"],
      ['DEPTH_ZERO_SELF_SIGNED_CERT', "the server's certificate is self-signed"],
      ['SELF_SIGNED_CERT_IN_CHAIN', "the server's certificate chain is self-signed"],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', "the server's certificate cannot be verified"],
      ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', "the server's certificate is from an unknown authority"],
      ['CERT_HAS_EXPIRED', "the server's certificate has expired"],
    ] as const
  ).map(([code, cause]): [string, CannotConnect] => [code, { cause: `${cause} (${code})`, permanent: true }]),
]);

/** undici's code for a connection not made within its connect time-out. */
const CONNECT_TIMEOUT = 'UND_ERR_CONNECT_TIMEOUT';

/** The connect time-out run out, said with its length ("within 0.5 s"). */
function connectTimedOut(ms: number): CannotConnect {
  return {
    cause: `no answer to the connection within ${ms / 1000} s (connecting timed out)`,
    permanent: false,
  };
}

/**
 * fetch's own refusal of a port the Fetch standard lists as unsafe (1, 7, 9 … 6000): no connection is even
 * tried, and the error has a message but no code.
 */
const BAD_PORT: CannotConnect = {
  cause: 'fetch refuses to connect to this port (the Fetch standard lists it as unsafe); use another port',
  permanent: true,
};

/** Tries of a request whose connection cannot be made: one more, in case a service was just starting. */
const CONNECT_ATTEMPTS = 2;

/** host:port of an address, never its user name or password; the address itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Whether fetch refused the port itself ("bad port", somewhere in the error's causes). */
function badPort(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { message?: unknown }).message === 'bad port') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describeError(error: unknown): string {
  const codes = errorCodes(error);
  const message = error instanceof Error ? error.message : String(error);
  return codes.length > 0 ? `${message} (${codes.join(', ')})` : message;
}

/** The promise's value, or undefined as soon as the signal aborts (the promise itself goes on for others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Why an attempt's time-out timer is stopped: the attempt ended first. */
const TIMER_DONE = 'attempt ended';

export class Transport {
  constructor(private readonly deps: TransportDeps) {}

  private emit(event: ClientEvent): void {
    this.deps.onEvent?.(event);
  }

  private async attempt(request: OutgoingRequest, headers: Record<string, string>): Promise<Attempt> {
    const controller = new AbortController();
    const signal = request.signal;
    const onAbort = (): void => controller.abort();
    if (signal?.aborted) return { kind: 'cancelled' };
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = new AbortController();
    let timedOut = false;
    this.deps.sleep(request.timeoutMs ?? this.deps.timeoutMs, timer.signal).then(
      () => {
        timedOut = true;
        controller.abort();
      },
      () => undefined,
    );
    try {
      const init = {
        method: request.context.spec.method,
        headers,
        signal: controller.signal,
        redirect: 'error' as const,
      };
      const response = await this.deps.fetch(
        request.url,
        request.body === undefined ? init : { ...init, body: request.body },
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { kind: 'answer', response, bytes };
    } catch (error) {
      if (timedOut) return { kind: 'timeout' };
      if (signal?.aborted) return { kind: 'cancelled' };
      const code = errorCodes(error).find((c) => CANNOT_CONNECT.has(c));
      const detail = describeError(error);
      const cannotConnect =
        code === CONNECT_TIMEOUT && this.deps.connectTimeoutMs !== undefined
          ? connectTimedOut(this.deps.connectTimeoutMs)
          : code !== undefined
            ? (CANNOT_CONNECT.get(code) as CannotConnect)
            : badPort(error)
              ? BAD_PORT
              : undefined;
      if (cannotConnect === undefined) return { kind: 'network', notSent: false, detail };
      return { kind: 'network', notSent: true, detail, cannotConnect };
    } finally {
      // A reason of our own: without one, abort() builds a DOMException with a stack, once per request.
      timer.abort(TIMER_DONE);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async send(request: OutgoingRequest): Promise<SendResult> {
    const { deps } = this;
    const { context } = request;
    const spec = context.spec;
    const safeToRepeat = spec.method !== 'POST' || spec.operationId === 'requestToken';
    deps.budget.onRequest();
    let attempts = 0;
    let tokenRenewed = false;
    let unknownOutcomeSeen = false;
    const time = (): string => deps.now().toISOString();
    const cancelled = (sent: boolean): SendResult => ({
      ok: false,
      error: failureWithout(context, 'cancelled', 'cancelled', {
        time: time(),
        attempts,
        outcomeUnknown: sent && !safeToRepeat,
      }),
    });

    for (;;) {
      attempts++;
      const headers = { ...request.headers };
      let grant: AccessGrant | undefined;
      if (request.bearer) {
        const got = await untilAborted(deps.tokens.get(), request.signal);
        if (got === undefined) return cancelled(false);
        if (!got.ok) {
          const error = { ...got.error, attempts };
          error.message = `${spec.operationId}: no access token: ${got.error.message}`;
          return { ok: false, error };
        }
        grant = got.grant;
        context.secrets.add(grant.accessToken);
        if (grant.scopes) context.tokenScopes = grant.scopes;
        headers.authorization = `Bearer ${grant.accessToken}`;
      }

      // The bucket's token is taken last, right before sending, so a wait for the access token does not
      // bunch requests together behind it.
      try {
        await deps.limiter?.take(request.signal);
      } catch {
        return cancelled(false);
      }
      const outcome = await this.attempt(request, headers);
      if (outcome.kind === 'cancelled') return cancelled(true);

      let retryAfterMs: number | undefined;
      let reason: string;
      let status: number | undefined;
      if (outcome.kind === 'answer') {
        status = outcome.response.status;
        const requestId = outcome.response.headers.get('x-http-request-id') ?? undefined;
        const answer: Answer = {
          status,
          headers: outcome.response.headers,
          bytes: outcome.bytes,
          time: time(),
          attempts,
          retriedAfterUnknownOutcome: unknownOutcomeSeen,
        };
        if (requestId !== undefined) answer.requestId = requestId;
        this.emit({
          type: 'response',
          operationId: spec.operationId,
          status,
          attempt: attempts,
          ...(requestId !== undefined ? { requestId } : {}),
        });
        // A 401 (or a 403 to an ageing token that is not about a scope, A36): one new token, one more try.
        const scopeChallenge = /insufficient_scope/i.test(
          outcome.response.headers.get('www-authenticate') ?? '',
        );
        const stale = grant !== undefined && status === 403 && !scopeChallenge && deps.tokens.isAging(grant);
        if (grant && !tokenRenewed && (status === 401 || stale)) {
          tokenRenewed = true;
          deps.tokens.invalidate(grant.accessToken);
          attempts--;
          continue;
        }
        retryAfterMs = parseRetryAfter(outcome.response.headers.get('retry-after'), deps.now());
        if (!RETRYABLE_STATUSES.has(status) || isQuotaAnswer(answer)) {
          return retryAfterMs === undefined ? { ok: true, answer } : { ok: true, answer, retryAfterMs };
        }
        if (status === 429) {
          // The gateway refused before the service saw the request: safe to repeat, but slower.
          if (deps.limiter) {
            const rate = deps.limiter.slowDown();
            this.emit({ type: 'rate', ratePerSecond: rate, reason: 'Too Many Requests' });
            if (retryAfterMs !== undefined)
              deps.limiter.holdUntil(new Date(deps.now().getTime() + retryAfterMs));
          }
        } else if (status !== 408) {
          if (!safeToRepeat) {
            const error = failureWithout(
              context,
              'outcome-unknown',
              `the service answered ${status} after the request was sent, so it may or may not have been applied; reconcile before sending it again [request id ${requestId ?? 'not sent'}, at ${answer.time}]`,
              { time: answer.time, attempts, status, outcomeUnknown: true },
            );
            if (requestId !== undefined) error.requestId = requestId;
            return { ok: false, error };
          }
          unknownOutcomeSeen = true;
        }
        // 429s are paced by the shared bucket (held for Retry-After, slowed), so only other retries draw on
        // the budget, which guards a failing service against floods of repeats.
        if (attempts >= deps.backoff.maxAttempts || (status !== 429 && !deps.budget.trySpend())) {
          return retryAfterMs === undefined ? { ok: true, answer } : { ok: true, answer, retryAfterMs };
        }
        reason = `status ${status}`;
      } else {
        const cannotConnect = outcome.kind === 'network' ? outcome.cannotConnect : undefined;
        if (cannotConnect) {
          // Named at once, with its cause: not after minutes of silent retries as "unavailable".
          const host = hostOf(request.url);
          const message = `cannot connect to ${host}: ${cannotConnect.cause}`;
          if (attempts === 1)
            this.emit({
              type: 'unreachable',
              operationId: spec.operationId,
              host,
              cause: cannotConnect.cause,
              message,
            });
          if (cannotConnect.permanent || attempts >= CONNECT_ATTEMPTS || !deps.budget.trySpend())
            return {
              ok: false,
              error: failureWithout(
                context,
                'unreachable',
                `${message}${attempts > 1 ? ` (${attempts} attempts)` : ''}`,
                { time: time(), attempts, retriedAfterUnknownOutcome: unknownOutcomeSeen },
              ),
            };
          const delayMs = retryDelayMs(deps.backoff, attempts, deps.random);
          this.emit({
            type: 'retry',
            operationId: spec.operationId,
            attempt: attempts,
            delayMs,
            reason: message,
          });
          try {
            await deps.sleep(delayMs, request.signal);
          } catch {
            return cancelled(false);
          }
          continue;
        }
        const what =
          outcome.kind === 'timeout' ? 'no answer within the time-out' : `network error: ${outcome.detail}`;
        const notSent = outcome.kind === 'network' && outcome.notSent;
        if (!safeToRepeat && !notSent) {
          return {
            ok: false,
            error: failureWithout(
              context,
              'outcome-unknown',
              `${what} after the request was sent, so it may or may not have been applied; reconcile before sending it again`,
              { time: time(), attempts, outcomeUnknown: true },
            ),
          };
        }
        if (!notSent) unknownOutcomeSeen = true;
        if (attempts >= deps.backoff.maxAttempts || !deps.budget.trySpend()) {
          return {
            ok: false,
            error: failureWithout(context, 'unavailable', `${what}, after ${attempts} attempts`, {
              time: time(),
              attempts,
              retriedAfterUnknownOutcome: unknownOutcomeSeen,
            }),
          };
        }
        reason = what;
      }
      const delayMs = retryDelayMs(deps.backoff, attempts, deps.random, retryAfterMs);
      this.emit({
        type: 'retry',
        operationId: spec.operationId,
        attempt: attempts,
        delayMs,
        reason: context.secrets.redact(reason),
        ...(status !== undefined ? { status } : {}),
      });
      try {
        await deps.sleep(delayMs, request.signal);
      } catch {
        return cancelled(false);
      }
    }
  }
}
