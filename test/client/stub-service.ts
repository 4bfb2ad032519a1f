/** A scripted stand-in for the service, as a fetch function, and a virtual clock for the client tests. */
import type { FetchLike, Sleep } from '../../core/client/index.ts';
import { ServiceClient, type ClientEvent, type ClientOptions } from '../../core/client/index.ts';

export interface StubRequest {
  method: string;
  url: string;
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

export type StubReply =
  { status: number; body?: unknown; headers?: Record<string, string> } | { network: string } | { hang: true };

export const SECRETS = {
  clientId: 'stub-client',
  clientSecret: 'S3cret-client-secret-value',
  apiKey: 'AK-api-key-value-123',
  accessToken: 'TOKEN-abcdefghijklmnop',
  sharingKey: 'SHAR-INGK-EY12-3456',
};

export const BASES = {
  authUrl: 'https://auth.example.test',
  baseUrl: 'https://api.example.test/partner',
  legacyBaseUrl: 'https://legacy.example.test/api/partnerapis',
};

/** A token answer with the secret token (a number suffix when `n` is given, so renewals differ). */
export function tokenReply(
  expiresIn = 3600,
  n?: number,
  scope = 'enrollments experiments partnerapis',
): StubReply {
  return {
    status: 200,
    body: {
      access_token: SECRETS.accessToken + (n ?? ''),
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope,
    },
    headers: { 'x-http-request-id': `token-${n ?? 0}` },
  };
}

export function stubFetch(
  handle: (request: StubRequest, index: number) => StubReply | Promise<StubReply>,
  token: (request: StubRequest, index: number) => StubReply = () => tokenReply(),
): { fetch: FetchLike; requests: StubRequest[]; tokenRequests: StubRequest[] } {
  const requests: StubRequest[] = [];
  const tokenRequests: StubRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body =
      init.body === undefined
        ? ''
        : typeof init.body === 'string'
          ? init.body
          : new TextDecoder().decode(init.body);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(init.headers)) headers[k.toLowerCase()] = v;
    const request: StubRequest = { method: init.method, url, path: new URL(url).pathname, headers, body };
    const isToken = request.path.endsWith('/api/oauth/token');
    const list = isToken ? tokenRequests : requests;
    list.push(request);
    const reply = isToken
      ? token(request, tokenRequests.length - 1)
      : await handle(request, requests.length - 1);
    if ('network' in reply) {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: reply.network } });
    }
    if ('hang' in reply) {
      return new Promise((_, reject) => {
        init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const text =
      reply.body === undefined
        ? null
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    const responseHeaders: Record<string, string> = { ...reply.headers };
    if (typeof reply.body === 'object' && !('content-type' in responseHeaders))
      responseHeaders['content-type'] = 'application/json';
    return new Response(reply.status === 204 || reply.status === 304 ? null : text, {
      status: reply.status,
      headers: responseHeaders,
    });
  };
  return { fetch, requests, tokenRequests };
}

/** Timers of the client's time-outs never fire; every other sleep passes at once and moves the clock. */
export const STUB_TIMEOUT_MS = 600_000;

export function virtualTime(start = '2026-03-01T12:00:00.000Z'): {
  now: () => Date;
  sleep: Sleep;
  advance: (ms: number) => void;
  slept: number[];
} {
  let t = Date.parse(start);
  const slept: number[] = [];
  const sleep: Sleep = (ms, signal) => {
    if (ms >= STUB_TIMEOUT_MS) {
      return new Promise((_, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('timer cancelled')), { once: true });
      });
    }
    if (signal?.aborted) return Promise.reject(new Error('aborted'));
    slept.push(ms);
    t += ms;
    return Promise.resolve();
  };
  return { now: () => new Date(t), sleep, advance: (ms) => (t += ms), slept };
}

export interface StubClient {
  client: ServiceClient;
  requests: StubRequest[];
  tokenRequests: StubRequest[];
  events: ClientEvent[];
  time: ReturnType<typeof virtualTime>;
}

export function stubClient(
  handle: (request: StubRequest, index: number) => StubReply | Promise<StubReply>,
  options: Partial<ClientOptions> & { token?: (request: StubRequest, index: number) => StubReply } = {},
): StubClient {
  const { token, ...rest } = options;
  const stub = stubFetch(handle, token);
  const time = virtualTime();
  const events: ClientEvent[] = [];
  const client = new ServiceClient({
    ...BASES,
    clientId: SECRETS.clientId,
    clientSecret: SECRETS.clientSecret,
    apiKey: SECRETS.apiKey,
    fetch: stub.fetch,
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    timeoutMs: STUB_TIMEOUT_MS,
    uploadTimeoutMs: STUB_TIMEOUT_MS,
    onEvent: (e) => events.push(e),
    ...rest,
  });
  return { client, requests: stub.requests, tokenRequests: stub.tokenRequests, events, time };
}

export const IDS = {
  program: '6f1b3c2a-1d2e-4f3a-9b8c-7d6e5f4a3b2c',
  temporal: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  location: '11111111-2222-4333-8444-555555555555',
  experiment: '99999999-8888-4777-8666-555555555555',
  enrollment: 'abcdefab-cdef-4abc-8def-abcdefabcdef',
  experimentEnrollment: '12121212-3434-4565-8787-909090909090',
};

export const TEMPORAL = {
  dimensionality: 'INDIVIDUAL' as const,
  id: IDS.temporal,
  temporalPeriodTypeName: 'GrowingSeason',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): StubReply {
  return { status, body, headers: { 'x-http-request-id': `req-${status}`, ...headers } };
}
