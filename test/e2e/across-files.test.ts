/**
 * The checks across files in the app, in Debian's Chromium against the browser host: a field of a CSV
 * again in a GeoJSON under another name (a batch of real boundaries, test/corpus/derived/batches) is one
 * problem of the GeoJSON, and selecting it outlines both fields on the map, one in each file.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, ROOT, startSession, type E2eSession } from './e2e-harness.ts';

const BATCH = join(ROOT, 'test/corpus/derived/batches/duplicate-field/mistake');

const problem = (page: Page, code: string) =>
  page.getByRole('listbox', { name: 'Problems' }).getByRole('option').filter({ hasText: code });

describe.skipIf(chromiumMissing)('problems across files in the app', () => {
  let session: E2eSession;

  beforeAll(async () => {
    session = await startSession();
  }, 90_000);
  afterAll(async () => {
    await session?.close();
  });

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
});
