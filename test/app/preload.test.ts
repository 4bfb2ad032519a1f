/**
 * The built preload (dist/app/preload.cjs, what Electron loads), run with a mocked `electron` module: it is
 * CommonJS, requires nothing but electron, exposes only `window.fieldgate` with three functions, forwards
 * calls as strings on the bridge channel and reports only trusted drops.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDesktop, desktopOutDir, outputIsCurrent } from '../../scripts/build.js';
import { BRIDGE_CHANNEL, DROPPED_CHANNEL, EVENT_CHANNEL } from '../../host/bridge-api.ts';

type Listener = (...args: unknown[]) => unknown;

const required: string[] = [];
const exposed = new Map<string, Record<string, Listener>>();
const windowListeners: { name: string; listener: Listener; capture: unknown }[] = [];
const ipcRenderer = {
  invoke: vi.fn(async () => '{"ok":true}'),
  send: vi.fn(),
  on: vi.fn(),
  removeListener: vi.fn(),
};
const electron = {
  contextBridge: {
    exposeInMainWorld: vi.fn((key: string, api: Record<string, Listener>) => void exposed.set(key, api)),
  },
  ipcRenderer,
  webUtils: { getPathForFile: vi.fn((file: { path: string }) => file.path) },
};

beforeAll(async () => {
  if (!outputIsCurrent(desktopOutDir)) await buildDesktop({ logLevel: 'silent' });
  const code = readFileSync(join(desktopOutDir, 'preload.cjs'), 'utf8');
  const module = { exports: {} };
  runInNewContext(code, {
    module,
    exports: module.exports,
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`the preload may not require ${name}`);
      return electron;
    },
    window: {
      addEventListener: (name: string, listener: Listener, capture: unknown) =>
        windowListeners.push({ name, listener, capture }),
    },
    Promise,
    TypeError,
    Array,
  });
});

describe('the preload', () => {
  it('requires only electron', () => {
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it('exposes exactly one object, window.fieldgate, with call, onEvent and pathForFile', () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect([...exposed.keys()]).toEqual(['fieldgate']);
    expect(Object.keys(exposed.get('fieldgate')!).sort()).toEqual(['call', 'onEvent', 'pathForFile']);
  });

  it('forwards calls as (method, JSON text) on the bridge channel, and refuses anything else', async () => {
    const api = exposed.get('fieldgate')!;
    await expect(api.call!('appInfo', '{}')).resolves.toBe('{"ok":true}');
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(BRIDGE_CHANNEL, 'appInfo', '{}');
    ipcRenderer.invoke.mockClear();
    await expect(api.call!('appInfo', { not: 'text' })).rejects.toThrow(TypeError);
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('passes only the event text to listeners, never the IPC event', () => {
    const listener = vi.fn();
    const unsubscribe = exposed.get('fieldgate')!.onEvent!(listener) as () => void;
    const [channel, forward] = ipcRenderer.on.mock.calls[0] as unknown as [string, Listener];
    expect(channel).toBe(EVENT_CHANNEL);
    forward({ sender: 'ipc internals' }, '{"type":"warning"}');
    expect(listener).toHaveBeenCalledWith('{"type":"warning"}');
    unsubscribe();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(EVENT_CHANNEL, forward);
  });

  it('reports the paths of trusted drops (webUtils.getPathForFile) and ignores synthetic ones', () => {
    const drop = windowListeners.find((l) => l.name === 'drop')!;
    expect(drop.capture).toBe(true);
    const files = [{ path: '/home/a/fields.csv' }, { path: '' }];
    drop.listener({ isTrusted: false, dataTransfer: { files } });
    expect(ipcRenderer.send).not.toHaveBeenCalled();
    drop.listener({ isTrusted: true, dataTransfer: { files } });
    expect(ipcRenderer.send).toHaveBeenCalledWith(DROPPED_CHANNEL, ['/home/a/fields.csv']);
  });
});

describe('files chosen in a file input', () => {
  it('are reported when the change is trusted and the input is a file input', () => {
    const change = windowListeners.find((l) => l.name === 'change')!;
    ipcRenderer.send.mockClear();
    const files = [{ path: '/home/a/soil.xml' }];
    change.listener({ isTrusted: false, target: { type: 'file', files } });
    change.listener({ isTrusted: true, target: { type: 'text', files } });
    expect(ipcRenderer.send).not.toHaveBeenCalled();
    change.listener({ isTrusted: true, target: { type: 'file', files } });
    expect(ipcRenderer.send).toHaveBeenCalledWith(DROPPED_CHANNEL, ['/home/a/soil.xml']);
  });
});
