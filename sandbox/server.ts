/**
 * The sandbox server on node:http, bound to 127.0.0.1. One port serves the three bases of the service (auth,
 * version 5, earlier interfaces) and the sandbox-only API, each under its own path prefix taken from the
 * OpenAPI documents. Every request goes through the same steps:
 *
 *   latency → read body (413) → reset before → rate/quota (429) → injected error (500/502/503)
 *   → route (404/405) → security (401/403) → handler (core rules → state) → reset after → answer (maybe slowly)
 */
import {
  createServer,
  maxHeaderSize,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { DemoData, LogEntry } from './api-types.ts';
import {
  DEFAULT_FAULTS,
  faultSettingsFromSpec,
  parseFaultFlag,
  type FaultDecision,
  type FaultSettings,
  type FaultSpec,
} from './faults.ts';
import { handlers } from './handlers/index.ts';
import { Router, type ApiName } from './openapi-routes.ts';
import { openStateFile, type StateFileWriter } from './persistence.ts';
import { gatewayError, serviceError, type Reply } from './reply.ts';
import { checkSecurity } from './security.ts';
import { buildSeed, DEFAULT_SEED, type SeedData } from './seed.ts';
import {
  DEFAULT_BEHAVIOUR,
  SandboxService,
  type BehaviourOptions,
  type RequestContext,
  type SandboxUrls,
} from './service.ts';
import { SandboxState } from './state.ts';
import { ValidationLimitError } from './validation-worker.ts';

export interface SandboxOptions extends Partial<BehaviourOptions> {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Seed of the demo data, ids and faults (default 42). */
  seed?: number;
  /** Faults as `--faults` text ("error-rate=0.1,latency-ms=5-20") or as an object with the same keys. */
  faults?: string | FaultSpec;
  /**
   * Keep the state in this JSON file: loaded at start when it exists; each change is appended to FILE.changes
   * beside it, and the whole state written to FILE again once those outgrow it (sandbox/persistence.ts).
   */
  dataFile?: string;
  /**
   * With `dataFile`: answer a request that changed the state only once the change is on disk (written,
   * fsync'ed, renamed), so a client never hears of a record that a kill -9 could then lose. Off by default:
   * the state is then saved in the background, soon after each change.
   */
  durable?: boolean;
  /** The clock (tests inject one to make token expiry, key validity and rate limits exact). */
  now?: () => Date;
  /** Called once per request after its answer was sent (or its connection reset). */
  onExchange?: (exchange: RecordedExchange) => void;
  /**
   * How long a client may take to send a request's line and headers before it is answered 408 (Node's
   * default, 60 s, when left out). The check runs every quarter of this, at most every 30 s.
   */
  headersTimeoutMs?: number;
}

interface RecordedResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** One request and what the sandbox did with it, for contract tests and logs. */
export interface RecordedExchange {
  requestId: string;
  api: ApiName | 'unknown';
  operationId?: string;
  method: string;
  /** Path and query as received. */
  url: string;
  /** Lower-case header names. */
  requestHeaders: Record<string, string>;
  requestBody: Uint8Array;
  /** Absent when the connection was reset. */
  response?: RecordedResponse;
  fault?: NonNullable<LogEntry['fault']>;
  /** Whether the request reached the service logic. */
  processed: boolean;
}

export interface RunningSandbox {
  urls: SandboxUrls;
  port: number;
  /** The demo data, as `fieldgate sandbox --json` prints it. */
  demo: DemoData;
  seed: SeedData;
  service: SandboxService;
  /** Replace the fault settings (same forms as the `faults` option). */
  setFaults(faults: string | FaultSpec): void;
  /** Back to the seed data. */
  reset(): void;
  /** Stop listening, drop open connections and write the state file. */
  close(): Promise<void>;
}

function resolveFaults(faults: string | FaultSpec | undefined): { settings: FaultSettings; seed?: number } {
  if (faults === undefined) return { settings: { ...DEFAULT_FAULTS } };
  return typeof faults === 'string' ? parseFaultFlag(faults) : faultSettingsFromSpec({ ...faults });
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface RequestBody {
  bytes: Uint8Array;
  tooLarge: boolean;
  /** The client went away before the body ended. */
  aborted: boolean;
}

function readBody(req: IncomingMessage, max: number): Promise<RequestBody> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    req.resume();
    return Promise.resolve({ bytes: new Uint8Array(0), tooLarge: true, aborted: false });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      resolve({
        bytes: tooLarge ? new Uint8Array(0) : new Uint8Array(Buffer.concat(chunks)),
        tooLarge,
        aborted: false,
      });
    });
    const abort = (): void => {
      if (!ended) resolve({ bytes: new Uint8Array(Buffer.concat(chunks)), tooLarge, aborted: true });
    };
    req.on('error', abort);
    req.on('close', abort);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function resetConnection(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

function encode(reply: Reply): { bytes: Uint8Array; contentType?: string } {
  if (reply.json !== undefined)
    return { bytes: Buffer.from(JSON.stringify(reply.json)), contentType: 'application/json' };
  if (reply.body) return { bytes: reply.body.bytes, contentType: reply.body.contentType };
  return { bytes: new Uint8Array(0) };
}

async function send(
  res: ServerResponse,
  reply: Reply,
  requestId: string,
  slowMs: number | undefined,
): Promise<RecordedResponse> {
  const noBody = reply.status === 204 || reply.status === 304;
  const { bytes, contentType } = noBody
    ? { bytes: new Uint8Array(0), contentType: undefined }
    : encode(reply);
  const headers: Record<string, string> = { 'X-Http-Request-Id': requestId, ...reply.headers };
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  if (!noBody) headers['Content-Length'] = String(bytes.byteLength);
  res.writeHead(reply.status, headers);
  if (res.req.method === 'HEAD') {
    // The headers a GET would get, Content-Length included, and no body (RFC 9110 section 9.3.2).
    res.end();
    const recorded: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) recorded[name.toLowerCase()] = value;
    return { status: reply.status, headers: recorded, body: new Uint8Array(0) };
  }
  if (slowMs !== undefined && slowMs > 0 && bytes.byteLength > 1) {
    // A slow body: headers at once, then the body in ten pieces spread over slowMs.
    const pieces = Math.min(10, bytes.byteLength);
    const size = Math.ceil(bytes.byteLength / pieces);
    for (let i = 0; i < bytes.byteLength; i += size) {
      if (res.destroyed) break;
      if (i > 0) await sleep(slowMs / pieces);
      res.write(bytes.subarray(i, i + size));
    }
    res.end();
  } else {
    res.end(bytes);
  }
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) recorded[name.toLowerCase()] = value;
  return { status: reply.status, headers: recorded, body: bytes };
}

