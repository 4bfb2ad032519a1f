/**
 * A tour of every screen of the app, in Debian's Chromium, in a realistic state: the workbench empty, with
 * a fields CSV with problems and its grid, the mapping step, soil tests with a Modus file, shared data,
 * Submit before a run, a finished run's results, the runs list, settings, and the service profiles. Each at
 * 1366×768 and 1920×1080, light and dark (test-results/tour-<screen>-<w>x<h>-<scheme>.png), axe finding no
 * serious or critical violation; the workbench with no page scroll at 1366×768. And by keyboard alone: from
 * the first Tab, each screen is reached through the navigation, and its main action reached and operated.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  blockSession,
  checkScreen,
  chromiumMissing,
  filesChecked,
  RESULTS_DIR,
  ROOT,
} from './e2e-harness.ts';

const FIELDS = join(ROOT, 'examples/csv/fields-with-problems.csv');
const SOIL = join(ROOT, 'test/corpus/derived/batches/samples-shifted/mistake/soil.xml');
const SQUARE = (lat: number) =>
  `"POLYGON ((-93.65 ${lat}, -93.64 ${lat}, -93.64 ${lat + 0.01}, -93.65 ${lat + 0.01}, -93.65 ${lat}))"`;
/** Headers none of the kind's: the mapping step opens. */
const OWN_HEADERS =
  'Owner,Ranch,Paddock,Outline,Contact,Size\n' +
  `Smith Farms,Home Farm,North 40,${SQUARE(42.03)},grower.demo@example.com,227.28\n`;

const SIZES = [
  [1366, 768],
  [1920, 1080],
] as const;

const problem = (page: Page, code: string) =>
  page.getByRole('listbox', { name: 'Problems' }).getByRole('option').filter({ hasText: code });

const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Press Tab until `target` has the focus (a person's way there by keyboard); fails when it never does. */
async function tabTo(page: Page, target: Locator, what: string, max = 300): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`${what}: not reached by ${max} Tabs (the focus is on ${at})`);
}

/**
 * From the first Tab of the page (the focus back at its start): through the navigation to `screen`,
 * opened with Enter.
 */
async function navigateByKeyboard(page: Page, screen: string): Promise<void> {
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await page.keyboard.press('Tab');
  // The first Tab is the navigation's first screen.
  expect(await isFocused(nav.getByRole('button').first())).toBe(true);
  const button = nav.getByRole('button', { name: screen, exact: true });
  if (!(await isFocused(button))) await tabTo(page, button, `the ${screen} button`, 10);
  await page.keyboard.press('Enter');
  expect(await button.getAttribute('aria-current')).toBe('page');
  // Only that screen is shown: the loaded workbench's own layout must not show it under another screen.
  expect(await page.locator('.screen.workbench').isVisible()).toBe(screen === 'Workbench');
}

/** The screen as it is now at both sizes, both schemes (screenshots and axe); `part` scrolled into view. */
async function photograph(page: Page, name: string, options: { workbench?: boolean; part?: Locator } = {}) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    if (options.workbench && width === 1366)
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(0);
    await options.part?.scrollIntoViewIfNeeded();
    await checkScreen(page, `tour-${name}-${width}x${height}`, { fullPage: false });
  }
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
}

