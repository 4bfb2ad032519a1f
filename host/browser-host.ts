/**
 * The browser host: the built renderer and the bridge over HTTP on 127.0.0.1, for browsers (and the
 * end-to-end tests). Other local pages and processes must not drive it, so:
 *  - it listens on 127.0.0.1 only;
 *  - every bridge call carries the per-launch random token in a header (401 without it, 403 with a wrong
 *    one); the page gets it from the `#token=` fragment of the printed URL, which no request carries;
 *  - the Host header must name this loopback address and port (a DNS-rebound name is refused), and an Origin
 *    header, when sent, must be this origin; cross-site fetch metadata is refused;
 *  - no CORS headers are ever sent, bodies are JSON only and capped.
 * Static files are public (they hold no data) and served with the renderer's CSP, derived from the saved
 * settings (the imagery tile server) on each request.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import {
  HOST_HEADER,
  HTTP_CALL_PATH,
  HTTP_EVENTS_PATH,
  TOKEN_HEADER,
  type BridgeFailure,
} from './bridge-api.ts';
import { rendererHeaders } from './content-security.ts';
import { rendererContentType } from './renderer-content-types.ts';
import type { EventHub } from './event-hub.ts';
import { handleCall, type Handlers } from './handlers.ts';

export interface BrowserHostOptions {
  /** Built renderer (dist/renderer). */
  rendererDir: string;
  handlers: Handlers;
  events: EventHub;
  /** 0 (default): a free port. */
  port?: number;
  /** Tests may fix it; by default 32 random bytes per launch. */
  token?: string;
}

export interface RunningBrowserHost {
  port: number;
  origin: string;
  token: string;
  /** The address to open: origin plus `#token=…`. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 300 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    [HOST_HEADER]: 'browser-host',
  });
  res.end(text);
}

function refuse(
  res: ServerResponse,
  status: number,
  kind: BridgeFailure['error']['kind'],
  message: string,
): void {
  sendJson(res, status, { error: { kind, message } } satisfies BridgeFailure);
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function startBrowserHost(options: BrowserHostOptions): Promise<RunningBrowserHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const rendererDir = realpathSync(resolve(options.rendererDir));
  let port = 0;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const streams = new Set<ServerResponse>();

  async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const relativePath = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
    const path = resolve(rendererDir, relativePath);
    let real: string;
    try {
      real = realpathSync(path);
      if (!(real + sep).startsWith(rendererDir + sep) || !statSync(real).isFile()) throw new Error('outside');
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const { tileUrl } = await options.handlers.getSettings({});
    res.writeHead(200, {
      ...rendererHeaders(tileUrl),
      'content-type': rendererContentType(extname(real)),
      'cache-control': real.endsWith('index.html') ? 'no-store' : 'max-age=3600',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(real).pipe(res);
  }

  async function serveApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().some((h) => origin === `http://${h}`)) {
      refuse(res, 403, 'unauthorized', 'this origin may not use the bridge');
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      refuse(res, 403, 'unauthorized', 'cross-site requests may not use the bridge');
      return;
    }
    const given = req.headers[TOKEN_HEADER];
    if (typeof given !== 'string' || given === '') {
      refuse(res, 401, 'unauthorized', `the bridge needs the launch token (header ${TOKEN_HEADER})`);
      return;
    }
    if (!sameToken(given, token)) {
      refuse(res, 403, 'unauthorized', 'wrong token');
      return;
    }
    if (pathname === HTTP_EVENTS_PATH && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        [HOST_HEADER]: 'browser-host',
      });
      res.write(': connected\n\n');
      streams.add(res);
      const unsubscribe = options.events.subscribe((event) =>
        res.write(`data: ${JSON.stringify(event)}\n\n`),
      );
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      res.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
        streams.delete(res);
      });
      return;
    }
    if (!pathname.startsWith(HTTP_CALL_PATH) || req.method !== 'POST') {
      refuse(res, 404, 'not-found', 'no such bridge address');
      return;
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      refuse(res, 415, 'bad-request', 'bridge calls are JSON (content-type application/json)');
      return;
    }
    const body = await readBody(req);
    if (!body) {
      refuse(res, 413, 'bad-request', 'request too large');
      return;
    }
    let request: unknown;
    try {
      request = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch {
      refuse(res, 400, 'bad-request', 'the request is not JSON');
      return;
    }
    const answer = await handleCall(options.handlers, pathname.slice(HTTP_CALL_PATH.length), request);
    sendJson(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    // DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends Host: evil.example.
    if (!allowedHosts().includes(req.headers.host ?? '')) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('wrong Host header');
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname.startsWith('/api/')) {
      serveApi(req, res, pathname).catch(() => {
        if (!res.headersSent) refuse(res, 500, 'failed', 'the host failed');
        else res.end();
      });
    } else
      serveStatic(req, res, pathname).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.end();
      });
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      const origin = `http://127.0.0.1:${port}`;
      resolvePromise({
        port,
        origin,
        token,
        url: `${origin}/#token=${token}`,
        close: () =>
          new Promise<void>((done) => {
            for (const stream of streams) stream.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