/**
 * The first path segment whose %-escapes do not decode (`%ZZ`, a cut `%E0%A4%A`), if any: such a path
 * names nothing, so it is the client's mistake (400), never an internal error.
 */
function malformedPathSegment(pathname: string): string | undefined {
  for (const segment of pathname.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return undefined;
}

function injectedError(status: 500 | 502 | 503, settings: FaultSettings): Reply {
  const reply =
    status === 500
      ? serviceError(500, 'internal-error', 'Internal server error')
      : status === 502
        ? gatewayError(502, 'Bad Gateway')
        : gatewayError(503, 'Service Unavailable', { 'Retry-After': String(settings.retryAfter) });
  reply.headers = { ...reply.headers, 'X-Sandbox-Fault': 'error' };
  return reply;
}

class SandboxServer {
  readonly router = new Router();

  constructor(
    readonly service: SandboxService,
    private readonly onExchange: ((exchange: RecordedExchange) => void) | undefined,
  ) {
    const missing = this.router.routes.filter((r) => !handlers[r.operationId]).map((r) => r.operationId);
    if (missing.length > 0) throw new Error(`no sandbox handler for operation(s) ${missing.join(', ')}`);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const service = this.service;
    const requestId = service.nextRequestId();
    const now = service.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const rawUrl = req.url ?? '/';
    const url = new URL(`http://127.0.0.1${rawUrl.startsWith('/') ? rawUrl : `/${rawUrl}`}`);
    const match = this.router.match(method, url.pathname);
    const api = match.kind === 'found' ? match.route.api : match.api;
    const isService = api !== 'sandbox';
    const exchange: RecordedExchange = {
      requestId,
      api,
      method,
      url: rawUrl,
      requestHeaders: headerRecord(req),
      requestBody: new Uint8Array(0),
      processed: false,
    };
    if (match.kind === 'found') exchange.operationId = match.route.operationId;

    const decision: FaultDecision | undefined = isService ? service.faults.decide() : undefined;
    if (decision && decision.latencyMs > 0) await sleep(decision.latencyMs);
    const body = await readBody(req, service.behaviour.maxBodyBytes);
    exchange.requestBody = body.bytes;
    if (body.aborted) {
      // Nobody is left to answer: record the request and stop.
      this.finish(exchange, now);
      return;
    }

    if (decision?.resetBefore) {
      exchange.fault = 'reset-before';
      this.finish(exchange, now);
      resetConnection(req.socket);
      return;
    }

    let reply: Reply;
    const limit = isService ? service.faults.admit(now.getTime()) : { limited: false as const };
    if (body.tooLarge) {
      reply = gatewayError(413, 'Request Too Long', { Connection: 'close' });
    } else if (limit.limited) {
      exchange.fault = limit.kind === 'rate' ? 'rate-limit' : 'quota';
      reply =
        limit.kind === 'rate'
          ? gatewayError(429, 'Too Many Requests', {
              'Retry-After': String(limit.retryAfterSeconds),
              'X-Sandbox-Fault': 'rate-limit',
            })
          : gatewayError(429, 'Limit Exceeded', { 'X-Sandbox-Fault': 'quota' });
    } else if (decision?.errorStatus !== undefined) {
      exchange.fault = 'error';
      reply = injectedError(decision.errorStatus, service.faults.settings);
    } else if (malformedPathSegment(url.pathname) !== undefined) {
      reply = serviceError(
        400,
        'invalid-request',
        `The request path is not valid: "${malformedPathSegment(url.pathname) ?? ''}" is not percent-encoded UTF-8`,
        { path: url.pathname },
      );
    } else if (match.kind === 'not-found') {
      reply = gatewayError(404, 'Not Found', { 'X-Sandbox-Reason': `No operation at ${url.pathname}` });
    } else if (match.kind === 'method-not-allowed') {
      reply = gatewayError(405, 'Method Not Allowed', { Allow: match.allow.join(', ') });
    } else {
      const ctx: RequestContext = {
        service,
        route: match.route,
        params: match.params,
        // HEAD runs the GET operation (A37).
        method: match.route.method,
        path: url.pathname.slice(match.route.mount.length),
        query: url.searchParams,
        headers: exchange.requestHeaders,
        body: body.bytes,
        requestId,
        now,
      };
      try {
        const refused = checkSecurity(ctx);
        if (refused) reply = refused;
        else {
          exchange.processed = true;
          reply = await this.dispatch(ctx);
        }
      } catch (error) {
        if (error instanceof ValidationLimitError) {
          reply = serviceError(413, 'request-too-costly', `The request was not checked: ${error.message}`, {
            requestId,
          });
        } else {
          process.stderr.write(
            `sandbox: ${match.route.operationId} failed: ${(error as Error).stack ?? String(error)}\n`,
          );
          reply = serviceError(500, 'internal-error', 'Internal server error', { requestId });
        }
      }
    }

    if (exchange.processed) {
      try {
        await service.saved();
      } catch (error) {
        process.stderr.write(`sandbox: the state could not be saved: ${String(error)}\n`);
        reply = serviceError(500, 'internal-error', 'Internal server error', { requestId });
      }
    }

    // A 429 is the gateway's, given before the service saw the request: it always reaches the client (so a
    // storm is the number of 429s it says), and reset-after stays a fault of requests that went further.
    if (decision?.resetAfter && !limit.limited) {
      exchange.fault = 'reset-after';
      this.finish(exchange, now);
      resetConnection(req.socket);
      return;
    }
    if (decision?.slowBody) exchange.fault ??= 'slow-body';
    exchange.response = await send(
      res,
      reply,
      requestId,
      decision?.slowBody ? service.faults.settings.slowBodyMs : undefined,
    );
    this.finish(exchange, now);
  }

  private dispatch(ctx: RequestContext): Reply | Promise<Reply> {
    const handler = handlers[ctx.route.operationId];
    if (!handler) throw new Error(`no handler for ${ctx.route.operationId}`);
    return handler(ctx);
  }

  private finish(exchange: RecordedExchange, now: Date): void {
    if (exchange.api !== 'sandbox') {
      const entry: LogEntry = {
        requestId: exchange.requestId,
        time: now.toISOString(),
        method: exchange.method,
        path: exchange.url,
        api: exchange.api,
        processed: exchange.processed,
      };
      if (exchange.operationId !== undefined) entry.operationId = exchange.operationId;
      if (exchange.response) entry.status = exchange.response.status;
      if (exchange.fault !== undefined) entry.fault = exchange.fault;
      this.service.record(entry);
    }
    if (this.onExchange) {
      try {
        this.onExchange(exchange);
      } catch (error) {
        process.stderr.write(`sandbox: onExchange failed: ${String(error)}\n`);
      }
    }
  }
}

/**
 * The answer to a request Node's HTTP parser refused before the router saw it, as assumptions A05 and A08
 * describe every answer: `X-Http-Request-Id` and a gateway `{"message"}` body, `X-Sandbox-Reason` saying
 * what was wrong and how to send it instead. The connection is closed after it (the parser cannot go on).
 */
function clientErrorAnswer(error: NodeJS.ErrnoException): {
  status: number;
  message: string;
  reason: string;
} {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: 'Request Header Fields Too Large',
        reason: `The request line and headers together exceed ${maxHeaderSize} bytes: send long values in the body, or shorten the query`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        message: 'Request Too Long',
        reason: 'The chunk extensions of the request body exceed 16 KiB: send the body without them',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        message: 'Request Timeout',
        reason: 'The request line and headers did not arrive in time: send them at once, then the body',
      };
    default:
      return {
        status: 400,
        message: 'Bad Request',
        reason: `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}: ${error.message}): check the request line and the headers`,
      };
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

function answerClientError(error: NodeJS.ErrnoException, socket: Socket, requestId: string): void {
  // Node's own check: a connection that is gone, or whose answer to an earlier request is being written,
  // cannot take another answer.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, message, reason } = clientErrorAnswer(error);
  const body = JSON.stringify({ message });
  // A header value is one line of visible ASCII.
  const safeReason = reason.replace(/[^\x20-\x7e]/g, '?');
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? message}`,
      `X-Http-Request-Id: ${requestId}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Sandbox-Reason: ${safeReason}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/** Start a sandbox on 127.0.0.1. Tests call this with no port to get an ephemeral one. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = buildSeed(options.seed ?? DEFAULT_SEED);
  const clock = options.now ?? (() => new Date());
  const behaviour: BehaviourOptions = {
    strictIds: options.strictIds ?? DEFAULT_BEHAVIOUR.strictIds,
    emptyListStatus: options.emptyListStatus ?? DEFAULT_BEHAVIOUR.emptyListStatus,
    duplicateEnrollments: options.duplicateEnrollments ?? DEFAULT_BEHAVIOUR.duplicateEnrollments,
    presignedUrlTtlSeconds: options.presignedUrlTtlSeconds ?? DEFAULT_BEHAVIOUR.presignedUrlTtlSeconds,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_BEHAVIOUR.maxBodyBytes,
  };
  const faults = resolveFaults(options.faults);

  let state: SandboxState;
  let writer: StateFileWriter | undefined;
  if (options.dataFile !== undefined) {
    const opened = await openStateFile(options.dataFile, { durable: options.durable === true });
    const saved = opened.data;
    state = saved === undefined ? SandboxState.initial(seed, clock()) : SandboxState.fromData(seed, saved);
    writer = opened.writer;
    if (saved === undefined) {
      // Write the file at once, so an unwritable path is reported at start, not at the first change.
      writer.schedule(state);
      await writer.flush();
    }
  } else {
    state = SandboxState.initial(seed, clock());
  }
  const service = new SandboxService(seed, state, faults.settings, behaviour, clock, writer);
  if (faults.seed !== undefined) service.faults.configure(faults.settings, faults.seed);
  const sandbox = new SandboxServer(service, options.onExchange);

  const headersTimeoutMs = options.headersTimeoutMs;
  const server: Server = createServer(
    headersTimeoutMs === undefined
      ? {}
      : { connectionsCheckingInterval: Math.min(30_000, Math.max(10, Math.floor(headersTimeoutMs / 4))) },
    (req, res) => {
      sandbox.handle(req, res).catch((error: unknown) => {
        const requestId = service.nextRequestId();
        process.stderr.write(`sandbox: request ${requestId} failed: ${String(error)}\n`);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'application/json', 'X-Http-Request-Id': requestId }).end(
            JSON.stringify({
              'error-code': 'internal-error',
              message: 'Internal server error',
              details: { requestId },
            }),
          );
        } else res.destroy();
      });
    },
  );
  // Keep idle connections longer than clients do, so a reused keep-alive socket is not closed under a request.
  server.keepAliveTimeout = 65_000;
  if (headersTimeoutMs !== undefined) {
    server.headersTimeout = headersTimeoutMs;
    server.requestTimeout = Math.max(server.requestTimeout, headersTimeoutMs);
  }
  // What Node's HTTP parser refuses never reaches the router: answer it as documented all the same.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(error, socket, service.nextRequestId()),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox has no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;
  const mount = (api: ApiName): string => origin + sandbox.router.mountOf(api);
  service.urls = {
    origin,
    authUrl: mount('auth'),
    baseUrl: mount('v5'),
    legacyBaseUrl: mount('legacy'),
    sandboxUrl: mount('sandbox'),
    tokenUrl: `${mount('auth')}/api/oauth/token`,
  };

  let closed = false;
  return {
    urls: service.urls,
    port: address.port,
    demo: service.demoData(),
    seed,
    service,
    setFaults(spec) {
      const resolved = resolveFaults(spec);
      service.faults.configure(resolved.settings, resolved.seed);
    },
    reset() {
      service.reset();
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await service.close();
    },
  };
}