describe.skipIf(chromiumMissing)('a tour of every screen', () => {
  const session = blockSession();

  it('shows every screen at both sizes in light and dark, each usable by keyboard alone', async () => {
    const { page, context } = await session.newPage();
    await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
    await page.getByLabel('Map view').selectOption('svg');

    // The workbench, empty; its main action, choosing files, by keyboard.
    await navigateByKeyboard(page, 'Workbench');
    await photograph(page, 'workbench-empty', { workbench: true });
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, page.locator('input[type=file]'), 'Choose files');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(FIELDS);
    await filesChecked(page, 1);

    // With a fields CSV with problems: its grid, problems and map; all safe fixes applied by keyboard.
    await expect.poll(() => problem(page, 'CSV005').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await navigateByKeyboard(page, 'Workbench');
    await photograph(page, 'workbench-grid', { workbench: true });
    await tabTo(page, page.getByRole('button', { name: /Apply all safe fixes/ }), 'Apply all safe fixes');
    await page.keyboard.press('Enter');
    await expect.poll(() => problem(page, 'CSV005').count()).toBe(0);

    // The mapping step, for a CSV with headers of its own; its problems counted by keyboard.
    const own = join(RESULTS_DIR, 'tour-own-headers.csv');
    writeFileSync(own, OWN_HEADERS);
    await page.locator('input[type=file]').setInputFiles(own);
    await filesChecked(page, 2);
    const step = page.locator('details.column-mapping').filter({ hasText: 'tour-own-headers.csv' });
    expect(await step.getAttribute('open')).not.toBeNull();
    await navigateByKeyboard(page, 'Workbench');
    await photograph(page, 'mapping', { workbench: true });
    await tabTo(
      page,
      step.getByRole('button', { name: 'Count the problems with this mapping' }),
      'Count the problems',
    );
    await page.keyboard.press('Enter');
    await expect
      .poll(() => step.getByTestId('mapping-problems').textContent())
      .toContain('with this mapping');

    // Soil tests with a Modus file; a sample's problems chosen by keyboard select it on the map.
    await page.locator('input[type=file]').setInputFiles(SOIL);
    await filesChecked(page, 3);
    await navigateByKeyboard(page, 'Soil test');
    await photograph(page, 'soil');
    const sample3 = page
      .getByTestId('soil-group')
      .filter({ hasText: 'Sample 3, depth' })
      .locator('.soil-group-title');
    await tabTo(page, sample3, 'Sample 3');
    await page.keyboard.press('Enter');
    expect(await sample3.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => page.locator('.soil svg.map-canvas g.feature.selected').getAttribute('data-feature'))
      .toBe('2');

    // Shared data; the files shared under a demo key listed by keyboard.
    await navigateByKeyboard(page, 'Shared data');
    await photograph(page, 'shared');
    const [key] = session.app.sandbox!.demo.sharingKeys;
    await tabTo(page, page.getByLabel('Sharing key'), 'Sharing key');
    await page.keyboard.type(key!);
    await tabTo(page, page.getByRole('button', { name: 'List shared files' }), 'List shared files', 5);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('table', { name: 'Shared files' }).count()).toBe(1);

    // Submit before a run; the batch submitted by keyboard.
    await navigateByKeyboard(page, 'Submit');
    const submit = page.getByRole('button', { name: /Submit the batch/ });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await photograph(page, 'submit');
    await tabTo(page, submit, 'Submit the batch');
    await page.keyboard.press('Enter');
    const finished = page.getByRole('heading', { name: /Run .* — finished/ });
    await expect.poll(() => finished.count(), { timeout: 30_000 }).toBe(1);

    // A finished run's results; exported by keyboard.
    await navigateByKeyboard(page, 'Submit');
    await photograph(page, 'run-results', { part: finished });
    const download = page.waitForEvent('download');
    await tabTo(page, page.getByRole('button', { name: 'Export results CSV' }), 'Export results CSV');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    // The runs list; a run archived by keyboard.
    const runs = page.getByRole('list', { name: 'Runs of this data folder' });
    await navigateByKeyboard(page, 'Submit');
    await photograph(page, 'runs', { part: runs });
    await tabTo(page, runs.getByRole('button', { name: /^Archive the run of/ }).first(), 'Archive a run');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Archived runs (1)', { exact: true }).count()).toBe(1);

    // Settings; saved by keyboard.
    await navigateByKeyboard(page, 'Settings');
    await photograph(page, 'settings');
    await tabTo(page, page.getByRole('button', { name: 'Save settings' }), 'Save settings');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Settings saved.').count()).toBe(1);

    // The service profiles; a production profile started by keyboard.
    const profiles = page.getByRole('table', { name: 'Profiles' });
    await navigateByKeyboard(page, 'Settings');
    await photograph(page, 'profiles', { part: profiles });
    await tabTo(page, page.getByRole('button', { name: 'Add a production profile' }), 'Add a profile');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: 'Profile' }).count()).toBe(1);
    await context.close();
  }, 240_000);
});
