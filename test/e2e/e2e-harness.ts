/**
 * The end-to-end tests' setup: the renderer built by Vite, the browser host with the embedded sandbox on a
 * free 127.0.0.1 port, and Debian's Chromium driven by playwright-core (headless, fresh profile, no network
 * beyond loopback). Skips with a reason when Chromium is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBrowserApp, type RunningBrowserApp } from '../../host/browser-app.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'test-results');
export const CHROMIUM = process.env.FIELDGATE_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumMissing = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}`;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Build the renderer when dist/renderer is missing or older than a renderer source file. */
export function ensureRendererBuilt(): void {
  const index = join(ROOT, 'dist/renderer/index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(join(ROOT, 'renderer'))) return;
  const built = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'renderer/vite.config.ts'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('vite build of the renderer failed');
}

export interface E2eSession {
  app: RunningBrowserApp;
  browser: Browser;
  dataDir: string;
  close(): Promise<void>;
  newPage(options?: { colorScheme?: 'light' | 'dark' }): Promise<{ context: BrowserContext; page: Page }>;
}

export async function startSession(): Promise<E2eSession> {
  ensureRendererBuilt();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldgate-e2e-data-'));
  const app = await startBrowserApp({ packageRoot: ROOT, dataDir, sandbox: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // launch() gives Chromium a fresh temporary profile (its own --user-data-dir) each time.
    args: CHROMIUM_ARGS,
  });
  return {
    app,
    browser,
    dataDir,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: 1400, height: 1000 },
        colorScheme: options.colorScheme ?? 'light',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await page.goto(app.host.url);
      return { context, page };
    },
    async close() {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let axeSource: string | undefined;

/** Serious and critical axe-core violations of the page as it is now (axe injected from node_modules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the page's CSP (no inline script) stays on.
  axeSource ??= readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact?: string; nodes: { target: unknown }[]; help: string }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}
