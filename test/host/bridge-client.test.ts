/**
 * The renderer's bridge client works with both hosts: over HTTP against the real browser host (token in a
 * header, events over SSE) and over a preload-shaped bridge (as Electron's); failures become BridgeErrors.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type RunningBrowserHost } from '../../host/browser-host.ts';
import { EventHub } from '../../host/event-hub.ts';
import { createHandlers, handleCall, type Handlers } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';
import { HOST_HEADER, type AppEvent } from '../../host/bridge-api.ts';
import {
  BridgeError,
  ConnectionState,
  createAppApi,
  httpTransport,
  preloadTransport,
  type PreloadBridge,
} from '../../renderer/bridge/client.ts';

const root = join(import.meta.dirname, '..', '..');
let dir: string;
let host: RunningBrowserHost;
let handlers: Handlers;
const events = new EventHub();
/** The header every answer of the browser host carries (a stub's answers pass for the host's with it). */
const hostHeaders = { [HOST_HEADER]: 'browser-host' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-bridge-client-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html>');
  handlers = createHandlers({
    host: 'browser',
    version: 'test',
    examplesDir: join(root, 'examples'),
    dataDir: join(dir, 'data'),
    secrets: memorySecretBox(),
    emit: events.emit,
    openExternal: async () => false,
  });
  host = await startBrowserHost({ rendererDir: join(dir, 'renderer'), handlers, events });
});

afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bridge client over HTTP', () => {
  it('calls typed methods with the token and validates an example', async () => {
    const api = createAppApi(httpTransport(host.origin, host.token));
    expect((await api.appInfo({})).host).toBe('browser');
    const { report } = await api.validateFiles({
      files: [{ path: join(root, 'examples', 'fields', 'boundaries.wkt') }],
    });
    expect(report.files[0]!.diagnostics.some((d) => d.code === 'GEO004')).toBe(true);
  });

  it('turns refusals into BridgeErrors: a wrong token, a request off its schema', async () => {
    const wrong = createAppApi(httpTransport(host.origin, 'not-the-token'));
    await expect(wrong.appInfo({})).rejects.toMatchObject({ name: 'BridgeError', kind: 'unauthorized' });
    const api = createAppApi(httpTransport(host.origin, host.token));
    const error = await api.getReport({ reportId: 'missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).kind).toBe('not-found');
  });

  it('receives host events', async () => {
    const api = createAppApi(httpTransport(host.origin, host.token));
    const got: AppEvent[] = [];
    const unsubscribe = api.onEvent((e) => got.push(e));
    // The stream connects asynchronously: emit until one arrives.
    for (let i = 0; i < 100 && got.length === 0; i++) {
      events.emit({ type: 'warning', message: 'from the host' });
      await new Promise((r) => setTimeout(r, 20));
    }
    unsubscribe();
    expect(got[0]).toEqual({ type: 'warning', message: 'from the host' });
  });
});

