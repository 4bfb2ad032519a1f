/**
 * Batches coming in: the first screen's bundled sample batch (every kind), the column-mapping step of a CSV
 * whose headers do not name a column, and a 100,000-row CSV checked in the worker while the page stays
 * responsive: its first rows in the data grid while the rest is still being checked, no main-thread task
 * hung on the check, the grid scrolled (drawing the rows in view only), filtered, searched and sorted; then a
 * boundary whose one fix (removing every repeated point) shows on each problem it fixes. How fast (first
 * rows within 2 s, no task doing over 100 or 200 ms of work) is a speed target, held by `npm run bench --
 * grid-million` on a million rows: a timed bound here would measure the machine's load as much as the page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { HOST_HEADER } from '../../host/bridge-api.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockSession, checkScreen, chromiumMissing, ROOT, seriousViolations } from './e2e-harness.ts';
import {
  collectGarbage,
  describeTasks,
  gridFieldsCsv,
  mainThreadTasks,
  TASK_TRACE_CATEGORIES,
  worstTasks,
} from './page-measures.ts';

const ROWS = 100_000;

describe.skipIf(chromiumMissing)('the sample batch and a 100,000-row batch', () => {
  const session = blockSession();
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    ({ page } = await session.newPage());
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-e2e-large-'));
  }, 60_000);
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Write a file, drop it on the page; the page's problem list. */
  async function drop(on: Page, name: string, content: string) {
    const path = join(dir, name);
    writeFileSync(path, content);
    await on.locator('input[type=file]').setInputFiles(path);
    return on.getByRole('listbox', { name: 'Problems' });
  }

  it('opens the bundled sample batch from the first screen', async () => {
    const sample = (await session.newPage()).page;
    await sample.getByRole('button', { name: /Open the sample batch/ }).click();
    const files = sample.getByTestId('batch-file');
    await expect.poll(() => files.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    await expect.poll(() => files.filter({ hasText: 'Checking' }).count(), { timeout: 30_000 }).toBe(0);
    const kinds = (await files.allTextContents()).join('\n');
    for (const kind of ['field-upload', 'wkt', 'rx-zip', 'modus-result', 'service-requests'])
      expect(kinds).toContain(kind);
    // Selecting a self-intersection brings it into view on the map.
    const list = sample.getByRole('listbox', { name: 'Problems' });
    const withPoint = list
      .getByRole('option')
      .filter({ hasText: 'boundaries.wkt' })
      .filter({ hasText: /GEO|WKT/ });
    await withPoint.first().click();
    // The page stays the window's width, whatever the map's marks do while it zooms in.
    const page = await sample.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(page[0]).toBeLessThanOrEqual(page[1]!);
    await checkScreen(sample, 'sample-batch');
    await sample.context().close();
  }, 60_000);

  it('maps a CSV column the headers do not name, and checks the file again', async () => {
    const mapped = (await session.newPage()).page;
    const list = await drop(
      mapped,
      'own-headers.csv',
      'Grower,Farm Name,Field,Outline,Size\nSmith Farms,Home Farm,North 40,"POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))",227.28\n',
    );
    await expect.poll(() => list.getByRole('option').filter({ hasText: 'no boundary' }).count()).toBe(1);
    const step = mapped.locator('details.column-mapping');
    expect(await step.getAttribute('open')).not.toBeNull();
    await step.getByLabel('Read Outline as').selectOption('boundary');
    await step.getByRole('button', { name: /Apply this mapping to own-headers\.csv/ }).click();
    await expect.poll(() => list.getByRole('option').filter({ hasText: 'no boundary' }).count()).toBe(0);
    expect(await mapped.getByTestId('batch-file').textContent()).toMatch(/csv-fields\s*0/);
    await checkScreen(mapped, 'column-mapping');
    await mapped.context().close();
  });

  it('chooses files in the host’s file dialog where it has one (Electron), not the page’s input', async () => {
    // The browser host has no dialog: here the bridge answers as Electron's would (appInfo says it has one;
    // the user chooses an example), to check what the page does with it.
    const { page: electronLike } = await session.newPage();
    const chosen = join(ROOT, 'examples/fields/clean-fields.json');
    let dialogs = 0;
    await electronLike.route('**/api/call/appInfo', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), nativeFileDialog: true } });
    });
    await electronLike.route('**/api/call/chooseFiles', async (route) => {
      dialogs += 1;
      // (As the host answers: the page tells its host's answers by this header.)
      await route.fulfill({ json: { paths: [chosen] }, headers: { [HOST_HEADER]: 'browser-host' } });
    });
    await electronLike.reload();
    // (The page's input is a button too, by its label: wait for the app info to replace it.)
    await expect.poll(() => electronLike.locator('input[type=file]').count()).toBe(0);
    const button = electronLike.getByRole('button', { name: 'Choose files…' });
    expect(await button.count()).toBe(1);
    await button.click();
    const file = electronLike.getByTestId('batch-file').filter({ hasText: 'clean-fields.json' });
    await expect.poll(() => file.textContent()).toContain('field-upload');
    expect(dialogs).toBe(1);
    expect(await seriousViolations(electronLike)).toEqual([]);
    await electronLike.context().close();
  });

  it('is checked in the worker: the first rows shown while the rest is checked, no main-thread task hung', async () => {
    // The SVG map. Not MapLibre: with no GPU here, Chromium's WebGL is SwiftShader (software Vulkan), and its
    // work lands on the page's main thread inside MapLibre's frames. Measured on this 2-core machine under
    // load (load average 13-16), same build, same CSV: the SVG map's longest task 67 ms; MapLibre's 243-687
    // ms (16-24 tasks over 50 ms), still 233-320 ms with its shaders compiled beforehand; a CPU profile of
    // the MapLibre run has 2.3-3.3 s of native time ("(program)": the software GL) against 0.2-0.4 s of
    // MapLibre's own JavaScript. That measures the software rasterizer, not the page; on a GPU those draws
    // leave the main thread. MapLibre's drawing of a batch is checked in workbench.test.ts and
    // csv-batch-flow.test.ts; renderer/README.md says this too.
    await page.locator('.workbench').getByLabel('Map view').selectOption('svg');
    await page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    await session.browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
    const content = gridFieldsCsv(ROWS, { perLine: 400, south: 40 });
    const list = await drop(page, 'large-batch.csv', content);
    // The grid shows the first rows as read, before the whole file is checked: the file's line in the batch
    // still says so in the frame the first row is drawn in (however slow the machine, the order holds).
    const whileFirstRows = await page.waitForFunction(
      () =>
        document.querySelector('.grid-window [data-row="1"]') &&
        (document.querySelector('[data-testid=batch-file]')?.textContent ?? ''),
      null,
      { timeout: 30_000 },
    );
    expect(await whileFirstRows.jsonValue()).toContain('Checking');
    const row = page.getByTestId('batch-file').filter({ hasText: 'large-batch.csv' });
    await expect.poll(() => row.textContent(), { timeout: 90_000, interval: 500 }).toContain('csv-fields');
    expect(await row.textContent()).toContain(ROWS.toLocaleString('en-US').replace(/,/g, ''));
    // The list and the map render the report.
    await expect.poll(() => list.getByRole('option').filter({ hasText: 'FU003' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.map .count').textContent()).toMatch(/of 100,000 features drawn/);
    await list.press('End');
    await list.press('Home');
    await page.waitForTimeout(500);
    const tasks = mainThreadTasks(JSON.parse((await session.browser.stopTracing()).toString('utf8')));
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const shown = `${describeTasks(tasks)}; long tasks (wall ms): ${longTasks.map(Math.round).join(', ')}`;
    // The trace saw the drop's work (the page's tasks while 100,000 rows were checked and drawn).
    expect(tasks.length, shown).toBeGreaterThan(100);
    // A hang, not a speed target (`npm run bench -- grid-million` holds the check's tasks under 200 ms of
    // work; 43-67 ms here, idle or loaded): the check on the main thread, or 100,000 rows drawn at once, is
    // seconds in one task. Ten times the target, out of load's reach: a task's thread time leaves out the
    // waits for a core.
    const worst = worstTasks(tasks);
    expect(worst.work, shown).toBeLessThan(2000);
    // The collector's pauses are Chromium's choice (when, how big); with them a task still is no hang.
    expect(worst.thread, shown).toBeLessThan(4000);
    // Wall time counts the waits for a core too (a 35 ms task measured 319 ms with two suites on two
    // cores): only a main thread blocked for seconds, working or waiting, fails this.
    expect(Math.max(0, ...longTasks), shown).toBeLessThan(10_000);
    await checkScreen(page, 'large-batch', { fullPage: false });
  }, 120_000);

  it('scrolls (drawing the rows in view only), filters, searches and sorts the grid of 100,000 rows, no main-thread task hung', async () => {
    const grid = page.getByRole('grid', { name: /Rows of large-batch\.csv/ });
    await expect.poll(() => page.locator('.data-grid .count').textContent()).toBe('100,000 rows');
    // What the drop left behind is collected now, not in the middle of the steps measured.
    await collectGarbage(page);
    await session.browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
    // Scrolled through in 40 steps, a frame each, then by keyboard: each step draws the rows in view only
    // (counted in the frame after the step: a window of rows, never the 100,000).
    const drawnPerStep: number[] = [];
    for (let step = 0; step <= 40; step++) {
      drawnPerStep.push(
        await grid.evaluate((el, at) => {
          el.scrollTop = (el.scrollHeight * at) / 40;
          return new Promise<number>((done) =>
            requestAnimationFrame(() => done(el.querySelectorAll('[data-row]').length)),
          );
        }, step),
      );
    }
    await grid.locator('[data-row="100000"]').waitFor();
    expect(Math.max(...drawnPerStep), drawnPerStep.join(', ')).toBeLessThan(100);
    expect(Math.min(...drawnPerStep), drawnPerStep.join(', ')).toBeGreaterThan(10);
    await grid.click({ position: { x: 30, y: 60 } });
    for (const key of ['PageUp', 'PageUp', 'Control+Home', 'ArrowDown', 'PageDown', 'Control+End'])
      await page.keyboard.press(key);
    await expect
      .poll(() => grid.locator('[role=row][aria-selected=true]').getAttribute('data-row'))
      .toBe('100000');
    // Rows with problems only, and a search: over every row, still short.
    await page.getByLabel(/Only rows with problems/).check();
    await expect.poll(() => grid.locator('[data-row]').count()).toBe(10);
    await page.getByLabel(/Only rows with problems/).uncheck();
    await page.getByRole('searchbox', { name: 'Search the rows' }).fill('Field 99999');
    await expect.poll(() => grid.locator('[data-row]').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search the rows' }).fill('');
    // Sorted by name, descending (numbers within the text in order), then the file's order again.
    const byName = grid.getByRole('button', { name: /^name/ });
    await byName.click();
    await byName.click();
    await expect
      .poll(() => grid.locator('[data-row] [data-column="name"]').first().textContent())
      .toBe('Field 99999');
    await byName.click();
    // (Drawn about the selected row, the last: consecutive rows in the file's order.)
    await expect
      .poll(async () => {
        const drawn = (await grid
          .locator('[data-row]')
          .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row'))))) as number[];
        return drawn.every((row, i) => i === 0 || row === drawn[i - 1]! + 1) && drawn.at(-1) === 100_000;
      })
      .toBe(true);
    const tasks = mainThreadTasks(JSON.parse((await session.browser.stopTracing()).toString('utf8')));
    const shown = describeTasks(tasks);
    expect(tasks.length, shown).toBeGreaterThan(40);
    // A hang, not a speed target: `npm run bench -- grid-million` holds scrolling, sorting and searching a
    // million rows (where a sort in one task shows) under 100 ms of work a task. Here: ten times that, out
    // of load's reach (the trace's thread time leaves out the waits for a core; two suites on two cores
    // stretched the longest task to 104 ms of work), so only a task of a second fails it, such as the
    // 100,000 rows drawn at once.
    const worst = worstTasks(tasks);
    expect(worst.work, shown).toBeLessThan(1000);
    // Scrolling draws new text: some 2 MB of page garbage a step, and Chromium collects it when it chooses.
    expect(worst.thread, shown).toBeLessThan(3000);
  }, 120_000);

  it('shows a whole-geometry fix on each problem it fixes, not only the first', async () => {
    const list = await drop(
      page,
      'repeats.wkt',
      'POLYGON ((-93.2 45.1, -93.19 45.1, -93.19 45.1, -93.19 45.11, -93.19 45.11, -93.2 45.1))\n',
    );
    const repeats = list.getByRole('option').filter({ hasText: 'GEO012' }).filter({ hasText: 'repeats.wkt' });
    await expect.poll(() => repeats.count()).toBe(2);
    const detail = page.getByRole('complementary', { name: 'Selected problem' });
    await repeats.nth(0).click();
    expect(await detail.textContent()).toContain('Fix (safe): Remove all 2 repeated points of the geometry');
    await repeats.nth(1).click();
    const shared = (await detail.textContent()) ?? '';
    expect(shared).toContain('Fix (safe): Remove all 2 repeated points of the geometry');
    expect(shared).toMatch(/one fix for the whole geometry, listed on GEO012 d\d+/);
    expect(shared).not.toContain('No automatic fix');
  });
});
