/**
 * End to end in Debian's Chromium (headless, through playwright-core): `fieldgate web`'s host serves the
 * built renderer, the page reads its token from the printed URL, calls the bridge and shows the bundled
 * sample batch validated. Nothing is downloaded: the browser is the system's, the page loads only the app.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type RunningBrowserApp } from '../../host/browser-app.ts';
import { TOKEN_HEADER } from '../../host/bridge-api.ts';
import { buildRenderer, outputIsCurrent, rendererOutDir } from '../../scripts/build.js';

const CHROMIUM = '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
const available = existsSync(CHROMIUM);

let dir: string;
let app: RunningBrowserApp;
let browser: Browser;

describe.skipIf(!available)(
  `the browser host in Chromium${available ? '' : ` (skipped: no ${CHROMIUM})`}`,
  () => {
    beforeAll(async () => {
      if (!outputIsCurrent(rendererOutDir)) await buildRenderer({ logLevel: 'silent' });
      dir = mkdtempSync(join(tmpdir(), 'fieldgate-e2e-'));
      app = await startBrowserApp({ packageRoot: root, dataDir: join(dir, 'data'), sandbox: false });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('loads the app, which calls the bridge with its token and shows the sample batch validated', async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const outside: string[] = [];
      const calls: { url: string; token: string | undefined }[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(app.host.origin)) outside.push(request.url());
        if (request.url().includes('/api/call/'))
          calls.push({ url: request.url(), token: request.headers()[TOKEN_HEADER] });
      });

      await page.goto(app.host.url);
      // The token leaves the address bar once read (it stays in this tab's session storage).
      await expect.poll(() => page.url()).not.toContain('token=');
      await page
        .getByRole('button', { name: /sample batch/i })
        .first()
        .click();
      await expect
        .poll(async () => (await page.locator('body').innerText()).includes('fields-with-problems.json'), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect
        .poll(async () => /\b(FU|GEO)\d{3}\b/.test(await page.locator('body').innerText()), {
          timeout: 20_000,
        })
        .toBe(true);

      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((c) => c.token === app.host.token)).toBe(true);
      expect(outside, 'the page fetched something from outside the app').toEqual([]);
      expect(
        problems.filter((p) => /Content Security Policy|Refused to/i.test(p)),
        'CSP violations',
      ).toEqual([]);
      expect(problems, 'errors in the page').toEqual([]);
      await page.close();
    }, 45_000);

    it('refuses the same bridge call from the page without the token, and from another origin', async () => {
      const page = await browser.newPage();
      await page.goto(app.host.url);
      const status = await page.evaluate(async () => {
        const response = await fetch('/api/call/appInfo', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return response.status;
      });
      expect(status).toBe(401);
      // A page served from elsewhere (here: the same host's loopback under another name) cannot call it either.
      const other = await browser.newPage();
      await other.goto(`http://localhost:${app.host.port}/index.html`);
      const fromOther = await other.evaluate(
        async ({ origin, header, token }) => {
          try {
            const response = await fetch(`${origin}/api/call/appInfo`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', [header]: token },
              body: '{}',
            });
            return response.status;
          } catch {
            return 'blocked';
          }
        },
        { origin: app.host.origin, header: TOKEN_HEADER, token: 'guessed-token' },
      );
      expect(fromOther === 'blocked' || fromOther === 403 || fromOther === 401).toBe(true);
      await page.close();
      await other.close();
    }, 30_000);
  },
);
