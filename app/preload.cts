/**
 * The preload (CommonJS: a sandboxed preload cannot be an ES module). It exposes exactly one object,
 * `window.fieldgate`, through contextBridge: a JSON call, an event subscription and the path of a dropped
 * file. No Electron or Node object crosses into the page.
 */
// A .cts file under verbatimModuleSyntax imports with `import = require` (the output is CommonJS).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');
// eslint-disable-next-line @typescript-eslint/no-require-imports
import channels = require('../host/bridge-channels.ts');

const { contextBridge, ipcRenderer, webUtils } = electron;
const { BRIDGE_CHANNEL, DROPPED_CHANNEL, EVENT_CHANNEL } = channels;

// Files the user really gave the app (dropped, or chosen in a file input: trusted events only, seen here
// in the isolated world before the page's handlers) are the files the host may read: report their paths.
function grant(files: FileList | null | undefined): void {
  const paths = Array.from(files ?? [])
    .map((file) => webUtils.getPathForFile(file))
    .filter(Boolean);
  if (paths.length > 0) ipcRenderer.send(DROPPED_CHANNEL, paths);
}
window.addEventListener(
  'drop',
  (event: DragEvent) => {
    if (event.isTrusted) grant(event.dataTransfer?.files);
  },
  true,
);
window.addEventListener(
  'change',
  (event: Event) => {
    const input = event.target as HTMLInputElement | null;
    if (event.isTrusted && input?.type === 'file') grant(input.files);
  },
  true,
);

contextBridge.exposeInMainWorld('fieldgate', {
  call: (method: string, requestJson: string): Promise<string> => {
    if (typeof method !== 'string' || typeof requestJson !== 'string')
      return Promise.reject(new TypeError('call(method, requestJson) takes two strings'));
    return ipcRenderer.invoke(BRIDGE_CHANNEL, method, requestJson) as Promise<string>;
  },
  onEvent: (listener: (eventJson: string) => void): (() => void) => {
    const forward = (_event: electron.IpcRendererEvent, eventJson: string): void => listener(eventJson);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
  pathForFile: (file: File): string => webUtils.getPathForFile(file),
});
