/**
 * The renderer's side of the bridge: one `AppApi`, whichever host serves the page.
 *  - Electron: the preload exposes `window.fieldgate` (contextBridge); calls go over IPC.
 *  - Browser host: calls are HTTP POSTs to 127.0.0.1 carrying the per-launch token (read once from the
 *    page's `#token=` fragment, which never reaches a server log or a Referer), events come as
 *    server-sent events read with fetch (so the token travels in a header, not in the URL).
 * Screens never know which one they talk to. The browser host can stop, or restart with a new token, while
 * a tab is open: the transport says so (`ConnectionState`), so the page can say it instead of failing quietly.
 */
import {
  appMethods,
  HOST_HEADER,
  HTTP_CALL_PATH,
  HTTP_EVENTS_PATH,
  TOKEN_HEADER,
  type AppApi,
  type AppEvent,
  type AppMethod,
  type AppRequest,
  type AppResponse,
  type BridgeFailure,
} from '../../host/bridge-api.ts';

/** What the Electron preload exposes on `window.fieldgate` (app/preload.cts). */
export interface PreloadBridge {
  /** Sends `JSON.stringify(request)`; resolves with the host's JSON answer text (an answer or a failure). */
  call(method: string, requestJson: string): Promise<string>;
  onEvent(listener: (eventJson: string) => void): () => void;
  /** The real path of a dropped File (webUtils.getPathForFile), '' when it has none. */
  pathForFile(file: File): string;
}

declare global {
  interface Window {
    fieldgate?: PreloadBridge;
  }
}

