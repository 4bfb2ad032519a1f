/**
 * The workbench end to end, in Debian's Chromium against the browser host and its embedded sandbox: files
 * with known problems → the problem list and the map → safe fixes, undo, an inline edit → submit → results
 * per row with request ids → export. Every screen is scanned with axe-core and photographed in light and
 * dark (test-results/). The bridge refuses a call without the launch token.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  blockSession,
  checkScreen,
  chromiumMissing,
  filesChecked,
  openScreen,
  outcomeCount,
  RESULTS_DIR,
  ROOT,
  runProgress,
} from './e2e-harness.ts';

const PROBLEM_CSV = join(ROOT, 'test/csv/fixtures/problems/in/fields.csv');
const FIELD_UPLOAD = join(ROOT, 'examples/fields/fields-with-problems.json');
const CLEAN_FIELDS = join(ROOT, 'examples/fields/clean-fields.json');
const SOIL = join(ROOT, 'examples/soil/a-and-l-lab-result.xml');
const RX = join(ROOT, 'examples/rx/two-zone-rx.zip');

const problemList = (page: Page) => page.getByRole('listbox', { name: 'Problems' });

describe.skipIf(chromiumMissing)('workbench in Chromium', () => {
  const session = blockSession();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await session.newPage());
    page.on('pageerror', (error) => console.error('page error:', error.message));
  }, 60_000);

  it('opens on the workbench with the sample batch offered', async () => {
    await expect
      .poll(() => page.getByRole('button', { name: /Open the sample batch \(\d+ files\)/ }).count())
      .toBe(1);
    await checkScreen(page, 'start');
  });

  it('shows the known problems of a CSV batch in the list and on the map, linked both ways', async () => {
    await page.locator('input[type=file]').setInputFiles([PROBLEM_CSV, FIELD_UPLOAD, CLEAN_FIELDS]);
    const csvRow = page.getByTestId('batch-file').filter({ hasText: 'fields.csv' });
    await expect.poll(() => csvRow.textContent()).toContain('csv-fields');
    await expect
      .poll(() => page.getByTestId('batch-file').filter({ hasText: 'field-upload' }).count())
      .toBe(2);
    const list = problemList(page);
    for (const code of ['CSV005', 'WKT001', 'WGS003', 'FU003', 'CSV002', 'FU005', 'CSV010'])
      expect(await list.getByRole('option').filter({ hasText: code }).count(), code).toBeGreaterThan(0);

    // Where WebGL works the map is MapLibre's; the SVG map is the fallback, chosen here to inspect it.
    const mapView = page.locator('.workbench').getByLabel('Map view');
    expect(await mapView.inputValue()).toBe('vector');
    await expect
      .poll(() => page.locator('.workbench .vector-map canvas').count(), { timeout: 20_000 })
      .toBe(1);
    await checkScreen(page, 'workbench-vector-map', { fullPage: false });
    await mapView.selectOption('svg');

    // The map draws the fields, the ones with errors outlined, the overlap at its point.
    const map = page.locator('svg.map-canvas');
    expect(await map.locator('g.feature').count()).toBeGreaterThanOrEqual(9);
    expect(await map.locator('g.feature.has-error').count()).toBeGreaterThan(0);
    expect(await map.locator('circle.problem-point').count()).toBeGreaterThan(0);

    // Table → map: the overlap is marked at its point; a repeated field is highlighted.
    await list.getByRole('option').filter({ hasText: 'CSV010' }).click();
    expect(await map.locator('circle.problem-point.selected').count()).toBe(1);
    const detail = page.getByRole('complementary', { name: 'Selected problem' });
    expect(await detail.textContent()).toContain('overlaps');

    // Map → table: clicking a field with a problem selects its problem.
    await list.getByRole('option').filter({ hasText: 'FU003' }).filter({ hasText: 'fields.csv' }).click();
    expect(await map.locator('g.feature.selected').count()).toBe(1);
    const acresFeature = await map.locator('g.feature.selected').getAttribute('data-feature');
    await list.getByRole('option').first().click();
    // Clicked by event: at this zoom the fields are a few pixels wide.
    await map.locator(`g.feature[data-feature="${acresFeature}"] path`).first().dispatchEvent('click');
    expect(await list.locator('[aria-selected=true]').textContent()).toMatch(/row 4/);

    // Filters narrow the list.
    await page.getByLabel('Rule').selectOption('WGS003');
    expect(await list.getByRole('option').count()).toBe(1);
    await page.getByLabel('Rule').selectOption('');
    await page.getByLabel('Severity').selectOption('warning');
    expect(await list.getByRole('option').filter({ hasText: 'error' }).count()).toBe(0);
    await page.getByLabel('Severity').selectOption('');
    await checkScreen(page, 'workbench');
  });

  it('applies the safe fixes with an undo, and re-checks a line edited in place', async () => {
    const list = problemList(page);
    await page.getByRole('button', { name: /Apply all safe fixes/ }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /fix(es)? applied/ })
          .count(),
      )
      .toBe(1);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /applied/ })
        .textContent(),
    ).toContain('→');
    await expect.poll(() => list.getByRole('option').filter({ hasText: 'CSV005' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => list.getByRole('option').filter({ hasText: 'CSV005' }).count()).toBe(1);
    await page.getByRole('button', { name: /Apply all safe fixes/ }).click();
    await expect.poll(() => list.getByRole('option').filter({ hasText: 'CSV005' }).count()).toBe(0);

    // Row 4 says acres "lots": blank it in the row's editor, the file is checked again as one types.
    await list.getByRole('option').filter({ hasText: 'FU003' }).filter({ hasText: 'fields.csv' }).click();
    const editor = page.getByLabel(/Edit row 4 of fields\.csv/);
    const line = await editor.inputValue();
    expect(line).toContain(',lots,');
    await editor.fill(line.replace(',lots,', ',,'));
    await expect
      .poll(
        () => list.getByRole('option').filter({ hasText: 'FU003' }).filter({ hasText: 'fields.csv' }).count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    // The fixed line stays open in the editor.
    const detail = page.getByRole('complementary', { name: 'Selected problem' });
    expect(await detail.textContent()).toContain('FU003 on line 5 is fixed');
    expect(await page.getByLabel(/Edit row 4 of fields\.csv/).inputValue()).toContain(',,survey');
  });

  it('submits the batch to the embedded sandbox and exports the results', async () => {
    // The field upload with problems stays out of this submission.
    await page.getByRole('button', { name: 'Remove fields-with-problems.json' }).click();
    await openScreen(page, 'Submit');
    await expect.poll(() => page.locator('.submit').getByLabel('Profile').inputValue()).toBe('sandbox');
    await page.getByRole('button', { name: /Submit the batch/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — (finished|cancelled)/ }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    const ended = await runProgress(page);
    expect(ended.done).toBe(ended.total);
    const sent = page.locator('tr.outcome-uploaded');
    expect(await sent.count()).toBeGreaterThan(0);
    const requestId = (await sent.first().locator('code').textContent()) ?? '';
    expect(requestId.length).toBeGreaterThan(4);
    // Rows with errors are not sent: each says which problems kept it back.
    const invalid = page.locator('tr.outcome-skipped');
    expect(await invalid.count()).toBeGreaterThan(0);
    expect(await invalid.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/(WKT|WGS|FU|CSV)\d{3}/)]),
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export results CSV' }).click();
    const saved = join(RESULTS_DIR, 'submit-results.csv');
    await (await download).saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toContain(requestId);
    const html = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export HTML report' }).click();
    expect((await html).suggestedFilename()).toMatch(/\.html$/);
    await checkScreen(page, 'submit');

    // A dry run prepares every row and sends nothing.
    await page.getByLabel(/Dry run/).check();
    await page.getByRole('button', { name: /Start the dry run/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished \(dry run\)/ }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await outcomeCount(page, 'not-sent')).toBeGreaterThan(0);
    expect(await page.locator('tr.outcome-not-sent').first().textContent()).toContain('not sent: a dry run');
    expect(await outcomeCount(page, 'uploaded')).toBe(0);
  });

  it('shows a soil test with its summary beside its problems, and Rx zones by rate', async () => {
    await openScreen(page, 'Workbench');
    await page.locator('input[type=file]').setInputFiles([SOIL, RX]);
    await expect
      .poll(() => page.getByTestId('batch-file').filter({ hasText: 'modus-result' }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('batch-file').filter({ hasText: 'rx-zip' }).count()).toBe(1);
    expect(await page.locator('.workbench').getByLabel('Rate legend').textContent()).toContain('15.7');
    await openScreen(page, 'Soil test');
    const soil = page.locator('.soil-file');
    expect(await soil.textContent()).toContain('A & L Great Lakes Laboratories');
    expect(await soil.getByRole('table').first().textContent()).toContain('ppm');
    await checkScreen(page, 'soil');
  });

  it('lists and downloads shared data with a sharing key', async () => {
    await openScreen(page, 'Shared data');
    const key = page.getByLabel('Sharing key');
    const info = (await page.locator('.shared p').first().textContent()) ?? '';
    const demoKey = /demo sharing keys: ([^,.]+)/.exec(info)?.[1];
    expect(demoKey).toBeTruthy();
    await key.fill(demoKey!);
    await page.getByRole('button', { name: 'List shared files' }).click();
    await expect.poll(() => page.getByTestId('shared-file').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page
      .getByTestId('shared-file')
      .first()
      .getByRole('button', { name: /^Save / })
      .click();
    await expect.poll(() => page.getByTestId('shared-file').first().textContent()).toContain('done');
    await checkScreen(page, 'shared');
  });

  it('keeps settings: theme override, profiles with masked secrets', async () => {
    await openScreen(page, 'Settings');
    const profiles = page.getByRole('table', { name: 'Profiles' });
    await expect.poll(() => profiles.textContent()).toContain('Embedded sandbox');
    expect(await profiles.textContent()).toContain('••••');
    await profiles.getByRole('button', { name: /Test connection: Embedded sandbox/ }).click();
    await expect.poll(() => profiles.textContent(), { timeout: 15_000 }).toContain('OK');
    await checkScreen(page, 'settings');
    // The rate limit says what it limits: the embedded sandbox is not paced by it.
    const rate = page.getByLabel(/^Requests per second at most, to a service profile/);
    expect(await rate.getAttribute('aria-describedby')).toBe('rate-help');
    expect(await page.locator('#rate-help').textContent()).toMatch(
      /embedded sandbox is local and is sent as fast/,
    );
    await page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByLabel('Theme').selectOption('system');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? 'system'))
      .toBe('system');
  });

  it('is operable by keyboard with a visible focus', async () => {
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Workbench' })
      .focus();
    await page.keyboard.press('Enter');
    const list = problemList(page);
    expect(await list.isVisible()).toBe(true);
    await list.focus();
    await page.keyboard.press('Home');
    expect(await list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await list.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('complementary', { name: 'Selected problem' }).textContent()).not.toContain(
      'Select a problem',
    );
    // Tab moves on to the next control, drawn with a focus outline.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { visible: el.matches(':focus-visible'), width: getComputedStyle(el).outlineWidth };
    });
    expect(outline.visible).toBe(true);
    expect(outline.width).not.toBe('0px');
    // The map pans and zooms from the keyboard.
    const map = page.locator('.workbench svg.map-canvas');
    const before = await map.getAttribute('viewBox');
    await map.focus();
    await page.keyboard.press('+');
    expect(await map.getAttribute('viewBox')).not.toBe(before);
  });

  it('refuses a bridge call without the launch token', async () => {
    const origin = session.app.host.origin;
    const refused = await fetch(`${origin}/api/call/appInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const wrong = await fetch(`${origin}/api/call/appInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fieldgate-token': 'not-the-token' },
      body: '{}',
    });
    expect(wrong.status).toBe(403);
    // The page's own calls carry it.
    const fromPage = await page.evaluate(
      async () =>
        (
          await fetch('/api/call/appInfo', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
    );
    expect(fromPage).toBe(401);
  });
  it('shows a mixed batch’s every file in a tall window, the page unscrolled', async () => {
    const { page: tall } = await session.newPage();
    await tall.setViewportSize({ width: 1920, height: 1080 });
    await tall.locator('input[type=file]').setInputFiles([PROBLEM_CSV, RX, SOIL, CLEAN_FIELDS]);
    await filesChecked(tall, 4);
    const box = (await tall.locator('.batch-files-box').boundingBox())!;
    const rows = tall.getByTestId('batch-file');
    // The last file's row is in view in the files' box, not under its edge.
    const last = (await rows.nth(3).boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(box.y + box.height);
    expect(
      await tall.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    await tall.context().close();
  }, 90_000);
});
