/**
 * The Electron shell against the security checklist, with a mocked `electron` module: each setting is
 * asserted exactly, so weakening one (sandbox off, a looser CSP, a permission granted, navigation allowed,
 * an IPC sender not checked…) fails a test here.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  APP_START_URL,
  createAppProtocolHandler,
  isSafeExternalUrl,
  OPEN_DIALOG_OPTIONS,
  runDesktopApp,
  windowOptions,
  type ElectronModule,
} from '../../app/desktop-app.ts';
import { BRIDGE_CHANNEL, DROPPED_CHANNEL, EVENT_CHANNEL } from '../../host/bridge-api.ts';
import { RENDERER_CSP, rendererCsp } from '../../host/content-security.ts';

type Listener = (...args: unknown[]) => unknown;

/** A fake web contents that records its listeners and window-open handler. */
function fakeContents(id: number) {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  return {
    id,
    listeners,
    openHandler: (details: { url: string }) => openHandler!(details),
    on: vi.fn((name: string, listener: Listener) => void listeners.set(name, listener)),
    setWindowOpenHandler: vi.fn((handler: typeof openHandler) => void (openHandler = handler)),
    send: vi.fn(),
  };
}

function fakeElectron(userData: string) {
  const order: string[] = [];
  const appListeners = new Map<string, Listener>();
  const ipcHandlers = new Map<string, Listener>();
  const ipcListeners = new Map<string, Listener>();
  const windows: {
    options: unknown;
    contents: ReturnType<typeof fakeContents>;
    loadURL: ReturnType<typeof vi.fn>;
  }[] = [];
  const permission = {
    request: undefined as Listener | undefined,
    check: undefined as Listener | undefined,
    device: undefined as Listener | undefined,
  };
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const shell = { openExternal: vi.fn(async () => undefined) };
  /** What the next open-file dialog answers (the user's choice). */
  const dialogAnswer = { canceled: false, filePaths: [] as string[] };
  const dialog = { showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ ...dialogAnswer })) };

  class BrowserWindow {
    static last: BrowserWindow | undefined;
    webContents = fakeContents(7);
    loadURL = vi.fn(async () => undefined);
    constructor(readonly options: unknown) {
      order.push('window');
      BrowserWindow.last = this;
      windows.push({ options, contents: this.webContents, loadURL: this.loadURL });
    }
    once = vi.fn();
    on = vi.fn();
    show = vi.fn();
    isDestroyed = () => false;
  }

  const electron = {
    app: {
      enableSandbox: vi.fn(() => void order.push('enableSandbox')),
      requestSingleInstanceLock: vi.fn(() => true),
      on: vi.fn((name: string, listener: Listener) => void appListeners.set(name, listener)),
      whenReady: vi.fn(async () => void order.push('ready')),
      getPath: vi.fn(() => userData),
      quit: vi.fn(),
      exit: vi.fn(),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => void order.push('registerSchemes')),
      handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
        protocolHandlers.set(scheme, handler);
      }),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn((h: Listener) => void (permission.request = h)),
        setPermissionCheckHandler: vi.fn((h: Listener) => void (permission.check = h)),
        setDevicePermissionHandler: vi.fn((h: Listener) => void (permission.device = h)),
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(`sealed:${text}`),
      decryptString: (buffer: Buffer) => buffer.toString().replace(/^sealed:/, ''),
      getSelectedStorageBackend: () => 'basic_text',
    },
    ipcMain: {
      handle: vi.fn((channel: string, handler: Listener) => void ipcHandlers.set(channel, handler)),
      on: vi.fn((channel: string, listener: Listener) => void ipcListeners.set(channel, listener)),
    },
    shell,
    dialog,
    BrowserWindow,
  };
  return {
    electron,
    dialog,
    dialogAnswer,
    order,
    appListeners,
    ipcHandlers,
    ipcListeners,
    windows,
    permission,
    protocolHandlers,
    shell,
  };
}

