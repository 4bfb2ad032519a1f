/**
 * The end-to-end tests' setup: the renderer built by Vite, the browser host with the embedded sandbox on a
 * free 127.0.0.1 port, and Debian's Chromium driven by playwright-core (headless, fresh profile, no network
 * beyond loopback). Skips with a reason when Chromium is not installed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { HTTP_CALL_PATH, TOKEN_HEADER } from '../../host/bridge-api.ts';
import { startBrowserApp, type RunningBrowserApp } from '../../host/browser-app.ts';
import { buildRenderer, outputIsCurrent, rendererOutDir } from '../../scripts/build.js';

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

const BUILD_LOCK = join(ROOT, 'dist', '.renderer-build-lock');

/**
 * Vitest sets NODE_ENV=test, and Vite builds for whatever NODE_ENV says: React's development build, several
 * times slower, would be what the tests measure. The build is for production, as `npm run build` makes it.
 */
async function productionBuild(): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildRenderer({ logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Build the renderer when dist/renderer is not built from the current sources (`npm test` builds it first;
 * this is for `npx vitest run test/e2e`). Test files run in parallel: one builds, the others wait for it.
 */
export async function ensureRendererBuilt(): Promise<void> {
  for (let waited = 0; !outputIsCurrent(rendererOutDir); waited += 250) {
    mkdirSync(join(ROOT, 'dist'), { recursive: true });
    let mine = false;
    try {
      mkdirSync(BUILD_LOCK);
      mine = true;
    } catch {
      // Another test file is building; a lock older than two minutes is left from a killed run.
      if (waited > 120_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
    if (mine) {
      try {
        if (!outputIsCurrent(rendererOutDir)) await productionBuild();
      } finally {
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface E2eSession {
  app: RunningBrowserApp;
  browser: Browser;
  dataDir: string;
  close(): Promise<void>;
  newPage(options?: { colorScheme?: 'light' | 'dark' }): Promise<{ context: BrowserContext; page: Page }>;
  /** A bridge call from the test itself, with the launch's token (settings a test needs). */
  call(method: string, request: unknown): Promise<unknown>;
}

/**
 * The session of a describe block's tests: started before the first, closed after the last. Its members are
 * the running session's, so read them inside the tests (or hooks), not while the block is defined.
 */
export function blockSession(): E2eSession {
  let running: E2eSession | undefined;
  beforeAll(async () => {
    running = await startSession();
  }, 90_000);
  afterAll(async () => {
    await running?.close();
  });
  const current = (): E2eSession => {
    if (!running) throw new Error('the session starts before the first test of its block');
    return running;
  };
  return {
    get app() {
      return current().app;
    },
    get browser() {
      return current().browser;
    },
    get dataDir() {
      return current().dataDir;
    },
    close: () => current().close(),
    newPage: (options) => current().newPage(options),
    call: (method, request) => current().call(method, request),
  };
}

export async function startSession(): Promise<E2eSession> {
  await ensureRendererBuilt();
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
    async call(method, request) {
      const response = await fetch(new URL(HTTP_CALL_PATH + method, app.host.origin), {
        method: 'POST',
        headers: { [TOKEN_HEADER]: app.host.token, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      return response.json();
    },
    async close() {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let axeSource: string | undefined;

/**
 * Serious and critical axe-core violations of the page as it is now (axe injected from node_modules, once a
 * page). Only the rules that can find one run: axe gives each of a rule's results the rule's own impact, so
 * a minor or moderate rule (`region`, `hidden-content`, the landmark rules) finds nothing kept here, and on
 * a map of thousands of marks those took most of a scan's time.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the page's CSP (no inline script) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(options: { runOnly?: { type: 'rule'; values: string[] } }): Promise<{
            violations: { id: string; impact?: string; nodes: { target: unknown }[]; help: string }[];
          }>;
          /** axe's registered rules (not its public API: where it is missing, every rule runs). */
          _audit?: { rules: { id: string; impact?: string; enabled?: boolean }[] };
        };
      }
    ).axe;
    const rules = axe._audit?.rules
      .filter((r) => r.enabled !== false && !['minor', 'moderate'].includes(r.impact ?? ''))
      .map((r) => r.id);
    const result = await axe.run(rules ? { runOnly: { type: 'rule', values: rules } } : {});
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

/**
 * A screen as it is now, in both themes: photographed (test-results/<name>-light.png and -dark.png) and
 * scanned with axe-core (no serious or critical violation). Leaves the page in the light theme.
 */
export async function checkScreen(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: join(RESULTS_DIR, `${name}-${scheme}.png`),
      fullPage: options.fullPage ?? true,
    });
    const violations = await seriousViolations(page);
    expect(violations, `${name} (${scheme}): ${violations.join('\n')}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const count = (text: string): number => Number(text.replace(/,/g, ''));

/** The run's progress line as numbers ("1,234 of 3,000 rows done: …"); -1 when it does not read so. */
export async function runProgress(page: Page): Promise<{ done: number; total: number; text: string }> {
  const text = (await page.getByTestId('submit-progress').textContent()) ?? '';
  const [, done, total] = /^([\d,]+) of ([\d,]+) rows done/.exec(text) ?? [];
  return { done: done ? count(done) : -1, total: total ? count(total) : -1, text };
}

/** Rows of one outcome, from the counts that head the run (0 when the run has none of it). */
export async function outcomeCount(page: Page, outcome: string): Promise<number> {
  const chip = page.getByTestId(`count-${outcome}`);
  if ((await chip.count()) === 0) return 0;
  return count(/^[\d,]+/.exec((await chip.textContent()) ?? '')?.[0] ?? 'NaN');
}

/** Go to a screen by its button in the navigation. */
export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click();
}

/** Submit the page's batch to the embedded sandbox from the Submit screen, and wait for the run to finish. */
export async function submitToSandbox(page: Page): Promise<void> {
  await openScreen(page, 'Submit');
  await expect.poll(() => page.locator('.submit').getByLabel('Profile').inputValue()).toBe('sandbox');
  await page.getByRole('button', { name: /Submit the batch/ }).click();
  await expect
    .poll(() => page.getByRole('heading', { name: /Run .* — finished/ }).count(), { timeout: 30_000 })
    .toBe(1);
}

/** Wait until at least `files` files are in the batch and none is being checked. */
export async function filesChecked(page: Page, files: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const rows = document.querySelectorAll('[data-testid=batch-file]');
      return rows.length >= n && !Array.from(rows).some((r) => r.textContent?.includes('Checking'));
    },
    files,
    { timeout: 60_000 },
  );
}

/**
 * Drop the file at `path` on the page, wait for its check and save the page's problems CSV; with the URLs
 * of the workers the page started meanwhile (which threads checked it).
 */
export async function checkAndExportProblems(
  page: Page,
  path: string,
): Promise<{ csv: Buffer; workers: string[] }> {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.locator('input[type=file]').setInputFiles(path);
  await filesChecked(page, 1);
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Problems (CSV)' }).click(),
  ]);
  return { csv: readFileSync((await saved.path())!), workers };
}

/** Settings with `checkThreads` threads for big files (the rest as a fresh install has them). */
export function threadSettings(checkThreads: number): Record<string, unknown> {
  return { theme: 'system', concurrency: 1, ratePerSecond: 10, tileUrl: '', checkThreads };
}

/** The problems CSV and the workers of the file at `path` checked in a fresh page with 2 threads, then 1. */
export async function problemsOnTwoThreadsAndOne(
  session: E2eSession,
  path: string,
): Promise<{ two: { csv: Buffer; workers: string[] }; one: { csv: Buffer; workers: string[] } }> {
  const runs: Array<{ csv: Buffer; workers: string[] }> = [];
  for (const checkThreads of [2, 1]) {
    await session.call('saveSettings', threadSettings(checkThreads));
    const { page, context } = await session.newPage();
    runs.push(await checkAndExportProblems(page, path));
    await context.close();
  }
  return { two: runs[0]!, one: runs[1]! };
}
