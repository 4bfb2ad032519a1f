import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBrowserApp } from '../../host/browser-app.ts';
import { DataDirInUseError, defaultDataDir } from '../../host/data-dir.ts';
import { openBrowser } from '../../host/open-browser.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';
import { portInUseMessage, waitForStopSignal } from '../io/local-server.ts';
import { announceIfSlow } from '../render/progress-line.ts';
import { parseOptionArgs } from './command-args.ts';
import { describeSandbox } from './sandbox.ts';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

const USAGE = `Usage: fieldgate web [--port P] [--no-open] [--no-sandbox] [--data-dir DIR]   (also \`npm run web\`)

Serves the desktop app's screens to your browser from 127.0.0.1, with the embedded sandbox (demo data) as
the default place to submit to. Prints the address to open, with this launch's token, on one line: only a
page opened from it can use the app (other pages and programs cannot). Ctrl+C stops it.

Options:
  --port P         port on 127.0.0.1 (default 0: a free one)
  --no-open        do not open a browser (also when the environment sets BROWSER=none)
  --no-sandbox     do not start the embedded sandbox
  --data-dir DIR   keep profiles, settings and submit journals in DIR (default: FIELDGATE_DATA_DIR, else
                   the per-user config folder)

Examples:
  fieldgate web                              # a free port; opens your browser at the printed address
  fieldgate web --port 8080 --no-open        # on 127.0.0.1:8080; open the printed address yourself
  fieldgate web --data-dir ./fieldgate-data  # profiles, settings and journals kept beside you`;

/**
 * Builds dist/renderer when it is missing or older than its sources (a fresh checkout builds it in
 * `npm install`; this covers edited sources). Returns a one-line problem, or undefined when it is ready.
 */
export async function ensureRendererBuilt(root: string): Promise<string | undefined> {
  try {
    const build = await loadBuildScript(root);
    if (!build.outputIsCurrent(build.rendererOutDir)) await build.buildRenderer({ logLevel: 'warn' });
    return undefined;
  } catch (error) {
    return `cannot build the app's screens (${firstLineOf(error)})`;
  }
}

/** What `fieldgate web` and `fieldgate app` use of scripts/build.js. */
interface BuildScript {
  rendererOutDir: string;
  desktopOutDir: string;
  outputIsCurrent(dir: string): boolean;
  buildRenderer(options?: { logLevel?: string }): Promise<void>;
  buildDesktop(): Promise<void>;
}

function loadBuildScript(root: string): Promise<BuildScript> {
  // Not bundled into the CLI: the build script, Vite and esbuild are development tools of the checkout.
  return import(pathToFileURL(join(root, 'scripts', 'build.js')).href) as Promise<BuildScript>;
}

