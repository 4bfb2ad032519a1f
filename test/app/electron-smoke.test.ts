/**
 * The desktop app started for real with Playwright's `_electron`: the window opens on app://, the preload's
 * bridge answers, and Node is out of the page's reach. Electron's binary cannot be downloaded on these
 * build machines, so where it (or a display) is missing the test is skipped and says why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { electronUnavailable } from '../../cli/commands/web.ts';
import {
  buildDesktop,
  buildRenderer,
  desktopOutDir,
  outputIsCurrent,
  rendererOutDir,
} from '../../scripts/build.js';

const root = join(import.meta.dirname, '..', '..');
const found = electronUnavailable(process.env);

describe('the Electron app', () => {
  it('opens its window on app:// with a working bridge and no Node in the page', async (context) => {
    if ('reason' in found) {
      context.skip(`skipped: Electron cannot start here: ${found.reason}`);
      return;
    }
    if (!outputIsCurrent(rendererOutDir)) await buildRenderer({ logLevel: 'silent' });
    if (!outputIsCurrent(desktopOutDir)) await buildDesktop({ logLevel: 'silent' });
    const dataDir = mkdtempSync(join(tmpdir(), 'fieldgate-electron-'));
    const app = await electron.launch({
      executablePath: found.binary,
      args: [join(root, 'dist', 'app', 'main.mjs')],
      env: { ...process.env, FIELDGATE_DATA_DIR: dataDir, FIELDGATE_NO_SANDBOX: '1' },
      timeout: 30_000,
    });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      expect(page.url()).toBe('app://fieldgate/index.html');
      const seen = await page.evaluate(async () => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        bridge: Object.keys((globalThis as { fieldgate?: object }).fieldgate ?? {}).sort(),
        info: JSON.parse(
          await (
            globalThis as unknown as { fieldgate: { call(m: string, j: string): Promise<string> } }
          ).fieldgate.call('appInfo', '{}'),
        ) as { host: string },
      }));
      expect(seen).toEqual({
        require: 'undefined',
        process: 'undefined',
        bridge: ['call', 'onEvent', 'pathForFile'],
        info: expect.objectContaining({ host: 'electron' }),
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
