/**
 * The checks across files in the app, in Debian's Chromium against the browser host: a field of a CSV
 * again in a GeoJSON under another name (a batch of real boundaries, test/corpus/derived/batches) is one
 * problem of the GeoJSON, and selecting it outlines both fields on the map, one in each file. Shared data
 * added from the Shared data screen is drawn as points beside the fields, and the points outside every
 * field are counted. A problem across files counts in its file's errors and goes into the problems CSV, as
 * `fieldgate validate --format csv` reports it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockSession, chromiumMissing, filesChecked, ROOT } from './e2e-harness.ts';

const BATCH = join(ROOT, 'test/corpus/derived/batches/duplicate-field/mistake');
const CLEAN_FIELDS = join(ROOT, 'examples/fields/clean-fields.json');

const problem = (page: Page, code: string) =>
  page.getByRole('listbox', { name: 'Problems' }).getByRole('option').filter({ hasText: code });

describe.skipIf(chromiumMissing)('problems across files in the app', () => {
  const session = blockSession();

  it('lists the same ground in two files and outlines both fields on the map', async () => {
    const { page } = await session.newPage();
    await page
      .locator('input[type=file]')
      .setInputFiles([join(BATCH, 'fields.csv'), join(BATCH, 'more-fields.geojson')]);
    await expect
      .poll(() => problem(page, 'XF006').textContent(), { timeout: 15_000 })
      .toContain('covers the same ground as "CSB 351724000000007" (fields.csv, row 5)');
    expect(await problem(page, 'XF006').textContent()).toContain('more-fields.geojson');
    await page.locator('.workbench').getByLabel('Map view').selectOption('svg');
    const map = page.locator('svg.map-canvas');
    await expect.poll(() => map.locator('g.feature').count()).toBeGreaterThanOrEqual(10);
    await problem(page, 'XF006').click();
    // The GeoJSON's field and the CSV's, the same ground: both outlined.
    await expect.poll(() => map.locator('g.feature.selected').count()).toBe(2);
    const detail = page.getByRole('complementary', { name: 'Selected problem' });
    expect(await detail.getByRole('list', { name: 'Places it names' }).textContent()).toContain(
      'See fields.csv row 5, boundary (the same ground in another file)',
    );
  });

  it('draws shared data beside the fields and counts its points outside them', async () => {
    const { page } = await session.newPage();
    const screens = page.getByRole('navigation', { name: 'Screens' });
    await screens.getByRole('button', { name: 'Shared data', exact: true }).click();
    const info = (await page.locator('.shared p').first().textContent()) ?? '';
    const demoKey = /demo sharing keys: ([^,.]+)/.exec(info)?.[1];
    expect(demoKey).toBeTruthy();
    await page.getByLabel('Sharing key').fill(demoKey!);
    await page.getByRole('button', { name: 'List shared files' }).click();
    const first = page.getByTestId('shared-file').first();
    await expect.poll(() => first.count(), { timeout: 15_000 }).toBe(1);
    await first.getByRole('button', { name: /^Add to batch: / }).click();
    await expect.poll(() => first.textContent()).toContain('done');
    await screens.getByRole('button', { name: 'Workbench', exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(CLEAN_FIELDS);
    await expect
      .poll(() => page.getByTestId('batch-file').filter({ hasText: 'agronomic-data' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(() => problem(page, 'XF007').textContent(), { timeout: 15_000 })
      .toContain('Of its 20 points, 20 lie outside every field of the batch');
    await page.locator('.workbench').getByLabel('Map view').selectOption('svg');
    const map = page.locator('svg.map-canvas');
    // The 20 points, each a circle of its feature, beside the field.
    await expect.poll(() => map.locator('g.feature circle').count()).toBe(20);
  });
  it('counts it in its file’s errors and exports it in the problems CSV, as the command line does', async () => {
    const { page } = await session.newPage();
    // Whether the problems' export was ever disabled (while the checks across files ran), noted as it changes.
    await page.evaluate(() => {
      const seen = window as unknown as { exportWaited: boolean };
      seen.exportWaited = false;
      new MutationObserver(() => {
        for (const b of Array.from(document.querySelectorAll('.batch-exports button')))
          if (b.textContent === 'Problems (CSV)' && (b as HTMLButtonElement).disabled)
            seen.exportWaited = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page
      .locator('input[type=file]')
      .setInputFiles([join(BATCH, 'fields.csv'), join(BATCH, 'more-fields.geojson')]);
    await filesChecked(page, 2);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { exportWaited: boolean }).exportWaited))
      .toBe(true);
    // Saved at once: the export waits for the checks across files (its button disabled until they end).
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Problems (CSV)' }).click(),
    ]);
    expect(await problem(page, 'XF006').count()).toBe(1);
    const counts = async (name: string) =>
      (await page.getByTestId('batch-file').filter({ hasText: name }).locator('td').allTextContents()).slice(
        2,
        4,
      );
    // The GeoJSON's own checks find nothing; the same ground as a field of the CSV is its one error.
    expect(await counts('more-fields.geojson')).toEqual(['1', '0']);
    expect(await counts('fields.csv')).toEqual(['0', '0']);
    const cli = spawnSync(
      process.execPath,
      [
        join(ROOT, 'cli/bin/fieldgate.js'),
        'validate',
        '--format',
        'csv',
        '--no-progress',
        'fields.csv',
        'more-fields.geojson',
      ],
      { cwd: BATCH },
    );
    expect(cli.stdout.toString()).toContain('XF006');
    expect(readFileSync((await saved.path())!).toString()).toBe(cli.stdout.toString());
    await page.context().close();
  }, 90_000);
});