export class BridgeError extends Error {
  constructor(
    readonly kind: BridgeFailure['error']['kind'],
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/**
 * Where a tab stands with its host: answering; gone (nothing answers at its address); or answering, but
 * refusing this tab's token (it was restarted, with a new one: the tab must open the new link).
 */
export type HostConnection = 'connected' | 'host-gone' | 'stale-token';

/** The tab's HostConnection as its requests and event stream last found it, with listeners (React's store). */
export class ConnectionState {
  private state: HostConnection = 'connected';
  private readonly listeners = new Set<() => void>();

  get = (): HostConnection => this.state;

  report(state: HostConnection): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/**
 * What an answer says of the host: not its answer at all (no HOST_HEADER: something else took the freed
 * address) means gone; refused (401, 403) means another launch's token.
 */
const connectionOf = (response: Response): HostConnection =>
  !response.headers.has(HOST_HEADER)
    ? 'host-gone'
    : response.status === 401 || response.status === 403
      ? 'stale-token'
      : 'connected';

/** A transport: send one request, get its JSON answer text; subscribe to event texts. */
export interface BridgeTransport {
  call(method: AppMethod, requestJson: string): Promise<string>;
  onEvent(listener: (eventJson: string) => void): () => void;
}

function isFailure(value: unknown): value is BridgeFailure {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/** Build the typed API over a transport (JSON text both ways). */
export function createAppApi(transport: BridgeTransport): AppApi {
  const api: Partial<Record<AppMethod, (request: unknown) => Promise<unknown>>> = {};
  for (const method of appMethods) {
    api[method] = async (request: unknown) => {
      const answer: unknown = JSON.parse(await transport.call(method, JSON.stringify(request ?? {})));
      if (isFailure(answer)) throw new BridgeError(answer.error.kind, answer.error.message);
      return answer;
    };
  }
  return {
    ...(api as { [M in AppMethod]: (request: AppRequest<M>) => Promise<AppResponse<M>> }),
    onEvent(listener: (event: AppEvent) => void) {
      return transport.onEvent((text) => listener(JSON.parse(text) as AppEvent));
    },
  };
}

export function preloadTransport(bridge: PreloadBridge): BridgeTransport {
  return { call: (method, json) => bridge.call(method, json), onEvent: (l) => bridge.onEvent(l) };
}

/**
 * The browser host's transport: `base` is the page's origin, `token` the per-launch token; `connection`
 * hears how each request and the event stream fared.
 */
export function httpTransport(
  base: string,
  token: string,
  fetchImpl: typeof fetch = fetch,
  connection: ConnectionState = new ConnectionState(),
): BridgeTransport {
  const listeners = new Set<(eventJson: string) => void>();
  let stream: AbortController | undefined;
  // Times the host was found gone. An answer to a request sent before the last of them says nothing of the
  // host now (it was on its way when the host stopped), so it does not report 'connected' over 'host-gone'.
  let lost = 0;
  const gone = () => {
    lost++;
    connection.report('host-gone');
  };
  /** What the answer says of the host, heard unless it was sent before the host was last found gone. */
  const answered = (response: Response, sentWhenLost: number): HostConnection => {
    const state = connectionOf(response);
    if (state === 'host-gone') gone();
    else if (sentWhenLost === lost) connection.report(state);
    return state;
  };

  async function readEvents(signal: AbortSignal): Promise<void> {
    // Reconnects after a dropped connection (the host restarted, the machine slept) until unsubscribed.
    while (!signal.aborted) {
      // An answer that is not the host's (gone) or refuses the token (stale-token) has said where the tab
      // stands; only a stream that ends says the host stopped.
      let said = false;
      try {
        let response: Response;
        const sentWhenLost = lost;
        try {
          response = await fetchImpl(new URL(HTTP_EVENTS_PATH, base), {
            headers: { [TOKEN_HEADER]: token, accept: 'text/event-stream' },
            signal,
          });
        } catch (error) {
          if (!signal.aborted) gone();
          throw error;
        }
        const state = answered(response, sentWhenLost);
        said = state !== 'connected';
        if (state !== 'connected' || !response.ok || !response.body) {
          throw new Error(`events: HTTP ${response.status}`);
        }
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffered += value;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n');
            if (data) for (const listener of listeners) listener(data);
          }
        }
      } catch {
        if (signal.aborted) return;
      }
      // The host ends its event streams only when it stops: say so now, not only once a reconnect fails
      // (that left the banner to a second request, and a tab once looked connected to a stopped host for
      // 30 s). The reconnect reports 'connected' again as soon as the host answers.
      if (signal.aborted) return;
      if (!said) gone();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  return {
    async call(method, requestJson) {
      let response: Response;
      const sentWhenLost = lost;
      try {
        response = await fetchImpl(new URL(HTTP_CALL_PATH + method, base), {
          method: 'POST',
          headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
          body: requestJson,
        });
      } catch {
        gone();
        return JSON.stringify({
          error: { kind: 'failed', message: 'The Fieldgate host does not answer: it has stopped.' },
        });
      }
      if (answered(response, sentWhenLost) === 'host-gone') {
        return JSON.stringify({
          error: {
            kind: 'failed',
            message: `The Fieldgate host does not answer: it has stopped (another program answers at its address, HTTP ${response.status}).`,
          },
        });
      }
      const text = await response.text();
      if (!text.startsWith('{')) {
        return JSON.stringify({ error: { kind: 'failed', message: `HTTP ${response.status}` } });
      }
      return text;
    },
    onEvent(listener) {
      listeners.add(listener);
      if (!stream) {
        stream = new AbortController();
        void readEvents(stream.signal);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stream?.abort();
          stream = undefined;
        }
      };
    },
  };
}

const TOKEN_KEY = 'fieldgate-token';

/** The browser host's token: from `#token=…` on first load (then removed from the address bar). */
function browserToken(location: Location, storage: Storage): string | undefined {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match?.[1]) {
    storage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
    return match[1];
  }
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

/**
 * The API for this page: Electron's preload when present (its host lives as long as the window), else the
 * browser host, with the tab's connection to it.
 */
export function connectBridge(): { api: AppApi; connection: ConnectionState } {
  const connection = new ConnectionState();
  if (window.fieldgate) return { api: createAppApi(preloadTransport(window.fieldgate)), connection };
  const token = browserToken(window.location, window.sessionStorage);
  if (!token) throw new BridgeError('unauthorized', 'No token: open the address `fieldgate web` printed.');
  return { api: createAppApi(httpTransport(window.location.origin, token, fetch, connection)), connection };
}

/** The path of a dropped file where the host can read it (Electron), else undefined (read its bytes). */
export function pathOfDroppedFile(file: File): string | undefined {
  const path = window.fieldgate?.pathForFile(file);
  return path ? path : undefined;
}