function firstLineOf(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** `--port P` of the browser host: 0 (a free port) when not given. */
function browserHostPort(value: string | undefined): number {
  const port = value === undefined ? 0 : Number(value);
  if (!/^\d+$/.test(value ?? '0') || port > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}

/** `--data-dir DIR` from the working directory, else FIELDGATE_DATA_DIR or the per-user config folder. */
function dataDirOption(value: string | undefined, io: CliIo): string {
  return value ? resolve(io.cwd, value) : defaultDataDir(io.env);
}

export interface WebCommandDeps {
  /** Resolves when the host should stop; tests pass their own. */
  waitForStop?: () => Promise<void>;
}

export function createWebCommand(deps: WebCommandDeps = {}): CliCommand {
  return {
    name: 'web',
    summary: 'serve the app in your browser (127.0.0.1, with a per-launch token)',
    usage: USAGE,
    async run(args: string[], io: CliIo): Promise<number> {
      const { values } = parseOptionArgs(args, {
        port: { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        'no-sandbox': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
      });
      if (values.help) {
        io.stdout(USAGE + '\n');
        return EXIT_OK;
      }
      return serveInBrowser(io, {
        port: browserHostPort(values.port),
        open: !values['no-open'],
        sandbox: !values['no-sandbox'],
        dataDir: dataDirOption(values['data-dir'], io),
        ...(deps.waitForStop ? { waitForStop: deps.waitForStop } : {}),
      });
    },
  };
}

export interface ServeOptions {
  port: number;
  open: boolean;
  sandbox: boolean;
  dataDir: string;
  waitForStop?: () => Promise<void>;
  /** Print the embedded sandbox's addresses and demo credentials (`npm start`), not just its address. */
  sandboxBanner?: boolean;
}

/** The browser host until Ctrl+C: `fieldgate web`, and `npm start` where Electron cannot start. */
export async function serveInBrowser(io: CliIo, options: ServeOptions): Promise<number> {
  // Each step that takes more than a second says so on stderr (stdout keeps the one line with the URL).
  const problem = await announceIfSlow(io, "building the app's screens", () =>
    ensureRendererBuilt(packageRoot),
  );
  if (problem) {
    io.stderr(`fieldgate web: ${problem}; run \`npm run build\`\n`);
    return EXIT_USAGE;
  }
  const signalled = options.waitForStop ? undefined : waitForStopSignal();
  let app;
  try {
    app = await announceIfSlow(
      io,
      options.sandbox ? 'starting the embedded sandbox and the app' : 'starting the app',
      () =>
        startBrowserApp({
          packageRoot,
          dataDir: options.dataDir,
          port: options.port,
          sandbox: options.sandbox,
        }),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      io.stderr(portInUseMessage('web', options.port));
      return EXIT_USAGE;
    }
    if (error instanceof DataDirInUseError) {
      io.stderr(`fieldgate web: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
  if (app.sandbox)
    (options.sandboxBanner ? io.stdout : io.stderr)(
      options.sandboxBanner
        ? describeSandbox(app.sandbox.sandbox)
        : `Embedded sandbox (demo data) on ${app.sandbox.sandbox.urls.origin}\n`,
    );
  // The one line scripts and people look for: the address with this launch's token.
  io.stdout(`Fieldgate is running at ${app.host.url}\n`);
  const opened = options.open && openBrowser(app.host.url, io.env);
  io.stderr(`${opened ? 'Opened it in your browser. ' : ''}Press Ctrl+C to stop.\n`);
  await (signalled ?? options.waitForStop?.());
  // Running submits pause and journal it (resumable on the next start); in flight requests get 2 s.
  io.stderr('fieldgate web: stopping (running submits pause, resumable on the next start)…\n');
  await app.close(2000);
  if (app.sandbox) io.stderr('fieldgate sandbox: stopped\n');
  io.stderr('fieldgate web: stopped\n');
  // Stopped by a signal: nothing of ours is left to run, so the process ends now, whatever a library left
  // waiting (keep-alive sockets, timers).
  if (signalled) setTimeout(() => process.exit(EXIT_OK), 200).unref();
  return EXIT_OK;
}

export const webCommand = createWebCommand();

const APP_USAGE = `Usage: fieldgate app [--port P] [--browser] [--data-dir DIR]   (what \`npm start\` runs)

Builds what is not built (the screens with Vite, the Electron main and preload), then opens the desktop app
with the embedded sandbox (demo data) running in it. Where Electron cannot start (no Electron binary, no
display) it says why in one line and serves the app to your browser instead, as \`fieldgate web\` does
(opening a browser unless BROWSER=none).

Options:
  --port P         the browser host's port on 127.0.0.1 when it is used (default 0: a free one)
  --browser        use the browser host even where Electron could start
  --data-dir DIR   as for \`fieldgate web\`

Examples:
  fieldgate app                              # the desktop app (npm start)
  fieldgate app --browser                    # the same screens in your browser, even where Electron runs
  fieldgate app --data-dir ./fieldgate-data  # profiles, settings and journals kept beside you`;

/** Why Electron cannot start here, in one line; undefined when it should. */
export function electronUnavailable(
  env: Readonly<Record<string, string | undefined>>,
  platform = process.platform,
  resolveBinary: () => string = () => createRequire(join(packageRoot, 'package.json'))('electron') as string,
): { reason: string } | { binary: string } {
  let binary: string;
  try {
    binary = resolveBinary();
  } catch {
    // package.json's allowScripts keeps npm 11 from running Electron's download on install, so an offline
    // install succeeds; where the network allows, `node node_modules/electron/install.js` fetches it.
    return {
      reason:
        'no Electron binary is installed (fetch it with `node node_modules/electron/install.js` where the network allows)',
    };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  return { binary };
}

/** Builds dist/app (Electron main and preload) when it is missing or older than its sources. */
async function ensureDesktopBuilt(root: string): Promise<string | undefined> {
  try {
    const build = await loadBuildScript(root);
    if (!build.outputIsCurrent(build.desktopOutDir)) await build.buildDesktop();
    return undefined;
  } catch (error) {
    return `cannot build the Electron main process (${firstLineOf(error)})`;
  }
}

/** Runs Electron until it exits; resolves with its exit code, or a reason when it failed to start. */
function runElectron(binary: string, env: NodeJS.ProcessEnv): Promise<{ code: number } | { reason: string }> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(binary, [join(packageRoot, 'dist', 'app', 'main.mjs')], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...env, ELECTRON_RUN_AS_NODE: undefined },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      process.stderr.write(d);
    });
    const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => done({ reason: `Electron did not start (${error.message})` }));
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      // Dying at once (missing libraries, no usable display) is "cannot start", not the user quitting.
      if (code !== 0 && signal === null && Date.now() - started < 5000)
        done({ reason: `Electron exited at once (code ${code}): ${stderr.trim().split('\n').pop() ?? ''}` });
      else done({ code: code ?? 0 });
    });
  });
}

export const appCommand: CliCommand = {
  name: 'app',
  summary: 'open the desktop app (or, where Electron cannot start, serve it to your browser)',
  usage: APP_USAGE,
  async run(args: string[], io: CliIo): Promise<number> {
    const { values } = parseOptionArgs(args, {
      port: { type: 'string' },
      browser: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    });
    if (values.help) {
      io.stdout(APP_USAGE + '\n');
      return EXIT_OK;
    }
    const port = browserHostPort(values.port);
    const dataDir = dataDirOption(values['data-dir'], io);
    const problem =
      (await announceIfSlow(io, "building the app's screens", () => ensureRendererBuilt(packageRoot))) ??
      (await announceIfSlow(io, "building the desktop app's main process", () =>
        ensureDesktopBuilt(packageRoot),
      ));
    if (problem) {
      io.stderr(`fieldgate app: ${problem}; run \`npm run build\`\n`);
      return EXIT_USAGE;
    }
    if (!values.browser) {
      const electron = electronUnavailable(io.env);
      if ('binary' in electron) {
        const ran = await runElectron(electron.binary, {
          ...process.env,
          ...(values['data-dir'] ? { FIELDGATE_DATA_DIR: dataDir } : {}),
        });
        if ('code' in ran) return ran.code;
        io.stderr(`fieldgate app: ${ran.reason}; serving it to your browser instead\n`);
      } else {
        io.stderr(
          `fieldgate app: Electron cannot start: ${electron.reason}; serving the app to your browser instead\n`,
        );
      }
    }
    return serveInBrowser(io, { port, open: true, sandbox: true, dataDir, sandboxBanner: true });
  },
};
