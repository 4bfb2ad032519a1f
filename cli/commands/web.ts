import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startBrowserApp } from '../../host/browser-app.ts';
import { defaultDataDir } from '../../host/data-dir.ts';
import { openBrowser } from '../../host/open-browser.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from '../command.ts';

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
                   the per-user config folder)`;

/** Resolves when the process is asked to stop (Ctrl+C or SIGTERM). */
function waitForSignal(): Promise<void> {
  return new Promise((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * Builds dist/renderer when it is missing or older than its sources (a fresh checkout builds it in
 * `npm install`; this covers edited sources). Returns a one-line problem, or undefined when it is ready.
 */
export async function ensureRendererBuilt(root: string): Promise<string | undefined> {
  try {
    // Not bundled into the CLI: the build script, Vite and esbuild are development tools of the checkout.
    const build = (await import(pathToFileURL(join(root, 'scripts', 'build.js')).href)) as {
      rendererOutDir: string;
      outputIsCurrent(dir: string): boolean;
      buildRenderer(options?: { logLevel?: string }): Promise<void>;
    };
    if (!build.outputIsCurrent(build.rendererOutDir)) await build.buildRenderer({ logLevel: 'warn' });
    return undefined;
  } catch (error) {
    return `cannot build the app's screens (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
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
      const { values } = parseArgs({
        args,
        options: {
          port: { type: 'string' },
          'no-open': { type: 'boolean', default: false },
          'no-sandbox': { type: 'boolean', default: false },
          'data-dir': { type: 'string' },
          help: { type: 'boolean', short: 'h', default: false },
        },
        allowPositionals: false,
      });
      if (values.help) {
        io.stdout(USAGE + '\n');
        return EXIT_OK;
      }
      const port = values.port === undefined ? 0 : Number(values.port);
      if (!/^\d+$/.test(values.port ?? '0') || port > 65535)
        throw new UsageError(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
      return serveInBrowser(io, {
        port,
        open: !values['no-open'],
        sandbox: !values['no-sandbox'],
        dataDir: values['data-dir'] ? join(io.cwd, values['data-dir']) : defaultDataDir(io.env),
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
}

/** The browser host until Ctrl+C: `fieldgate web`, and `npm start` where Electron cannot start. */
export async function serveInBrowser(io: CliIo, options: ServeOptions): Promise<number> {
  const problem = await ensureRendererBuilt(packageRoot);
  if (problem) {
    io.stderr(`fieldgate web: ${problem}; run \`npm run build\`\n`);
    return EXIT_USAGE;
  }
  const signalled = options.waitForStop ? undefined : waitForSignal();
  let app;
  try {
    app = await startBrowserApp({
      packageRoot,
      dataDir: options.dataDir,
      port: options.port,
      sandbox: options.sandbox,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      io.stderr(
        `fieldgate web: port ${options.port} on 127.0.0.1 is in use; choose another with --port (0 picks a free one)\n`,
      );
      return EXIT_USAGE;
    }
    throw error;
  }
  if (app.sandbox) io.stderr(`Embedded sandbox (demo data) on ${app.sandbox.sandbox.urls.origin}\n`);
  // The one line scripts and people look for: the address with this launch's token.
  io.stdout(`Fieldgate is running at ${app.host.url}\n`);
  const opened = options.open && openBrowser(app.host.url, io.env);
  io.stderr(`${opened ? 'Opened it in your browser. ' : ''}Press Ctrl+C to stop.\n`);
  await (signalled ?? options.waitForStop?.());
  await app.close();
  io.stderr('fieldgate web: stopped\n');
  return EXIT_OK;
}

export const webCommand = createWebCommand();
