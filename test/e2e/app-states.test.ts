/**
 * The app's states around the work, in Debian's Chromium: the host stopped (a banner saying so, at once and
 * on every screen, instead of requests failing quietly; a part of the page whose code cannot load then says
 * so in its place, the page staying), restarted with a new token (the tab's is stale:
 * "open the new link"); a submit started in another tab (shown with its controls in each tab, no second
 * Submit); and work about to be lost: Clear the batch asks and can be undone, a reload with changes asks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type RunningBrowserApp } from '../../host/browser-app.ts';
import {
  checkScreen,
  chromiumMissing,
  filesChecked,
  openScreen,
  ROOT,
  startSession,
  type E2eSession,
} from './e2e-harness.ts';

/** The host banner's text, '' while there is none (a locator's textContent would wait 30 s for it). */
const bannerText = async (page: Page): Promise<string> => {
  const banner = page.getByTestId('host-banner');
  return (await banner.count()) > 0 ? ((await banner.textContent({ timeout: 1000 })) ?? '') : '';
};

const runHeading = (page: Page, state: string) =>
  page.getByRole('heading', { name: new RegExp(`Run .* — ${state}`) });

describe.skipIf(chromiumMissing)('app states', () => {
  let session: E2eSession;

  beforeAll(async () => {
    // This file runs in its own test process: the variable reaches only this file's embedded sandbox.
    // Every answer takes 700 ms, one request at a time: a run lasts long enough to be seen from other tabs.
    process.env.FIELDGATE_SANDBOX_FAULTS = 'latency-ms=700-700';
    session = await startSession();
    await session.call('saveSettings', { theme: 'system', concurrency: 1, ratePerSecond: 10, tileUrl: '' });
  }, 90_000);
  afterAll(async () => {
    delete process.env.FIELDGATE_SANDBOX_FAULTS;
    await session?.close();
  });

  it('says when the host has stopped, and when it came back with a new token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fieldgate-app-states-'));
    let app: RunningBrowserApp | undefined = await startBrowserApp({
      packageRoot: ROOT,
      dataDir,
      sandbox: false,
    });
    const port = Number(new URL(app.host.origin).port);
    const context = await session.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const svgContext = await session.browser.newContext({ viewport: { width: 1366, height: 768 } });
    try {
      const page = await context.newPage();
      await page.goto(app.host.url);
      const banner = page.getByTestId('host-banner');
      await expect
        .poll(() => page.getByRole('button', { name: /Open the sample batch \(\d+ files\)/ }).isEnabled())
        .toBe(true);
      expect(await banner.count()).toBe(0);
      // A tab on the simple map has not loaded the vector map's code yet (its own context: no cache shared
      // with the tab above, which drew it): once the host stops, it cannot.
      const svgFirst = await svgContext.newPage();
      await svgFirst.addInitScript(() => localStorage.setItem('fieldgate-map-view', 'svg'));
      await svgFirst.goto(app.host.url);
      await expect.poll(() => svgFirst.locator('.workbench svg.map-canvas').count()).toBe(1);

      await app.close();
      app = undefined;
      // Said with no click: the event stream finds the host gone.
      await expect
        .poll(() => bannerText(page), { timeout: 10_000 })
        .toContain('The Fieldgate host has stopped; restart it');
      expect(await banner.getAttribute('role')).toBe('alert');
      // A request the person makes fails with a reason, not quietly.
      await page.getByRole('button', { name: /Open the sample batch/ }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'does not answer' }).count())
        .toBeGreaterThan(0);
      await openScreen(page, 'Settings');
      expect(await banner.isVisible()).toBe(true);
      await checkScreen(page, 'host-stopped', { fullPage: false });
      // The vector map, chosen now, fails in its place: the page, its screens and the batch stay.
      await svgFirst.locator('.workbench').getByLabel('Map view').selectOption('vector');
      const failed = svgFirst.getByTestId('part-failed');
      await expect.poll(() => failed.count()).toBe(1);
      expect(await failed.textContent()).toContain(
        'The vector map could not be shown: its code did not load (has the Fieldgate host stopped?).',
      );
      expect(await svgFirst.getByRole('button', { name: /Open the sample batch/ }).isVisible()).toBe(true);
      await checkScreen(svgFirst, 'vector-map-not-loaded', { fullPage: false });
      await openScreen(svgFirst, 'Settings');
      expect(await svgFirst.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);
      await openScreen(svgFirst, 'Workbench');

      // Restarted at the same address with a new token: this tab's is stale.
      app = await startBrowserApp({ packageRoot: ROOT, dataDir, sandbox: false, port });
      await expect
        .poll(() => bannerText(page), { timeout: 10_000 })
        .toContain('open the new link it printed');
      await checkScreen(page, 'token-stale', { fullPage: false });
      // Its code is there again: tried again, the vector map draws.
      await failed.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => svgFirst.locator('.workbench .vector-map').count()).toBe(1);
      expect(await failed.count()).toBe(0);
      // The new link works.
      const fresh = await context.newPage();
      await fresh.goto(app.host.url);
      await expect
        .poll(() => fresh.getByRole('button', { name: /Open the sample batch \(\d+ files\)/ }).isEnabled())
        .toBe(true);
      expect(await fresh.getByTestId('host-banner').count()).toBe(0);
    } finally {
      await context.close();
      await svgContext.close();
      await app?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('shows a submit running in another tab, with its controls, and no second Submit', async () => {
    // Tab B is open on Submit before tab A starts (it learns of the run from its events); tab C opens
    // while it runs (it finds it in the list of runs).
    const b = (await session.newPage()).page;
    await openScreen(b, 'Submit');
    const a = (await session.newPage()).page;
    await a.getByRole('button', { name: /Open the sample batch/ }).click();
    await filesChecked(a, 10);
    await openScreen(a, 'Submit');
    await a.getByRole('button', { name: /Submit the batch/ }).click();
    await expect.poll(() => runHeading(a, 'running').count()).toBe(1);
    expect(await a.getByTestId('run-elsewhere').count()).toBe(0);

    await expect.poll(() => runHeading(b, 'running').count(), { timeout: 10_000 }).toBe(1);
    expect(await b.getByTestId('run-elsewhere').textContent()).toContain(
      'A submit started in another tab or window is running',
    );
    expect(await b.getByRole('button', { name: /Submit the batch|Start the dry run/ }).count()).toBe(0);
    const c = (await session.newPage()).page;
    await openScreen(c, 'Submit');
    await expect.poll(() => runHeading(c, 'running').count(), { timeout: 10_000 }).toBe(1);
    expect(await c.getByRole('button', { name: /Submit the batch|Start the dry run/ }).count()).toBe(0);
    await checkScreen(b, 'submit-in-another-tab');

    // Its controls work from here: paused from B, A sees it.
    await b.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => runHeading(a, 'paused').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => runHeading(c, 'paused').count(), { timeout: 10_000 }).toBe(1);
    await c.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => runHeading(a, 'cancelled').count(), { timeout: 15_000 }).toBe(1);
    // Over: B may start a submit of its own again (the note goes).
    await expect.poll(() => runHeading(b, 'cancelled').count(), { timeout: 10_000 }).toBe(1);
    expect(await b.getByTestId('run-elsewhere').count()).toBe(0);
    expect(await b.getByRole('button', { name: /Submit the batch/ }).count()).toBe(1);
    for (const page of [a, b, c]) await page.context().close();
  }, 120_000);

  it('asks before work is lost: Clear the batch can be undone, a reload with changes asks', async () => {
    const { page } = await session.newPage();
    await page.locator('input[type=file]').setInputFiles(join(ROOT, 'examples/csv/fields-with-problems.csv'));
    await filesChecked(page, 1);
    await page.getByRole('button', { name: /Apply all safe fixes \([1-9]/ }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /fix(es)? applied\./ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Undo', exact: true }).isEnabled()).toBe(true);
    await filesChecked(page, 1);
    const errorsBefore = await page.getByTestId('batch-file').locator('td').nth(2).textContent();

    await page.getByRole('button', { name: 'Clear the batch' }).click();
    const ask = page.getByRole('group', { name: 'Clear the batch?' });
    expect(await ask.getByRole('alert').textContent()).toContain('Clear the batch and its 1 change?');
    await ask.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => page.getByTestId('batch-file').count()).toBe(0);
    const undoClear = page.getByRole('button', { name: 'Undo clear' });
    expect(await page.getByRole('status').filter({ hasText: 'Cleared 1 file and 1 change.' }).count()).toBe(
      1,
    );
    // What the fixes did goes with the files they were made in.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /applied\./ })
        .count(),
    ).toBe(0);
    await checkScreen(page, 'batch-cleared', { fullPage: false });
    await undoClear.click();
    // Back as it was: the file, its change (undoable), its problems.
    await expect.poll(() => page.getByTestId('batch-file').count()).toBe(1);
    expect(await page.getByTestId('batch-file').locator('td').nth(2).textContent()).toBe(errorsBefore);
    expect(await page.getByRole('button', { name: 'Undo', exact: true }).isEnabled()).toBe(true);
    expect(await undoClear.count()).toBe(0);

    // A reload with changes asks first; staying keeps the batch.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.evaluate(() => {
      setTimeout(() => location.reload(), 0);
    });
    expect(await asked).toBe('beforeunload');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('batch-file').count()).toBe(1);
    await page.context().close();
  }, 90_000);
});