let dir: string;
let fake: ReturnType<typeof fakeElectron>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-desktop-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Fieldgate</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(dir, 'secret.txt'), 'not for the renderer');
  fake = fakeElectron(join(dir, 'user-data'));
  await runDesktopApp(fake.electron as unknown as ElectronModule, {
    rendererDir,
    preloadPath: join(dir, 'preload.cjs'),
    packageRoot: join(import.meta.dirname, '..', '..'),
    sandbox: false,
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the window', () => {
  it('is sandboxed and context-isolated, without Node, with web security on and nothing experimental', () => {
    expect(fake.windows).toHaveLength(1);
    const prefs = (fake.windows[0]!.options as { webPreferences: Record<string, unknown> }).webPreferences;
    expect(prefs).toEqual({
      preload: join(dir, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    });
    expect(windowOptions('p').webPreferences).toEqual({ ...prefs, preload: 'p' });
  });

  it('loads the screens from app://, not file://', () => {
    expect(fake.windows[0]!.loadURL).toHaveBeenCalledWith('app://fieldgate/index.html');
    expect(APP_START_URL.startsWith('app://')).toBe(true);
  });

  it('turns on the sandbox for every renderer and registers the scheme before the app is ready', () => {
    expect(fake.order.indexOf('enableSandbox')).toBeGreaterThanOrEqual(0);
    expect(fake.order.indexOf('enableSandbox')).toBeLessThan(fake.order.indexOf('ready'));
    expect(fake.order.indexOf('registerSchemes')).toBeLessThan(fake.order.indexOf('ready'));
  });

  it('gives app:// only the privileges of a secure standard origin (no CSP bypass, no service workers, no CORS)', () => {
    expect(fake.electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([APP_SCHEME_PRIVILEGES]);
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    });
  });
});

