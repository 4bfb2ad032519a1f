/**
 * The soil view, in Debian's Chromium: a Modus file's problems grouped by sample and depth (the file's own
 * first), a group or a problem chosen selects its sample on the map, a sample chosen on the map marks its
 * group; the data grid's rows are the samples by number with their depths.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSession, checkScreen, chromiumMissing, filesChecked, openScreen, ROOT } from './e2e-harness.ts';

/** 20 samples at one depth (DepthRef "0 - 8 in", unit "in"), results with units the service spells otherwise. */
const SOIL = join(ROOT, 'test/corpus/derived/batches/samples-shifted/mistake/soil.xml');

/** The MapLibre map's element holds the map (vector-map.tsx). */
interface MapElement extends HTMLElement {
  fieldgateMap?: {
    loaded(): boolean;
    getZoom(): number;
    jumpTo(options: { zoom: number }): void;
    queryRenderedFeatures(options: { layers: string[] }): { properties: Record<string, unknown> }[];
    getCenter(): { lng: number; lat: number };
    project(lngLat: [number, number]): { x: number; y: number };
  };
}

describe.skipIf(chromiumMissing)('the soil view', () => {
  const session = blockSession();

  it('groups problems by sample and depth and selects the sample on the map, both ways', async () => {
    const { page, context } = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Map view').selectOption('svg');
    await page.locator('input[type=file]').setInputFiles(SOIL);
    await filesChecked(page, 1);

    // The grid: each sample by its number, with its depth as the lab file names it (its DepthRef's name, not
    // the id its samples refer to it by).
    const grid = page.getByRole('grid', { name: /Rows of soil\.xml/ });
    await expect
      .poll(() => grid.locator('[data-row="3"] [aria-colindex="2"]').textContent())
      .toBe('Sample 3');
    expect(await grid.locator('[data-row="3"] [data-column="depths"]').textContent()).toBe('0 - 8 in');

    await openScreen(page, 'Soil test');
    const soil = page.locator('.screen.soil');
    const groups = soil.getByTestId('soil-group');
    const titles = await groups.locator('.soil-group-title').allTextContents();
    expect(titles[0]).toMatch(/^The file, its events and depths \(\d+\)$/);
    expect(titles[1]).toMatch(/^Sample 1, depth 0 - 8 in \(\d+\)$/);
    expect(titles.filter((t) => t.startsWith('Sample '))).toHaveLength(20);
    // The summary counts in words that agree with the numbers.
    await expect
      .poll(() => soil.getByText(/^ModusResult/).textContent())
      .toMatch(/^ModusResult 1\.0: 1 event, 20 samples, 20 with a location\.$/);
    expect(await groups.first().textContent()).toContain('MSV007');

    const map = soil.locator('svg.map-canvas');
    const selectedSample = () => map.locator('g.feature.selected').getAttribute('data-feature');
    // No field file in the batch: the samples fill the map by themselves, and a note says why there is no
    // field under them; the legend names no field outline.
    expect(await soil.getByRole('note').textContent()).toMatch(
      /^No field boundary in the batch: the soil samples/,
    );
    const samplesSpan = () =>
      map.evaluate((svg) => {
        const frame = svg.getBoundingClientRect();
        const circles = Array.from(svg.querySelectorAll('g.feature circle')).map((c) =>
          c.getBoundingClientRect(),
        );
        const width = Math.max(...circles.map((c) => c.right)) - Math.min(...circles.map((c) => c.left));
        const height = Math.max(...circles.map((c) => c.bottom)) - Math.min(...circles.map((c) => c.top));
        return Math.max(width / frame.width, height / frame.height);
      });
    await expect.poll(samplesSpan).toBeGreaterThan(0.6);
    const legend = soil.getByTestId('map-legend');
    expect(await legend.locator('[data-legend=field]').count()).toBe(0);
    expect(await legend.locator('[data-legend^=field-]').count()).toBe(0);
    expect(await legend.locator('[data-legend=samples]').textContent()).toBe(' Soil sample 20');
    // The map's view height, and where the selected sample is in the map: its share of the width and height.
    const viewHeight = () => map.evaluate((svg) => Number(svg.getAttribute('viewBox')?.split(' ')[3]));
    const selectedAt = () =>
      map.evaluate((svg) => {
        const frame = svg.getBoundingClientRect();
        const c = svg.querySelector('g.feature.selected circle')!.getBoundingClientRect();
        return [
          (c.left + c.width / 2 - frame.left) / frame.width,
          (c.top + c.height / 2 - frame.top) / frame.height,
        ];
      });
    const wholeView = await viewHeight();
    // A group chosen: its sample is the map's.
    const sample3 = groups.filter({ hasText: 'Sample 3, depth' });
    await sample3.locator('.soil-group-title').click();
    await expect.poll(selectedSample).toBe('2');
    // Zoomed in to it (the whole set is about twice as high), near the middle of the map.
    await expect.poll(viewHeight).toBeLessThan(wholeView / 1.8);
    const [x, y] = await selectedAt();
    expect(x).toBeGreaterThan(0.35);
    expect(x).toBeLessThan(0.65);
    expect(y).toBeGreaterThan(0.2);
    expect(y).toBeLessThan(0.6);
    expect(await sample3.locator('.soil-group-title').getAttribute('aria-pressed')).toBe('true');
    expect(await map.locator('g.feature.selected').count()).toBe(1);
    // A problem chosen: its sample too.
    const sample5 = groups.filter({ hasText: 'Sample 5, depth' });
    const problem = sample5.locator('.soil-problem').first();
    await problem.click();
    await expect.poll(selectedSample).toBe('4');
    expect(await problem.getAttribute('aria-pressed')).toBe('true');
    expect(await sample3.locator('.soil-group-title').getAttribute('aria-pressed')).toBe('false');
    // A sample chosen on the map: its group is marked.
    await soil.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(viewHeight).toBeGreaterThan(wholeView * 0.9);
    await map.locator('g[data-feature="7"] circle').dispatchEvent('click');
    const sample8 = groups.filter({ hasText: 'Sample 8, depth' });
    await expect.poll(() => sample8.locator('.soil-group-title').getAttribute('aria-pressed')).toBe('true');
    // Chosen on the map, it is zoomed to as well.
    await expect.poll(viewHeight).toBeLessThan(wholeView / 1.8);
    expect(await soil.locator('.soil-group-title[aria-pressed=true]').count()).toBe(1);
    await checkScreen(page, 'soil-view', { fullPage: false });

    // MapLibre: a group chosen zooms to its sample too (in view, the map much closer than the whole set).
    await soil.getByLabel('Map view').selectOption('vector');
    const vector = soil.locator('.vector-map');
    const mapState = () =>
      vector.evaluate((element) => {
        const map = (element as MapElement).fieldgateMap;
        if (!map?.loaded()) return undefined;
        return { zoom: map.getZoom(), center: map.getCenter() };
      });
    await expect.poll(mapState, { timeout: 30_000 }).toBeDefined();
    // Shown with the selection it had (sample 8); the user zooms out three steps.
    const close = (await mapState())!;
    await vector.evaluate(
      (element, zoom) => (element as MapElement).fieldgateMap!.jumpTo({ zoom }),
      close.zoom - 3,
    );
    const wide = (await mapState())!;
    await sample3.locator('.soil-group-title').click();
    await expect.poll(async () => (await mapState())!.zoom).toBeGreaterThan(wide.zoom + 1);
    // Sample 3 (-103.2460511, 35.8568908) near the middle of the map.
    const at = await vector.evaluate((element) => {
      const p = (element as MapElement).fieldgateMap!.project([-103.2460511, 35.8568908]);
      return [p.x / element.clientWidth, p.y / element.clientHeight];
    });
    expect(at[0]).toBeGreaterThan(0.3);
    expect(at[0]).toBeLessThan(0.7);
    expect(at[1]).toBeGreaterThan(0.15);
    expect(at[1]).toBeLessThan(0.7);
    // Ringed as the selection (a point has no outline to draw).
    await expect
      .poll(() =>
        vector.evaluate((element) =>
          (element as MapElement)
            .fieldgateMap!.queryRenderedFeatures({ layers: ['selected-points'] })
            .map((f) => f.properties.fid),
        ),
      )
      .toEqual([2]);
    await checkScreen(page, 'soil-view-vector', { fullPage: false });
    await context.close();
  }, 60_000);
});
