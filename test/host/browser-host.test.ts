/**
 * The browser host's guard: only a caller with this launch's token, on this loopback address, from this
 * origin, may use the bridge; the renderer's files are public but confined to its folder and sent with the
 * CSP; events stream to token holders.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../host/bridge-api.ts';
import { startBrowserHost, type RunningBrowserHost } from '../../host/browser-host.ts';
import { RENDERER_CSP, rendererCsp } from '../../host/content-security.ts';
import { EventHub } from '../../host/event-hub.ts';
import { createHandlers } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';

const root = join(import.meta.dirname, '..', '..');
let dir: string;
let host: RunningBrowserHost;
const events = new EventHub();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request (fetch may not set Host or Origin freely). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const call = (method: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(`/api/call/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token, ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-browser-host-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Fieldgate</title>');
  writeFileSync(join(dir, 'private.txt'), 'private');
  const handlers = createHandlers({
    host: 'browser',
    version: 'test',
    examplesDir: join(root, 'examples'),
    dataDir: join(dir, 'data'),
    secrets: memorySecretBox(),
    emit: events.emit,
    openExternal: async () => false,
  });
  host = await startBrowserHost({ rendererDir, handlers, events });
});

afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the launch token', () => {
  it('is random, long, and part of the printed URL only as a fragment', () => {
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
  });

  it('refuses a bridge call without the token (401) or with a wrong one (403)', async () => {
    const none = await raw('/api/call/appInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body).error.kind).toBe('unauthorized');
    const wrong = await call(
      'appInfo',
      {},
      { [TOKEN_HEADER]: host.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
    );
    expect(wrong.status).toBe(403);
    const inQuery = await raw(`/api/call/appInfo?token=${host.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(inQuery.status).toBe(401);
  });

  it('answers a call with the token', async () => {
    const answer = await call('appInfo', {});
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ host: 'browser', secretStorage: 'memory-only' });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses the event stream without the token', async () => {
    expect((await raw('/api/events')).status).toBe(401);
  });
});

describe('DNS rebinding and other origins', () => {
  it('refuses a Host header that is not this loopback address and port', async () => {
    const rebound = await raw('/api/call/appInfo', {
      method: 'POST',
      headers: {
        host: `evil.example:${host.port}`,
        'content-type': 'application/json',
        [TOKEN_HEADER]: host.token,
      },
      body: '{}',
    });
    expect(rebound.status).toBe(421);
    expect((await raw('/', { headers: { host: 'evil.example' } })).status).toBe(421);
    expect((await raw('/', { headers: { host: `localhost:${host.port}` } })).status).toBe(200);
  });

  it('refuses another Origin and cross-site fetches, even with the token', async () => {
    expect((await call('appInfo', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await call('appInfo', {}, { origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await call('appInfo', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await call('appInfo', {}, { origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
  });
});

describe('requests at the host edge', () => {
  it('are JSON matching the method schema, else 415 / 400 / 404', async () => {
    const form = await raw('/api/call/appInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [TOKEN_HEADER]: host.token },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    const extra = await call('appInfo', { surprise: true });
    expect(extra.status).toBe(400);
    expect(JSON.parse(extra.body).error.kind).toBe('bad-request');
    const badUrl = await call('openExternal', { url: 'file:///etc/passwd' });
    expect(badUrl.status).toBe(400);
    expect((await call('noSuchMethod', {})).status).toBe(404);
    expect((await call('__proto__', {})).status).toBe(404);
  });

  it('read only the examples, not any file the page names', async () => {
    const refused = await call('readFiles', { paths: [join(dir, 'private.txt')] });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.message).toMatch(/not a file given to the app/);
    const example = await call('readFiles', {
      paths: [join(root, 'examples', 'fields', 'clean-fields.json')],
    });
    expect(example.status).toBe(200);
  });
});

describe('the file dialog', () => {
  it('is not the browser host’s: the page’s file input is used, and a call says so', async () => {
    expect(JSON.parse((await call('appInfo', {})).body).nativeFileDialog).toBe(false);
    const answer = await call('chooseFiles', {});
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/no file dialog: choose the files with the page’s file input/);
  });
});

describe('the renderer files', () => {
  it('are served with the CSP, and nothing outside the renderer folder', async () => {
    const index = await raw('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-security-policy']).toBe(RENDERER_CSP);
    expect(index.body).toContain('<title>Fieldgate</title>');
    expect((await raw('/..%2fprivate.txt')).status).toBe(404);
    expect((await raw('/%2e%2e/private.txt')).status).toBe(404);
    expect((await raw('/index.html', { method: 'POST', body: '' })).status).toBe(405);
  });

  it('are served with a CSP that allows the saved imagery tile server, from the next load on', async () => {
    const settings = { theme: 'system', concurrency: 2, ratePerSecond: 5 };
    expect(
      (await call('saveSettings', { ...settings, tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' })).status,
    ).toBe(200);
    const csp = String((await raw('/')).headers['content-security-policy']);
    expect(csp).toBe(rendererCsp('http://127.0.0.1:9/{z}/{x}/{y}.png'));
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:9;");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9;");
    const refused = await call('saveSettings', { ...settings, tileUrl: 'https://*.example/{z}/{x}/{y}' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatch(/tileUrl: the imagery tile URL .*names several servers/);
    expect(String((await raw('/')).headers['content-security-policy'])).toBe(csp);
    expect((await call('saveSettings', { ...settings, tileUrl: '' })).status).toBe(200);
    expect((await raw('/')).headers['content-security-policy']).toBe(RENDERER_CSP);
  });
});

describe('events', () => {
  it('stream to a token holder as server-sent events', async () => {
    const controller = new AbortController();
    const response = await fetch(`${host.origin}/api/events`, {
      headers: { [TOKEN_HEADER]: host.token },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // ": connected"
    events.emit({ type: 'warning', message: 'hello' });
    let text = '';
    while (!text.includes('\n\n') || !text.includes('data:')) text += (await reader.read()).value ?? '';
    expect(text).toContain('data: {"type":"warning","message":"hello"}');
    controller.abort();
  });
});
