/** The Electron main process entry (bundled to dist/app/main.mjs by scripts/build.js). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { runDesktopApp } from './desktop-app.ts';

// The embedded sandbox checks large uploads in worker threads started from this same bundle: in a worker
// only the bundled worker code runs (it checks its role itself), never the app.
if (isMainThread) {
  const electron = await import('electron');
  const here = dirname(fileURLToPath(import.meta.url));
  const packageRoot = join(here, '..', '..');
  runDesktopApp(electron, {
    rendererDir: join(packageRoot, 'dist', 'renderer'),
    preloadPath: join(here, 'preload.cjs'),
    packageRoot,
    sandbox: process.env.FIELDGATE_NO_SANDBOX !== '1',
    ...(process.env.FIELDGATE_DATA_DIR ? { dataDir: process.env.FIELDGATE_DATA_DIR } : {}),
  }).catch((error: unknown) => {
    console.error(`fieldgate app: ${error instanceof Error ? error.message : String(error)}`);
    electron.app.exit(1);
  });
}
