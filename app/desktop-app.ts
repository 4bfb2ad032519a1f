/**
 * The Electron shell, set up per Electron's security checklist (electronjs.org/docs/latest/tutorial/security):
 *  - the renderer runs sandboxed and context-isolated, with no Node integration and web security on; the
 *    only thing it gets is the preload's `window.fieldgate` bridge;
 *  - it is served from the privileged custom protocol app:// (not file://), with a strict CSP header;
 *  - navigation away from the app, new windows, webviews and redirects are refused; links open in the
 *    system browser only when they are http(s) URLs;
 *  - every IPC message is checked to come from the app's own main frame; every request body is validated
 *    by the bridge handlers' schemas;
 *  - every permission request (camera, notifications, geolocation…) and check is denied;
 *  - files are chosen in the system's dialog, opened by the main process for a checked bridge call: the
 *    page never names a path it may read, the user does;
 *  - secrets are sealed with safeStorage (with a warning where it only has the basic_text backend).
 * The `electron` module is passed in, so tests run this with a mock and check every setting.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type * as Electron from 'electron';
import {
  BATCH_FILE_EXTENSIONS,
  BRIDGE_CHANNEL,
  DROPPED_CHANNEL,
  EVENT_CHANNEL,
  type AppEvent,
} from '../host/bridge-api.ts';
import { packageVersion } from '../host/browser-app.ts';
import { rendererHeaders } from '../host/content-security.ts';
import { rendererContentType } from '../host/renderer-content-types.ts';
import { startEmbeddedSandbox, type StartedSandbox } from '../host/embedded-sandbox.ts';
import { EventHub } from '../host/event-hub.ts';
import { FileAccess } from '../host/file-access.ts';
import { lockDataDir } from '../host/data-dir.ts';
import { createHandlers, handleCall } from '../host/handlers.ts';
import { safeStorageSecretBox } from '../host/secret-box.ts';

export type ElectronModule = typeof Electron;

const APP_SCHEME = 'app';
const APP_HOST = 'fieldgate';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

export interface DesktopOptions {
  rendererDir: string;
  preloadPath: string;
  packageRoot: string;
  /** Start the embedded sandbox with demo data (what `npm start` does). */
  sandbox: boolean;
  /** Profiles, settings and journals; default: Electron's userData folder. */
  dataDir?: string;
}

/** The window's settings: every one is a checklist item (tests fail if one is weakened). */
export function windowOptions(preloadPath: string): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Fieldgate',
    webPreferences: {
      preload: preloadPath,
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
    },
  };
}

/** The app:// scheme: standard and secure (a real origin, fetch and workers work), nothing more. */
export const APP_SCHEME_PRIVILEGES: Electron.CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/**
 * Serves app://fieldgate/… from the built renderer only (no traversal, no other host), with the CSP for the
 * saved imagery tile URL (asked on each request: a new one applies from the next load).
 */
export function createAppProtocolHandler(
  rendererDir: string,
  tileUrl: () => Promise<string> = async () => '',
): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir);
  return async (request) => {
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || request.method !== 'GET')
      return new Response('not found', { status: 404 });
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response('bad request', { status: 400 });
    }
    const path = resolve(root, pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, ''));
    if (!path.startsWith(root + sep)) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(path);
      return new Response(new Uint8Array(body), {
        status: 200,
        headers: {
          ...rendererHeaders(await tileUrl()),
          'content-type': rendererContentType(extname(path)),
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
}

/** Only http(s) URLs with a host, no credentials in them, open outside the app. */
export function isSafeExternalUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    !url.username &&
    !url.password
  );
}