describe('how a tab stands with its host', () => {
  it('hears a token refused (the host restarted with another), a host gone, and the host answering again', async () => {
    const connection = new ConnectionState();
    const heard: string[] = [];
    connection.subscribe(() => heard.push(connection.get()));
    const stale = createAppApi(httpTransport(host.origin, 'another-launch', fetch, connection));
    await expect(stale.appInfo({})).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(connection.get()).toBe('stale-token');
    // Nothing listens at this address any more.
    const gone = await startBrowserHost({ rendererDir: join(dir, 'renderer'), handlers, events });
    await gone.close();
    const nowhere = createAppApi(httpTransport(gone.origin, gone.token, fetch, connection));
    await expect(nowhere.appInfo({})).rejects.toMatchObject({
      kind: 'failed',
      message: 'The Fieldgate host does not answer: it has stopped.',
    });
    expect(connection.get()).toBe('host-gone');
    const api = createAppApi(httpTransport(host.origin, host.token, fetch, connection));
    await api.appInfo({});
    expect(heard).toEqual(['stale-token', 'host-gone', 'connected']);
  });

  it('hears it from the event stream too, with no request made', async () => {
    const connection = new ConnectionState();
    const api = createAppApi(httpTransport(host.origin, 'another-launch', fetch, connection));
    const unsubscribe = api.onEvent(() => undefined);
    await expect.poll(() => connection.get()).toBe('stale-token');
    unsubscribe();
  });

  it('hears the host gone when its event stream ends, before any reconnect answers', async () => {
    const connection = new ConnectionState();
    const running = await startBrowserHost({ rendererDir: join(dir, 'renderer'), handlers, events });
    let attempts = 0;
    // The first attempt reaches the host; the reconnect never settles (a connect that hangs).
    const hangingReconnect: typeof fetch = (input, init) =>
      ++attempts === 1 ? fetch(input, init) : new Promise<Response>(() => undefined);
    const api = createAppApi(httpTransport(running.origin, running.token, hangingReconnect, connection));
    const got: AppEvent[] = [];
    const unsubscribe = api.onEvent((e) => got.push(e));
    // The stream is open once an event comes through it.
    for (let i = 0; i < 100 && got.length === 0; i++) {
      events.emit({ type: 'warning', message: 'stream open' });
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(got.length).toBeGreaterThan(0);
    expect(connection.get()).toBe('connected');
    await running.close();
    await expect.poll(() => connection.get()).toBe('host-gone');
    unsubscribe();
  });

  it('hears the host gone when another program answers at its address (the freed port taken)', async () => {
    const other = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      for (const subscribe of [false, true]) {
        const connection = new ConnectionState();
        const api = createAppApi(httpTransport(`http://127.0.0.1:${port}`, host.token, fetch, connection));
        if (subscribe) {
          const unsubscribe = api.onEvent(() => undefined);
          await expect.poll(() => connection.get()).toBe('host-gone');
          unsubscribe();
        } else {
          await expect(api.appInfo({})).rejects.toMatchObject({
            kind: 'failed',
            message:
              'The Fieldgate host does not answer: it has stopped (another program answers at its address, HTTP 404).',
          });
          expect(connection.get()).toBe('host-gone');
        }
      }
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('keeps the host gone when an answer sent before it went arrives after', async () => {
    const connection = new ConnectionState();
    let endStream: () => void = () => undefined;
    let answerCall: (response: Response) => void = () => undefined;
    const stub: typeof fetch = (input) => {
      const url = String(input);
      if (url.includes('/call/')) return new Promise<Response>((resolve) => (answerCall = resolve));
      if (endStream !== noop) return new Promise<Response>(() => undefined); // the reconnect: no answer
      const body = new ReadableStream<Uint8Array>({ start: (c) => (endStream = () => c.close()) });
      return Promise.resolve(new Response(body, { status: 200, headers: hostHeaders }));
    };
    const noop = endStream;
    const transport = httpTransport('http://127.0.0.1:9', 'token', stub, connection);
    const unsubscribe = transport.onEvent(() => undefined);
    await expect.poll(() => endStream !== noop).toBe(true);
    const call = transport.call('appInfo', '{}');
    endStream();
    await expect.poll(() => connection.get()).toBe('host-gone');
    answerCall(new Response('{}', { status: 200, headers: hostHeaders }));
    await call;
    expect(connection.get()).toBe('host-gone');
    unsubscribe();
  });
});

describe('the bridge client over a preload bridge', () => {
  it('sends JSON text both ways, as the Electron preload does', async () => {
    const sent: [string, string][] = [];
    const listeners = new Set<(json: string) => void>();
    const bridge: PreloadBridge = {
      call: async (method, json) => {
        sent.push([method, json]);
        return JSON.stringify((await handleCall(handlers, method, JSON.parse(json))).body);
      },
      onEvent: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      pathForFile: () => '',
    };
    const api = createAppApi(preloadTransport(bridge));
    expect((await api.listExamples({})).examples.length).toBeGreaterThan(5);
    expect(sent).toEqual([['listExamples', '{}']]);
    await expect(api.openExternal({ url: 'javascript:alert(1)' })).rejects.toMatchObject({
      kind: 'bad-request',
    });
    const got: AppEvent[] = [];
    api.onEvent((e) => got.push(e));
    for (const l of listeners) l('{"type":"warning","message":"x"}');
    expect(got).toEqual([{ type: 'warning', message: 'x' }]);
  });
});