describe('the app:// protocol', () => {
  const get = (url: string) => fake.protocolHandlers.get('app')!(new Request(url));

  it('serves the renderer with the strict CSP and nosniff', async () => {
    const response = await get('app://fieldgate/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toContain('text/html');
    expect((await get('app://fieldgate/assets/app.js')).headers.get('content-type')).toContain('javascript');
  });

  it('allows the saved imagery tile server, and nothing else, in the CSP of what it serves next', async () => {
    const trusted = { senderFrame: { url: 'app://fieldgate/index.html', parent: null }, sender: { id: 7 } };
    const save = async (tileUrl: string) =>
      JSON.parse(
        (await fake.ipcHandlers.get(BRIDGE_CHANNEL)!(
          trusted,
          'saveSettings',
          JSON.stringify({ theme: 'system', concurrency: 2, ratePerSecond: 5, tileUrl }),
        )) as string,
      );
    expect((await save('https://imagery.example.org/{z}/{x}/{y}.jpg')).tileUrl).toContain('imagery');
    const csp = (await get('app://fieldgate/index.html')).headers.get('content-security-policy');
    expect(csp).toBe(rendererCsp('https://imagery.example.org/{z}/{x}/{y}.jpg'));
    expect(csp).toBe(
      RENDERER_CSP.replace(
        "img-src 'self' data: blob:",
        "img-src 'self' data: blob: https://imagery.example.org",
      ).replace("connect-src 'self'", "connect-src 'self' https://imagery.example.org"),
    );
    expect((await save('https://{s}.example.org/{z}/{x}/{y}.jpg')).error.message).toMatch(/several servers/);
    expect(await save('')).toMatchObject({ tileUrl: '' });
    expect((await get('app://fieldgate/index.html')).headers.get('content-security-policy')).toBe(
      RENDERER_CSP,
    );
  });

  it('serves nothing outside the renderer folder, and nothing for another host', async () => {
    expect((await get('app://fieldgate/%2e%2e/secret.txt')).status).toBe(404);
    expect((await get('app://fieldgate/..%2fsecret.txt')).status).toBe(404);
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://fieldgate/missing.js')).status).toBe(404);
    const handler = createAppProtocolHandler(join(dir, 'renderer'));
    expect(
      (await handler(new Request('app://fieldgate/index.html', { method: 'POST', body: 'x' }))).status,
    ).toBe(404);
  });
});

describe('the CSP', () => {
  it('runs only the app’s own scripts and workers, no inline code, no eval, no plugins, no framing', () => {
    const directives = new Map(
      RENDERER_CSP.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});

describe('navigation, new windows and links', () => {
  function hardened() {
    const contents = fakeContents(99);
    fake.appListeners.get('web-contents-created')!({}, contents);
    return contents;
  }

  it('hardens every web contents the app creates', () => {
    expect(fake.appListeners.has('web-contents-created')).toBe(true);
    const contents = hardened();
    expect(contents.listeners.has('will-navigate')).toBe(true);
    expect(contents.listeners.has('will-redirect')).toBe(true);
    expect(contents.listeners.has('will-attach-webview')).toBe(true);
  });

  it('blocks navigation and redirects away from app://, allows them inside it', () => {
    const contents = hardened();
    for (const name of ['will-navigate', 'will-redirect']) {
      for (const url of [
        'https://example.com/',
        'file:///etc/passwd',
        'app://other/index.html',
        'javascript:alert(1)',
      ]) {
        const event = { preventDefault: vi.fn() };
        contents.listeners.get(name)!(event, url);
        expect(event.preventDefault, `${name} ${url}`).toHaveBeenCalled();
      }
      const inside = { preventDefault: vi.fn() };
      contents.listeners.get(name)!(inside, 'app://fieldgate/index.html#/submit');
      expect(inside.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('refuses webviews', () => {
    const event = { preventDefault: vi.fn() };
    hardened().listeners.get('will-attach-webview')!(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('opens no new window; only an http(s) link goes to the system browser', () => {
    const contents = hardened();
    fake.shell.openExternal.mockClear();
    expect(contents.openHandler({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
    fake.shell.openExternal.mockClear();
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://fieldgate/x',
      'https://user:pw@example.com/',
    ]) {
      expect(contents.openHandler({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('validates external URLs', () => {
    expect(isSafeExternalUrl('http://example.com')).toBe(true);
    expect(isSafeExternalUrl('https://example.com/a?b#c')).toBe(true);
    for (const url of [
      '',
      'example.com',
      'ftp://example.com',
      'file:///c:/x',
      'data:text/html,x',
      'https://a:b@example.com',
    ])
      expect(isSafeExternalUrl(url), url).toBe(false);
  });
});

describe('permissions', () => {
  it('denies every permission request, check and device', () => {
    const callback = vi.fn();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      fake.permission.request!({}, permission, callback);
    expect(callback.mock.calls.every(([granted]) => granted === false)).toBe(true);
    expect(callback).toHaveBeenCalledTimes(5);
    expect(fake.permission.check!({}, 'media')).toBe(false);
    expect(fake.permission.device!({})).toBe(false);
  });
});

describe('IPC', () => {
  const trusted = { senderFrame: { url: 'app://fieldgate/index.html', parent: null }, sender: { id: 7 } };
  const call = (event: unknown, method: unknown, json: unknown) =>
    fake.ipcHandlers.get(BRIDGE_CHANNEL)!(event, method, json) as Promise<string>;

  it('answers the app’s own main frame, through the schema-checked handlers', async () => {
    const info = JSON.parse(await call(trusted, 'appInfo', '{}'));
    expect(info.host).toBe('electron');
    expect(JSON.parse(await call(trusted, 'appInfo', '{"extra":1}')).error.kind).toBe('bad-request');
    expect(JSON.parse(await call(trusted, 'noSuchMethod', '{}')).error.kind).toBe('not-found');
    expect(JSON.parse(await call(trusted, 'appInfo', 'not json')).error.kind).toBe('bad-request');
  });

  it('opens the system’s file dialog for the app, modal to its window; the chosen files become readable', async () => {
    expect(JSON.parse(await call(trusted, 'appInfo', '{}')).nativeFileDialog).toBe(true);
    const chosen = join(dir, 'chosen.csv');
    writeFileSync(chosen, 'clientName\nSmith\n');
    const read = async () =>
      JSON.parse(await call(trusted, 'readFiles', JSON.stringify({ paths: [chosen] })));
    expect((await read()).error.kind).toBe('bad-request');

    // Cancelled: no path, nothing granted.
    fake.dialogAnswer.canceled = true;
    fake.dialogAnswer.filePaths = [chosen];
    expect(JSON.parse(await call(trusted, 'chooseFiles', '{}'))).toEqual({ paths: [] });
    expect((await read()).error.kind).toBe('bad-request');

    fake.dialogAnswer.canceled = false;
    expect(JSON.parse(await call(trusted, 'chooseFiles', '{}'))).toEqual({ paths: [chosen] });
    const [parent, options] = fake.dialog.showOpenDialog.mock.calls.at(-1)!;
    expect(parent).toBe(fake.electron.BrowserWindow.last);
    expect(options).toEqual(OPEN_DIALOG_OPTIONS);
    expect(OPEN_DIALOG_OPTIONS.properties).toEqual(['openFile', 'multiSelections']);
    expect(Buffer.from((await read()).files[0].contentBase64, 'base64').toString()).toBe(
      'clientName\nSmith\n',
    );

    // The request is schema-checked like any other; another sender opens no dialog.
    expect(JSON.parse(await call(trusted, 'chooseFiles', '{"defaultPath":"/etc"}')).error.kind).toBe(
      'bad-request',
    );
    fake.dialog.showOpenDialog.mockClear();
    const other = { senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: 7 } };
    expect(JSON.parse(await call(other, 'chooseFiles', '{}')).error.kind).toBe('unauthorized');
    expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
  });

  it('refuses a sender that is not the app: another page, a subframe, another web contents', async () => {
    const senders = [
      { senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: 7 } },
      { senderFrame: { url: 'app://fieldgate/index.html', parent: {} }, sender: { id: 7 } },
      { senderFrame: { url: 'app://fieldgate/index.html', parent: null }, sender: { id: 8 } },
      { senderFrame: null, sender: { id: 7 } },
    ];
    for (const event of senders)
      expect(JSON.parse(await call(event, 'appInfo', '{}')).error.kind).toBe('unauthorized');
  });

  it('lets the renderer read only examples and files the user dropped (reported by the preload)', async () => {
    const secret = join(dir, 'secret.txt');
    const read = async (event: unknown) =>
      JSON.parse(await call(event, 'readFiles', JSON.stringify({ paths: [secret] })));
    expect((await read(trusted)).error.kind).toBe('bad-request');
    fake.ipcListeners.get(DROPPED_CHANNEL)!(
      { ...trusted, senderFrame: { url: 'https://evil.example/', parent: null } },
      [secret],
    );
    expect((await read(trusted)).error.kind).toBe('bad-request');
    fake.ipcListeners.get(DROPPED_CHANNEL)!(trusted, [secret]);
    const answer = await read(trusted);
    expect(Buffer.from(answer.files[0].contentBase64, 'base64').toString()).toBe('not for the renderer');
  });

  it('sends host events to the window as JSON on the event channel', () => {
    expect(EVENT_CHANNEL).toBe('fieldgate:event');
    expect(fake.windows[0]!.contents.send).not.toHaveBeenCalledWith(BRIDGE_CHANNEL, expect.anything());
  });
});

describe('secrets', () => {
  it('are sealed with safeStorage, and the basic_text backend is reported as unprotected', async () => {
    const trusted = { senderFrame: { url: 'app://fieldgate/index.html', parent: null }, sender: { id: 7 } };
    const call = async (method: string, request: unknown) =>
      JSON.parse(
        (await fake.ipcHandlers.get(BRIDGE_CHANNEL)!(trusted, method, JSON.stringify(request))) as string,
      );
    const info = await call('appInfo', {});
    expect(info.secretStorage).toBe('basic_text');
    expect(info.warnings.join(' ')).toMatch(/not protected/);
    const saved = await call('saveProfile', {
      name: 'Production',
      authUrl: 'https://auth.example.com',
      baseUrl: 'https://api.example.com/partner',
      legacyBaseUrl: 'https://api.example.com/api/partnerapis',
      clientId: 'client-1',
      clientSecret: 'top-secret-value',
      apiKey: 'api-key-value',
    });
    expect(saved.profile).toMatchObject({ hasClientSecret: true, hasApiKey: true });
    expect(JSON.stringify(saved)).not.toContain('top-secret-value');
    const stored = readFileSync(join(dir, 'user-data', 'profiles.json'), 'utf8');
    expect(stored).not.toContain('top-secret-value');
    expect(stored).toContain(Buffer.from('sealed:top-secret-value').toString('base64'));
  });
});