/** Whether a URL is the app's own page (navigation inside the app). */
function isAppUrl(value: string): boolean {
  try {
    // Not URL.origin: WHATWG URL gives "null" for a scheme it does not know as special (Node does not know
    // app:// is registered as standard), so compare the scheme and host themselves.
    const url = new URL(value);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Locks down every web contents the app ever creates (windows, and anything a bug might create). */
function hardenWebContents(contents: Electron.WebContents, shell: Electron.Shell): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** Every permission request and check is refused: the app needs none. */
function denyAllPermissions(session: Electron.Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** An IPC message is accepted only from the main frame of one of the app's windows, showing app://. */
function isTrustedSender(
  frame: Electron.WebFrameMain | null | undefined,
  windows: ReadonlySet<number>,
  senderId: number,
): boolean {
  if (!frame || !windows.has(senderId)) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

/** The open-file dialog's settings: files only (several), the batch kinds first. */
export const OPEN_DIALOG_OPTIONS: Electron.OpenDialogOptions = {
  title: 'Add files to the batch',
  properties: ['openFile', 'multiSelections'],
  filters: [
    { name: 'Farm data', extensions: [...BATCH_FILE_EXTENSIONS] },
    { name: 'All files', extensions: ['*'] },
  ],
};

export async function runDesktopApp(electron: ElectronModule, options: DesktopOptions): Promise<void> {
  const { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, shell } = electron;

  // Before ready: the scheme's privileges, the sandbox for every renderer, one instance.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, shell));

  await app.whenReady();
  denyAllPermissions(session.defaultSession);

  const dataDir = options.dataDir ?? app.getPath('userData');
  mkdirSync(dataDir, { recursive: true });
  // One host per data folder (a browser host started on it too is refused, and the other way round).
  const dataLock = await lockDataDir(dataDir, 'the desktop app');
  let sandbox: StartedSandbox | undefined;
  if (options.sandbox) sandbox = await startEmbeddedSandbox(dataDir);
  const events = new EventHub();
  const files = new FileAccess([join(options.packageRoot, 'examples')]);
  // The app's window, once made (the dialog is modal to it).
  const appWindow: { current?: Electron.BrowserWindow } = {};
  const handlers = createHandlers({
    host: 'electron',
    version: packageVersion(options.packageRoot),
    examplesDir: join(options.packageRoot, 'examples'),
    dataDir,
    secrets: safeStorageSecretBox(safeStorage, process.platform),
    files,
    emit: events.emit,
    openExternal: async (url) => {
      if (!isSafeExternalUrl(url)) return false;
      await shell.openExternal(url);
      return true;
    },
    chooseFiles: async () => {
      // Modal to the app's window; what the user chooses there is what the host may read.
      const chosen =
        appWindow.current && !appWindow.current.isDestroyed()
          ? await dialog.showOpenDialog(appWindow.current, OPEN_DIALOG_OPTIONS)
          : await dialog.showOpenDialog(OPEN_DIALOG_OPTIONS);
      if (chosen.canceled) return [];
      for (const path of chosen.filePaths) files.grant(path);
      return chosen.filePaths;
    },
    ...(sandbox ? { sandbox: sandbox.demo } : {}),
  });

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler(options.rendererDir, async () => (await handlers.getSettings({})).tileUrl),
  );

  const windowIds = new Set<number>();
  ipcMain.handle(BRIDGE_CHANNEL, async (event, method: unknown, requestJson: unknown) => {
    if (!isTrustedSender(event.senderFrame, windowIds, event.sender.id))
      return JSON.stringify({ error: { kind: 'unauthorized', message: 'not the app' } });
    if (
      typeof method !== 'string' ||
      typeof requestJson !== 'string' ||
      requestJson.length > 300 * 1024 * 1024
    )
      return JSON.stringify({ error: { kind: 'bad-request', message: 'call(method, requestJson)' } });
    let request: unknown;
    try {
      request = JSON.parse(requestJson);
    } catch {
      return JSON.stringify({ error: { kind: 'bad-request', message: 'the request is not JSON' } });
    }
    return JSON.stringify((await handleCall(handlers, method, request)).body);
  });
  ipcMain.on(DROPPED_CHANNEL, (event, paths: unknown) => {
    if (!isTrustedSender(event.senderFrame, windowIds, event.sender.id) || !Array.isArray(paths)) return;
    for (const path of paths) if (typeof path === 'string' && path !== '') files.grant(path);
  });

  const shown = new BrowserWindow(windowOptions(options.preloadPath));
  appWindow.current = shown;
  windowIds.add(shown.webContents.id);
  const forward = (event: AppEvent): void => {
    if (!shown.isDestroyed()) shown.webContents.send(EVENT_CHANNEL, JSON.stringify(event));
  };
  const unsubscribe = events.subscribe(forward);
  shown.once('ready-to-show', () => shown.show());
  shown.on('closed', () => {
    unsubscribe();
    windowIds.clear();
  });
  app.on('window-all-closed', () => app.quit());
  // Quitting (the window closed, Ctrl+C, SIGTERM) pauses running submits first and journals it: they are
  // resumed on the next launch. In flight requests get 2 s.
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    event.preventDefault();
    closing = true;
    void handlers
      .close(2000)
      .catch(() => undefined)
      .finally(async () => {
        await sandbox?.sandbox.close().catch(() => undefined);
        await dataLock.release();
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  await shown.loadURL(APP_START_URL);
}
