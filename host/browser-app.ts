/** The whole browser-hosted app: handlers, optional embedded sandbox and the HTTP host, started together. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBrowserHost, type RunningBrowserHost } from './browser-host.ts';
import { lockDataDir } from './data-dir.ts';
import { startEmbeddedSandbox, type StartedSandbox } from './embedded-sandbox.ts';
import { EventHub } from './event-hub.ts';
import { createHandlers } from './handlers.ts';
import { memorySecretBox } from './secret-box.ts';
import { keptPoolThreads } from '../node/worker-threads.ts';

export interface BrowserAppOptions {
  packageRoot: string;
  dataDir: string;
  port?: number;
  /** Start the embedded sandbox (demo data) as the default submit target. */
  sandbox: boolean;
  token?: string;
}

export interface RunningBrowserApp {
  host: RunningBrowserHost;
  sandbox?: StartedSandbox;
  /**
   * Stop: running submits pause (new requests stop, those in flight get `graceMs`, the stop is journaled),
   * then the host and the sandbox close and the data folder is let go.
   */
  close(graceMs?: number): Promise<void>;
}

export function packageVersion(packageRoot: string): string {
  try {
    return String(
      (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version?: unknown }).version,
    );
  } catch {
    return '0.0.0';
  }
}

export async function startBrowserApp(options: BrowserAppOptions): Promise<RunningBrowserApp> {
  mkdirSync(options.dataDir, { recursive: true });
  const lock = await lockDataDir(options.dataDir, 'fieldgate web, starting');
  let sandbox: StartedSandbox | undefined;
  try {
    sandbox = options.sandbox ? await startEmbeddedSandbox(options.dataDir) : undefined;
  } catch (error) {
    await lock.release();
    throw error;
  }
  const events = new EventHub();
  const handlers = createHandlers({
    host: 'browser',
    version: packageVersion(options.packageRoot),
    examplesDir: join(options.packageRoot, 'examples'),
    dataDir: options.dataDir,
    secrets: memorySecretBox(),
    emit: events.emit,
    // The browser host runs no browser of its own: the page opens links itself (target=_blank, noopener).
    openExternal: async () => false,
    ...(sandbox ? { sandbox: sandbox.demo } : {}),
    // Big files are checked on the process's boundary workers, kept warm between files.
    threads: keptPoolThreads(),
  });
  let host: RunningBrowserHost;
  try {
    host = await startBrowserHost({
      rendererDir: join(options.packageRoot, 'dist', 'renderer'),
      handlers,
      events,
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.token ? { token: options.token } : {}),
    });
  } catch (error) {
    await sandbox?.sandbox.close();
    await lock.release();
    throw error;
  }
  await lock.describe(`fieldgate web at ${host.origin}`);
  return {
    host,
    ...(sandbox ? { sandbox } : {}),
    close: async (graceMs?: number) => {
      try {
        await handlers.close(graceMs);
        await host.close();
        await sandbox?.sandbox.close();
      } finally {
        await lock.release();
      }
    },
  };
}
