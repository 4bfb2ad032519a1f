/**
 * The workbench with real files from the corpus (test/corpus, else ../shared/corpus): USDA crop sequence
 * boundaries (GeoJSON), Brandenburg's field parcels (a zipped shapefile whose table has no rate: boundaries), a real A & L
 * lab's Modus soil test and its hand transcription (invalid), and an ISOXML prescription ZIP. Each screen
 * is scanned with axe-core and photographed in light and dark under test-results/ (`real-*.png`).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../support/corpus.ts';
import { blockSession, checkScreen, chromiumMissing, openScreen } from './e2e-harness.ts';

const FILES = [
  'derived/us_csb_2024_sample_wgs84.geojson',
  'fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip',
  'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/lab-modus.xml',
  'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/hand-modus.xml',
  'derived/isoxml_test_rx.zip',
].map(corpusPath);

describe.skipIf(chromiumMissing)('real files from the corpus', () => {
  const session = blockSession();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await session.newPage());
    page.on('pageerror', (error) => console.error('page error:', error.message));
  }, 90_000);

  it('checks them and shows their fields on the map', async () => {
    await page.locator('input[type=file]').setInputFiles(FILES);
    const files = page.getByTestId('batch-file');
    await expect.poll(() => files.count()).toBe(FILES.length);
    await expect.poll(() => files.filter({ hasText: 'Checking' }).count(), { timeout: 60_000 }).toBe(0);
    const kinds = (await files.allTextContents()).join('\n');
    expect(kinds).toMatch(/us_csb_2024_sample_wgs84\.geojson\s*geojson/);
    // Brandenburg's parcels: boundaries (reprojected from UTM), not a prescription without rates.
    const antrag = files.filter({ hasText: 'antrag.zip' }).locator('td');
    expect(await antrag.nth(1).textContent()).toBe('boundary-shapefile');
    expect(await antrag.nth(2).textContent()).toBe('0');
    expect(await antrag.nth(4).textContent()).toBe('100');
    expect(kinds).toMatch(/isoxml_test_rx\.zip\s*rx-zip/);
    expect(kinds).toMatch(/lab-modus\.xml\s*modus-result/);
    // The hand transcription misses what Modus requires: errors in the list.
    const hand = files.filter({ hasText: 'hand-modus.xml' });
    expect(Number((await hand.locator('td').nth(2).textContent()) ?? '0')).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('.workbench .vector-map canvas').count(), { timeout: 20_000 })
      .toBe(1);
    // The map follows the theme (sea, land, fields in the theme's colours), without being made again.
    // First it settles: drawn, fitted to the fields and their problems (those across files come later).
    const canvas = page.locator('.workbench .vector-map canvas');
    // The legend over the map's corner is the page's, not the map's (its edge blends a shade apart).
    const legend = page.locator('.workbench').getByTestId('map-legend');
    let light = await canvas.screenshot({ mask: [legend] });
    await expect
      .poll(async () => {
        const again = await canvas.screenshot({ mask: [legend] });
        const settled = again.equals(light);
        light = again;
        return settled;
      })
      .toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await canvas.screenshot({ mask: [legend] })).equals(light)).toBe(false);
    expect(await canvas.count()).toBe(1);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => (await canvas.screenshot({ mask: [legend] })).equals(light)).toBe(true);
    await checkScreen(page, 'real-workbench');
  }, 90_000);

  it('shows the real lab’s soil test', async () => {
    await openScreen(page, 'Soil test');
    const soil = page.locator('.soil-file').filter({ hasText: 'lab-modus.xml' });
    expect(await soil.textContent()).toContain('A & L Great Lakes Laboratories');
    await checkScreen(page, 'real-soil');
  });

  it('dry-runs the batch on Submit, a result per row', async () => {
    await openScreen(page, 'Submit');
    await page.getByLabel(/Dry run/).check();
    await page.getByRole('button', { name: /Start the dry run/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished \(dry run\)/ }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await page.getByTestId('result-row').count()).toBeGreaterThan(0);
    await checkScreen(page, 'real-submit');
  }, 60_000);
});
