/**
 * The map tells the story, in Chromium against the browser host, in both maps (SVG, and MapLibre read
 * through its sources): problem markers coloured by severity with a legend of their counts, clustered when
 * there are thousands (a grid of the view in SVG, MapLibre's own clustering in WebGL) with each cluster's
 * count; a fix's result drawn over the original while it is previewed (a safe fix on request, an unsafe
 * one while it is confirmed); an overlap or a duplicate outlining both fields and zoomed to show both; an
 * Rx's rate unit in the legend and its zone table beside the map; Modus sample points on their field.
 * Screenshots at 1366×768 in light and dark under test-results/ (axe on each).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rxZip } from '../rx/build-zip.ts';
import { square } from '../rx/build-shapefile.ts';
import {
  blockSession,
  checkScreen,
  chromiumMissing,
  filesChecked,
  RESULTS_DIR,
  ROOT,
} from './e2e-harness.ts';

const ring = (points: [number, number][]): string =>
  `"POLYGON ((${points.map(([x, y]) => `${x} ${y}`).join(', ')}))"`;
const squareAt = (x: number, y: number, s: number) =>
  ring([
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
    [x, y],
  ]);
const bowTieAt = (x: number, y: number, s: number) =>
  ring([
    [x, y],
    [x + s, y + s],
    [x + s, y],
    [x, y + s],
    [x, y],
  ]);
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** 1,400 bow-ties (an error at each crossing) and 700 pairs of fields that overlap (a warning each). */
function manyProblemsCsv(): string {
  const rows = ['clientName,farmName,name,boundary,acres'];
  for (let i = 0; i < 1400; i++)
    rows.push(
      `Smith,Farm ${i % 5},Bow ${i},${bowTieAt(round(-94 + (i % 35) * 0.02), round(42 + Math.floor(i / 35) * 0.02), 0.01)},`,
    );
  for (let i = 0; i < 700; i++) {
    const x = round(-93 + (i % 28) * 0.03);
    const y = round(42 + Math.floor(i / 28) * 0.03);
    rows.push(`Jones,Pair ${i},A ${i},${squareAt(x, y, 0.01)},`);
    rows.push(`Jones,Pair ${i},B ${i},${squareAt(round(x + 0.005), round(y + 0.005), 0.01)},`);
  }
  return `${rows.join('\n')}\n`;
}

/** North 40, a bow-tie (its fix unsafe) and a field with a repeated point (its fix safe). */
const FIX_CSV = [
  'clientName,farmName,name,boundary,acres',
  `Smith Farms,Home Farm,North 40,${squareAt(-93.65, 42.03, 0.01)},`,
  `Smith Farms,Home Farm,Bow Tie,${bowTieAt(-93.65, 42.01, 0.01)},`,
  'Smith Farms,Home Farm,Repeats,"POLYGON ((-93.68 42.03, -93.67 42.03, -93.67 42.03, -93.67 42.04, -93.68 42.04, -93.68 42.03))",',
  '',
].join('\n');

/**
 * Two fields that overlap (rows 1 and 2), a field repeated 0.1° away (rows 3 and 4), and a field far off
 * (row 5), so the map's first view is wide.
 */
const PAIRS_CSV = [
  'clientName,farmName,name,boundary,acres',
  `Smith Farms,Home Farm,North 40,${squareAt(-93.65, 42.03, 0.01)},`,
  `Smith Farms,Home Farm,North 40 East,${squareAt(-93.645, 42.035, 0.01)},`,
  `Smith Farms,Home Farm,South,${squareAt(-93.7, 42.0, 0.01)},`,
  `Smith Farms,Home Farm,South,${squareAt(-93.6, 42.0, 0.01)},`,
  `Smith Farms,Far Farm,Far Away,${squareAt(-90.0, 44.0, 0.01)},`,
  '',
].join('\n');

const SAMPLES = join(ROOT, 'test/corpus/derived/batches/samples-shifted/clean');

interface MapElement extends HTMLElement {
  fieldgateMap?: {
    loaded(): boolean;
    getSource(id: string): { getData(): Promise<{ features: unknown[] }> } | undefined;
    querySourceFeatures(
      id: string,
      options?: unknown,
    ): { properties: Record<string, unknown>; geometry: { type: string } }[];
    getFilter(layer: string): unknown;
    queryRenderedFeatures(options: { layers: string[] }): { properties: Record<string, unknown> }[];
    getBounds(): { getWest(): number; getEast(): number; getSouth(): number; getNorth(): number };
    project(lngLat: [number, number] | { lng: number; lat: number }): { x: number; y: number };
    getZoom(): number;
    getCenter(): { toArray(): [number, number] };
    isMoving(): boolean;
    unproject(point: [number, number]): { lng: number; lat: number };
  };
}

/** The focused element as a map's mark: its key, role and name, and how many marks are tab stops. */
function focusedMark(page: Page) {
  return page.evaluate(() => {
    const e = document.activeElement!;
    return {
      mark: e.getAttribute('data-mark'),
      role: e.getAttribute('role') ?? e.tagName.toLowerCase(),
      name: e.getAttribute('aria-label') ?? '',
      pressed: e.getAttribute('aria-pressed'),
      visible: e.matches(':focus-visible'),
      tabStops: document.querySelectorAll('.workbench [data-mark][tabindex="0"]').length,
    };
  });
}

/** From MapLibre's canvas, Tab (past its zoom buttons) to its marks: the one tab stop among them. */
async function tabToVectorMarks(page: Page, scope = '.workbench'): Promise<void> {
  // The marks are worked out once the map has settled with its data.
  await expect.poll(() => page.locator(`${scope} .map-marks [data-mark]`).count()).toBeGreaterThan(0);
  await page.locator(`${scope} .vector-map canvas`).focus();
  for (let i = 0; i < 6 && (await focusedMark(page)).mark === null; i++) await page.keyboard.press('Tab');
}

async function dropFile(page: Page, name: string, content: string | Buffer): Promise<void> {
  const path = join(RESULTS_DIR, name);
  writeFileSync(path, content);
  await page.locator('input[type=file]').setInputFiles(path);
}

const problem = (page: Page, text: string) =>
  page.getByRole('listbox', { name: 'Problems' }).getByRole('option').filter({ hasText: text });

/** Unfold the map's legend: a map as short as 1366×768's starts with it folded to one line. */
async function unfoldLegend(scope: Page | Locator): Promise<void> {
  const toggle = scope.getByTestId('map-legend').getByRole('button', { name: 'Legend' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
}

/** Switch the map to MapLibre and wait until it has drawn its first frame with the data. */
async function vectorMap(page: Page): Promise<void> {
  await page.locator('.workbench').getByLabel('Map view').selectOption('vector');
  await expect
    .poll(
      () =>
        page.evaluate(
          () => (document.querySelector('.vector-map') as MapElement | null)?.fieldgateMap?.loaded() === true,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The features of one of MapLibre's sources, as the page set them. */
function sourceData(page: Page, source: string): Promise<Array<{ properties: Record<string, unknown> }>> {
  return page.evaluate(async (id) => {
    const map = (document.querySelector('.vector-map') as MapElement).fieldgateMap!;
    const data = await map.getSource(id)!.getData();
    return data.features as Array<{ properties: Record<string, unknown> }>;
  }, source);
}

/** The SVG map's view box and, for each selected feature, whether its outline is inside the view. */
function svgView(page: Page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.map-canvas') as SVGSVGElement;
    const [x, y, w, h] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number) as number[];
    const inside = Array.from(svg.querySelectorAll('g.feature.selected path')).map((p) => {
      const b = (p as SVGPathElement).getBBox();
      return b.x >= x! && b.y >= y! && b.x + b.width <= x! + w! && b.y + b.height <= y! + h!;
    });
    return { w: w!, h: h!, inside };
  });
}

/**
 * Where the SVG map's selected outlines are drawn, in the map's share: the part of the map (its width or
 * its height, whichever is more) they take, whether they are all inside it, and whether the legend (over
 * the map's corner) hides any of them.
 */
function selectedOnScreen(page: Page) {
  return page.evaluate(() => {
    const svg = document.querySelector('.workbench svg.map-canvas') as SVGSVGElement;
    const map = svg.getBoundingClientRect();
    const legend = svg.parentElement!.querySelector('.map-legend')!.getBoundingClientRect();
    const boxes = Array.from(svg.querySelectorAll('g.feature.selected')).map((g) =>
      g.getBoundingClientRect(),
    );
    const left = Math.min(...boxes.map((b) => b.left));
    const right = Math.max(...boxes.map((b) => b.right));
    const top = Math.min(...boxes.map((b) => b.top));
    const bottom = Math.max(...boxes.map((b) => b.bottom));
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return {
      share: Math.max((right - left) / map.width, (bottom - top) / map.height),
      inside: left >= map.left && right <= map.right && top >= map.top && bottom <= map.bottom,
      underLegend: boxes.some((b) => overlaps(b, legend)),
    };
  });
}

/** "shown well" when the selection is inside the map, clear of the legend and over a third of it across. */
async function shownWell(page: Page): Promise<string> {
  const shown = await selectedOnScreen(page);
  return shown.inside && !shown.underLegend && shown.share > 0.35 ? 'shown well' : JSON.stringify(shown);
}

/**
 * Where a lon/lat box [west, south, east, north] is drawn on the MapLibre map: "shown well" when it is
 * inside the map, clear of the legend over its corner and over a third of it across.
 */
function vectorShownWell(page: Page, box: [number, number, number, number]): Promise<string> {
  return page.evaluate((b) => {
    const element = document.querySelector('.workbench .vector-map') as MapElement;
    const map = element.getBoundingClientRect();
    const legend = element.parentElement!.querySelector('.map-legend')!.getBoundingClientRect();
    const sw = element.fieldgateMap!.project([b[0], b[1]]);
    const ne = element.fieldgateMap!.project([b[2], b[3]]);
    const drawn = {
      left: map.left + sw.x,
      right: map.left + ne.x,
      top: map.top + ne.y,
      bottom: map.top + sw.y,
    };
    const inside =
      drawn.left >= map.left &&
      drawn.right <= map.right &&
      drawn.top >= map.top &&
      drawn.bottom <= map.bottom;
    const underLegend =
      drawn.left < legend.right &&
      legend.left < drawn.right &&
      drawn.top < legend.bottom &&
      legend.top < drawn.bottom;
    const share = Math.max((drawn.right - drawn.left) / map.width, (drawn.bottom - drawn.top) / map.height);
    return inside && !underLegend && share > 0.35
      ? 'shown well'
      : JSON.stringify({ inside, underLegend, share });
  }, box);
}

describe.skipIf(chromiumMissing)('the map tells the story', () => {
  const session = blockSession();

  it('colours markers by severity with a legend, and clusters them when there are thousands', async () => {
    const { page } = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Map view').selectOption('svg');
    await dropFile(page, 'map-many-problems.csv', manyProblemsCsv());
    await filesChecked(page, 1);
    const legend = page.getByTestId('map-legend');
    const markers = legend.getByRole('list', { name: 'Problems on the map' });
    await expect
      .poll(() => markers.locator('li[data-severity]').allTextContents())
      .toEqual([' Error 1,400', ' Warning 700']);
    // Folded on this short map, the legend keeps the counts; unfolded, it explains clusters and outlines.
    expect(await markers.locator('li[data-legend=cluster]').count()).toBe(0);
    await unfoldLegend(page);
    expect(await markers.locator('li[data-legend=cluster]').count()).toBe(1);
    // Outlines in the colour of their field's worst problem, named.
    expect(
      await legend
        .getByRole('list', { name: 'Outlines' })
        .locator('li[data-legend^=field-]')
        .allTextContents(),
    ).toEqual([' With an error', ' With a warning']);

    // The map's title bar keeps one line at 1366×768 though 2,000 of its 2,800 features are drawn: the
    // count is cut short (its whole text in its title and for screen readers), not "Map view" or the buttons.
    const titleBar = await page.locator('.workbench .map > .toolbar').evaluate((bar) => {
      const boxes = Array.from(bar.children).map((c) => c.getBoundingClientRect());
      const label = bar.querySelector('label')!.getBoundingClientRect();
      const select = bar.querySelector('select')!.getBoundingClientRect();
      return {
        oneLine: Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom)),
        labelOneLine: label.height <= select.height + 4,
      };
    });
    expect(titleBar).toEqual({ oneLine: true, labelOneLine: true });
    const count = page.locator('.workbench .map > .toolbar .count');
    expect(await count.getAttribute('title')).toBe('2,000 of 2,800 features drawn (problems first)');
    expect(await count.textContent()).toContain('2,000 of 2,800 features drawn (problems first)');

    // SVG: the 2,100 markers as clusters (count, worst severity) and single markers; every one counted once.
    const map = page.locator('svg.map-canvas');
    const drawn = () =>
      map.evaluate((svg) => {
        const clusters = Array.from(svg.querySelectorAll('g.problem-cluster'));
        return {
          clusters: clusters.length,
          inClusters: clusters.reduce((n, c) => n + Number(c.getAttribute('data-count')), 0),
          labels: clusters.every(
            (c) => c.querySelector('text')?.textContent === c.getAttribute('data-count'),
          ),
          singles: svg.querySelectorAll('circle.problem-point').length,
          errorClusters: svg.querySelectorAll('g.problem-cluster.sev-error').length,
          warningClusters: svg.querySelectorAll('g.problem-cluster.sev-warning').length,
        };
      });
    await expect.poll(async () => (await drawn()).inClusters + (await drawn()).singles).toBe(2100);
    const wide = await drawn();
    expect(wide.clusters).toBeGreaterThan(0);
    expect(wide.clusters).toBeLessThan(500);
    expect(wide.labels).toBe(true);
    // The bow-ties (errors) and the pairs (warnings) lie apart: clusters of each colour.
    expect(wide.errorClusters).toBeGreaterThan(0);
    expect(wide.warningClusters).toBeGreaterThan(0);
    await checkScreen(page, 'map-clusters-svg', { fullPage: false });
    // A cluster clicked zooms in: fewer markers per cluster, still every one counted once.
    await map.locator('g.problem-cluster').first().dispatchEvent('click');
    await expect.poll(async () => (await drawn()).clusters).not.toBe(wide.clusters);
    const closer = await drawn();
    expect(closer.inClusters + closer.singles).toBe(2100);

    // By keyboard: Tab from the map reaches its markers and clusters (one tab stop, named), arrows go from
    // one to the next, Enter zooms into a cluster and leaves the focus on a mark there, Escape goes back.
    const zoomedIn = await svgView(page);
    await page.locator('.workbench').getByRole('button', { name: 'Fit' }).click();
    await expect.poll(async () => (await svgView(page)).w).toBeGreaterThan(zoomedIn.w);
    const focused = () =>
      page.evaluate(() => {
        const e = document.activeElement!;
        return {
          mark: e.getAttribute('data-mark'),
          role: e.getAttribute('role'),
          name: e.getAttribute('aria-label') ?? '',
          visible: e.matches(':focus-visible'),
          tabStops: document.querySelectorAll('svg.map-canvas [data-mark][tabindex="0"]').length,
        };
      });
    await map.focus();
    await page.keyboard.press('Tab');
    const first = await focused();
    expect(first).toMatchObject({ role: 'button', visible: true, tabStops: 1 });
    expect(first.mark).toMatch(/^(cluster|point):/);
    await page.keyboard.press('ArrowRight');
    expect((await focused()).mark).not.toBe(first.mark);
    await page.keyboard.press('Home');
    expect((await focused()).mark).toBe(first.mark);
    // To the first cluster, then into it.
    for (let i = 0; i < 50 && !(await focused()).mark?.startsWith('cluster:'); i++)
      await page.keyboard.press('ArrowRight');
    const cluster = await focused();
    expect(cluster.name).toMatch(
      /^Cluster of [\d,]+ problems, the worst (an error|a warning): Enter zooms in$/,
    );
    const before = await svgView(page);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await svgView(page)).w).toBeLessThan(before.w);
    await expect.poll(async () => (await focused()).mark).toMatch(/^(cluster|point):/);
    expect(await focused()).toMatchObject({ role: 'button', visible: true, tabStops: 1 });
    await checkScreen(page, 'map-clusters-keyboard-svg', { fullPage: false });
    // The focused mark close up (its focus ring), to look at.
    const ring = await page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return { x: r.x - 40, y: r.y - 40, width: r.width + 80, height: r.height + 80 };
    });
    await page.screenshot({ path: join(RESULTS_DIR, 'map-mark-focus.png'), clip: ring });
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('map-canvas'))).toBe(true);

    // MapLibre: the same 2,100 markers in its clustered source; clusters with their counts and severities,
    // each labelled on the map.
    await vectorMap(page);
    await expect.poll(async () => (await sourceData(page, 'problem-clusters')).length).toBe(2100);
    expect(await sourceData(page, 'problems')).toEqual([]);
    const clusters = () =>
      page.evaluate(() => {
        const map = (document.querySelector('.vector-map') as MapElement).fieldgateMap!;
        const seen = new Map<number, Record<string, unknown>>();
        for (const f of map.querySourceFeatures('problem-clusters', { filter: ['has', 'point_count'] }))
          seen.set(f.properties.cluster_id as number, f.properties);
        return [...seen.values()].map((p) => ({
          count: p.point_count as number,
          errors: p.errors as number,
          warnings: p.warnings as number,
        }));
      });
    await expect.poll(async () => (await clusters()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const found = await clusters();
    expect(found.every((c) => c.count > 1 && c.errors + c.warnings === c.count)).toBe(true);
    expect(found.reduce((n, c) => n + c.count, 0)).toBeLessThanOrEqual(2100);
    expect(found.some((c) => c.errors > 0)).toBe(true);
    expect(found.some((c) => c.warnings > 0)).toBe(true);
    await expect.poll(() => page.locator('.vector-map .cluster-count').count()).toBeGreaterThan(0);
    const labels = await page
      .locator('.vector-map .cluster-count')
      .evaluateAll((all) => all.map((l) => Number((l as HTMLElement).dataset.count)));
    expect(labels.every((n) => found.some((c) => c.count === n))).toBe(true);
    await checkScreen(page, 'map-clusters-vector', { fullPage: false });

    // By keyboard, as on the SVG map: Tab from the canvas reaches MapLibre's clusters and markers (one tab
    // stop, named), arrows go from one to the next, Enter zooms into a cluster and leaves the focus on a
    // mark there, Escape goes back to the canvas.
    await tabToVectorMarks(page);
    const firstVector = await focusedMark(page);
    expect(firstVector).toMatchObject({ role: 'button', visible: true, tabStops: 1 });
    expect(firstVector.mark).toMatch(/^(cluster|point):/);
    await page.keyboard.press('ArrowRight');
    expect((await focusedMark(page)).mark).not.toBe(firstVector.mark);
    await page.keyboard.press('Home');
    expect((await focusedMark(page)).mark).toBe(firstVector.mark);
    for (let i = 0; i < 50 && !(await focusedMark(page)).mark?.startsWith('cluster:'); i++)
      await page.keyboard.press('ArrowRight');
    const vectorCluster = await focusedMark(page);
    expect(vectorCluster.name).toMatch(
      /^Cluster of [\d,]+ problems, the worst (an error|a warning): Enter zooms in$/,
    );
    const zoom = () =>
      page.evaluate(() => (document.querySelector('.vector-map') as MapElement).fieldgateMap!.getZoom());
    const zoomBefore = await zoom();
    // Where the cluster is, from its mark on the page, to find it again after the zoom.
    const clusterAt = await page.evaluate(() => {
      const element = document.querySelector('.workbench .vector-map') as MapElement;
      const map = element.fieldgateMap!;
      const mark = document.activeElement!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return map.unproject([mark.x + mark.width / 2 - box.x, mark.y + mark.height / 2 - box.y]);
    });
    await page.keyboard.press('Enter');
    await expect.poll(zoom).toBeGreaterThan(zoomBefore);
    // Opened in the middle of the map's clear part, above the legend (its children spread around it).
    const opened = await page.evaluate((at) => {
      const element = document.querySelector('.workbench .vector-map') as MapElement;
      const box = element.getBoundingClientRect();
      const legend = element.parentElement!.querySelector('.map-legend')!.getBoundingClientRect();
      const y = box.y + element.fieldgateMap!.project(at).y;
      return { y, clearMiddle: (box.y + legend.y) / 2, legendHeight: legend.height };
    }, clusterAt);
    // (The map's centre, as before, is half the legend's height, 23 px here, below that middle.)
    expect(Math.abs(opened.y - opened.clearMiddle), JSON.stringify(opened)).toBeLessThan(8);
    // Once MapLibre has made the clusters of the new zoom: the focus on one of its marks.
    await expect
      .poll(async () => (await focusedMark(page)).mark, { timeout: 20_000 })
      .not.toBe(vectorCluster.mark);
    expect((await focusedMark(page)).mark).toMatch(/^(cluster|point):/);
    expect(await focusedMark(page)).toMatchObject({ role: 'button', visible: true, tabStops: 1 });
    await checkScreen(page, 'map-clusters-keyboard-vector', { fullPage: false });
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('maplibregl-canvas'))).toBe(
      true,
    );
    await page.context().close();
  }, 150_000);

  it('fills crowded fields by severity in the dark, not one block of outlines; outlines them zoomed in', async () => {
    const { page } = await session.newPage({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Map view').selectOption('svg');
    const rows = ['clientName,farmName,name,boundary,acres'];
    for (let i = 0; i < 1400; i++)
      rows.push(
        `Smith,Farm,F ${i},${squareAt(round(-93.7 + (i % 40) * 0.005), round(42 + Math.floor(i / 40) * 0.005), 0.0045)},lots`,
      );
    await dropFile(page, 'map-crowded.csv', `${rows.join('\n')}\n`);
    await filesChecked(page, 1);
    const map = page.locator('svg.map-canvas');
    const field = map.locator('g.feature.has-error:not(.selected) path').first();
    await expect.poll(() => map.getAttribute('class')).toContain('crowded');
    const style = () =>
      field.evaluate((e) => {
        const c = getComputedStyle(e);
        return { stroke: c.stroke, strokeWidth: c.strokeWidth, fill: c.fill, fillOpacity: c.fillOpacity };
      });
    // Fields about 3 px across: each filled in the error colour, half see-through, thinly parted in the
    // page's colour (2.5 px outlines in light pink covered them all: one bright block).
    expect(await style()).toEqual({
      stroke: 'rgb(22, 24, 29)',
      strokeWidth: '0.5px',
      fill: 'rgb(252, 165, 165)',
      fillOpacity: '0.45',
    });
    // A row chosen, the map zooms to its field: the fields around it outlined by severity again.
    await page
      .getByRole('grid', { name: /Rows of map-crowded\.csv/ })
      .locator('[data-row="1"] [data-column="acres"]')
      .click();
    await expect.poll(() => map.getAttribute('class')).not.toContain('crowded');
    expect((await style()).stroke).toBe('rgb(252, 165, 165)');
    await page.context().close();
  }, 90_000);

  it('fits the whole batch clear of MapLibre’s zoom buttons: a marker at the edge is not under them', async () => {
    const { page } = await session.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    // A field in Germany and an Rx near Moscow: the Rx's overlap marker lands at the map's top right.
    await dropFile(
      page,
      'map-germany.csv',
      `clientName,farmName,name,boundary\nMüller,Hof,Schlag,${squareAt(10, 52, 0.01)}\n`,
    );
    await page.locator('input[type=file]').setInputFiles(join(ROOT, 'examples/rx/two-zone-rx.zip'));
    await filesChecked(page, 2);
    await vectorMap(page);
    const marks = page.locator('.workbench .map-marks [data-mark]');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    const buttons = (await page.locator('.workbench .maplibregl-ctrl-top-right').boundingBox())!;
    for (const mark of await marks.all()) {
      const b = (await mark.boundingBox())!;
      const under =
        b.x < buttons.x + buttons.width &&
        buttons.x < b.x + b.width &&
        b.y < buttons.y + buttons.height &&
        buttons.y < b.y + b.height;
      expect(under, `a mark at ${b.x},${b.y} under the zoom buttons at ${buttons.x},${buttons.y}`).toBe(
        false,
      );
    }
    await page.context().close();
  }, 90_000);

  it('fits the whole batch clear of the legend with nothing selected, again when it folds or unfolds', async () => {
    const { page } = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await dropFile(page, 'map-many-problems.csv', manyProblemsCsv());
    await filesChecked(page, 1);
    const toggle = page.getByTestId('map-legend').getByRole('button', { name: 'Legend' });
    /** How far (px) the lowest problem marker lies below the legend's top, in either map: ≤ 0 is clear. */
    const underLegend = (kind: 'svg' | 'vector') =>
      page.evaluate(async (k) => {
        const legendTop = document.querySelector('.workbench .map-legend')!.getBoundingClientRect().top;
        if (k === 'svg') {
          const marks = Array.from(document.querySelectorAll('svg.map-canvas [data-mark]'));
          return Math.max(...marks.map((m) => m.getBoundingClientRect().bottom)) - legendTop;
        }
        const element = document.querySelector('.vector-map') as MapElement;
        const map = element.fieldgateMap!;
        const data = await map.getSource('problem-clusters')!.getData();
        const top = element.getBoundingClientRect().top;
        const ys = (data.features as Array<{ geometry: { coordinates: [number, number] } }>).map(
          (f) => top + map.project(f.geometry.coordinates).y,
        );
        return Math.max(...ys) - legendTop;
      }, kind);
    for (const kind of ['svg', 'vector'] as const) {
      if (kind === 'vector') await vectorMap(page);
      else await page.getByLabel('Map view').selectOption('svg');
      // Folded (this short map starts so), then unfolded and folded again: clear of it each time.
      for (const expanded of ['true', 'false', 'true']) {
        if ((await toggle.getAttribute('aria-expanded')) !== expanded) await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe(expanded);
        await expect.poll(() => underLegend(kind)).toBeLessThanOrEqual(0);
      }
      await checkScreen(page, `map-whole-clear-of-legend-${kind}`, { fullPage: false });
      // A view the person has moved (zoomed in) stays when the legend folds or unfolds.
      const viewNow = () =>
        page.evaluate((k) => {
          if (k === 'svg') return document.querySelector('svg.map-canvas')!.getAttribute('viewBox') ?? '';
          const map = (document.querySelector('.vector-map') as MapElement).fieldgateMap!;
          return map.isMoving() ? 'moving' : `${map.getCenter().toArray().join(' ')} ${map.getZoom()}`;
        }, kind);
      const fitted = await viewNow();
      if (kind === 'svg') await page.locator('.workbench').getByRole('button', { name: 'Zoom in' }).click();
      else await page.locator('.workbench .maplibregl-ctrl-zoom-in').click();
      await expect.poll(viewNow).not.toBe(fitted);
      await expect.poll(viewNow).not.toBe('moving');
      const moved = await viewNow();
      for (const expanded of ['false', 'true']) {
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe(expanded);
        // (The legend's new height is measured and handed down a frame or two later.)
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await viewNow()).toBe(moved);
      }
      await toggle.click();
    }
    await page.context().close();
  }, 120_000);

  it('draws a fix (safe or unsafe) over the original while it is previewed, in SVG and MapLibre', async () => {
    const { page } = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Map view').selectOption('svg');
    await dropFile(page, 'map-fix-preview.csv', FIX_CSV);
    await filesChecked(page, 1);
    const map = page.locator('svg.map-canvas');
    const legend = page.getByTestId('map-legend');
    const detail = page.getByRole('complementary', { name: 'Selected problem' });
    const after = map.getByTestId('map-fix-preview');
    const before = map.getByTestId('map-fix-preview-before');

    // A safe fix (a repeated point dropped), shown on request: the result over the original.
    await problem(page, 'GEO012').click();
    expect(await after.count()).toBe(0);
    expect(await legend.locator('[data-legend=fix-preview]').count()).toBe(0);
    const show = detail.getByRole('button', { name: 'Preview on the map' });
    await show.click();
    await expect.poll(() => after.count()).toBe(1);
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    const original = (await map.locator('g[data-feature="2"] path').getAttribute('d')) ?? '';
    expect(await before.getAttribute('d')).toBe(original);
    // Six positions before, five after: the repeated one gone.
    expect(original.match(/L/g)).toHaveLength(5);
    expect((await after.getAttribute('d'))?.match(/L/g)).toHaveLength(4);
    // At 1366×768 the map is short (about 215 px): the legend, folded, is one line in a corner, not three
    // lines over a third of the map; unfolded on request, it names the preview.
    const covered = () =>
      page.evaluate(() => {
        const frame = document.querySelector('.workbench .map-frame')!.getBoundingClientRect();
        const box = document.querySelector('.workbench .map-legend')!.getBoundingClientRect();
        return {
          height: box.height / frame.height,
          area: (box.width * box.height) / (frame.width * frame.height),
        };
      });
    const folded = await covered();
    expect(folded.height).toBeLessThan(0.15);
    expect(folded.area).toBeLessThan(0.06);
    expect(await legend.locator('[data-legend=fix-preview]').count()).toBe(0);
    await checkScreen(page, 'map-legend-folded', { fullPage: false });
    await unfoldLegend(page);
    expect(await legend.locator('[data-legend=fix-preview]').textContent()).toBe(
      ' Before the fix  After it (preview)',
    );
    expect((await covered()).height).toBeGreaterThan(folded.height * 1.5);
    // Unfolded, the legend covers more of the map's bottom: the field was fitted again clear of it.
    await expect.poll(() => shownWell(page)).toBe('shown well');
    await checkScreen(page, 'map-fix-preview-safe', { fullPage: false });
    await show.click();
    await expect.poll(() => after.count()).toBe(0);
    expect(await before.count()).toBe(0);

    // An unsafe fix (the bow-tie rebuilt as two triangles), while it is being confirmed.
    await problem(page, 'GEO004').click();
    await detail.getByRole('button', { name: 'Apply this fix…' }).click();
    await expect.poll(() => after.count()).toBe(1);
    expect((await after.getAttribute('d'))?.match(/M/g)).toHaveLength(2);
    expect(await before.getAttribute('d')).toBe(
      await map.locator('g[data-feature="1"] path').getAttribute('d'),
    );
    expect(await legend.locator('[data-legend=fix-preview]').count()).toBe(1);

    // MapLibre: the same preview in its own source, the original (before) and the result (after).
    await vectorMap(page);
    await expect
      .poll(async () => (await sourceData(page, 'fix-preview')).map((f) => f.properties.role))
      .toEqual(['before', 'after']);
    const geometryTypes = await page.evaluate(async () => {
      const map = (document.querySelector('.vector-map') as MapElement).fieldgateMap!;
      const data = (await map.getSource('fix-preview')!.getData()) as unknown as {
        features: { geometry: { type: string } }[];
      };
      return data.features.map((f) => f.geometry.type);
    });
    expect(geometryTypes).toEqual(['Polygon', 'MultiPolygon']);
    // The bow-tie itself is drawn, in view (its outline: as an area its lobes cancel out, and MapLibre's
    // tiler drops it).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = (document.querySelector('.vector-map') as MapElement).fieldgateMap!;
          return map
            .queryRenderedFeatures({ layers: ['fields-line'] })
            .map((f) => f.properties.fid as number)
            .sort();
        }),
      )
      .toContain(1);
    await checkScreen(page, 'map-fix-preview-unsafe-vector', { fullPage: false });
    // Cancelled: the preview leaves the map.
    await page
      .getByRole('dialog', { name: 'Apply an unsafe fix?' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect.poll(async () => (await sourceData(page, 'fix-preview')).length).toBe(0);
    expect(await legend.locator('[data-legend=fix-preview]').count()).toBe(0);

    // MapLibre, the legend folded: the field with a repeated point (-93.68 … -93.67, 42.03 … 42.04) chosen
    // and previewed; the legend unfolded (a line longer: the preview's) leaves it clear, fitted again.
    await legend.getByRole('button', { name: 'Legend' }).click();
    await expect
      .poll(() => legend.getByRole('button', { name: 'Legend' }).getAttribute('aria-expanded'))
      .toBe('false');
    await problem(page, 'GEO012').click();
    const repeats: [number, number, number, number] = [-93.68, 42.03, -93.67, 42.04];
    await expect.poll(() => vectorShownWell(page, repeats)).toBe('shown well');
    await detail.getByRole('button', { name: 'Preview on the map' }).click();
    await expect.poll(async () => (await sourceData(page, 'fix-preview')).length).toBe(2);
    const foldedVector = await covered();
    await unfoldLegend(page);
    expect((await covered()).height).toBeGreaterThan(foldedVector.height * 1.5);
    await expect.poll(() => vectorShownWell(page, repeats)).toBe('shown well');
    await checkScreen(page, 'map-legend-unfolded-vector', { fullPage: false });
    await page.context().close();
  }, 120_000);

  it('outlines both fields of an overlap or a duplicate and zooms to show both', async () => {
    const { page } = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Map view').selectOption('svg');
    await dropFile(page, 'map-pairs.csv', PAIRS_CSV);
    await filesChecked(page, 1);
    const map = page.locator('svg.map-canvas');
    await expect.poll(() => map.locator('g.feature').count()).toBe(5);
    const first = await svgView(page);

    // By keyboard: the overlap's marker is the map's one tab stop, named by its problem; Enter selects it
    // (the list follows) and the focus stays on it.
    await map.focus();
    await page.keyboard.press('Tab');
    const marker = page.locator(':focus');
    expect(await marker.getAttribute('aria-label')).toMatch(
      /^Warning CSV010: Field "North 40 East" \(row 2\) overlaps field "North 40"/,
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => problem(page, 'CSV010').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
    // The map's view as it first was, for the checks below.
    await page.keyboard.press('0');

    // The duplicate (rows 3 and 4, 0.1° apart): both outlined, the view zoomed in to hold both.
    await problem(page, 'FU005').click();
    await expect
      .poll(() =>
        map
          .locator('g.feature.selected')
          .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-feature')).sort()),
      )
      .toEqual(['2', '3']);
    await expect.poll(async () => (await svgView(page)).inside).toEqual([true, true]);
    const duplicate = await svgView(page);
    expect(duplicate.w).toBeLessThan(first.w / 4);
    await unfoldLegend(page);
    expect(await page.getByTestId('map-legend').locator('[data-legend=selected]').count()).toBe(1);

    // The overlap (rows 1 and 2): both outlined and in view.
    await problem(page, 'CSV010').click();
    await expect
      .poll(() =>
        map
          .locator('g.feature.selected')
          .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-feature')).sort()),
      )
      .toEqual(['0', '1']);
    await expect.poll(async () => (await svgView(page)).inside).toEqual([true, true]);
    // Big enough to tell the two fields apart on this small map (it used to leave them a speck of 20 px at
    // the view the duplicate had), clear of the legend.
    await expect.poll(() => shownWell(page)).toBe('shown well');
    // The field the problem is on (by its row) is coloured by its severity.
    expect(await map.locator('g[data-feature="1"]').getAttribute('class')).toContain('has-warning');
    await checkScreen(page, 'map-overlap-svg', { fullPage: false });

    // A row chosen in the grid: its field fitted into view the same way, far off or near.
    const grid = page.getByRole('grid', { name: /Rows of map-pairs\.csv/ });
    for (const [row, feature] of [
      ['5', '4'],
      ['1', '0'],
    ] as const) {
      await grid.locator(`[data-row="${row}"] [aria-colindex="2"]`).click();
      await expect
        .poll(() => map.locator('g.feature.selected').evaluateAll((gs) => gs.map((g) => g.dataset.feature)))
        .toEqual([feature]);
      await expect.poll(() => shownWell(page)).toBe('shown well');
    }

    // MapLibre: the duplicate's two fields in the selection layer's filter, and both inside the view; the
    // map made after the selection (the view switched) shows it too.
    await problem(page, 'FU005').click();
    await vectorMap(page);
    const outlined = () =>
      page.evaluate(() => {
        const map = (document.querySelector('.vector-map') as MapElement).fieldgateMap!;
        return JSON.stringify(map.getFilter('selected'));
      });
    await expect.poll(outlined).toContain('["==",["get","fid"],2]');
    expect(await outlined()).toContain('["==",["get","fid"],3]');
    const bounds = await page.evaluate(() => {
      const b = (document.querySelector('.vector-map') as MapElement).fieldgateMap!.getBounds();
      return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
    });
    // South (-93.70 … -93.69) and its repeat (-93.60 … -93.59), 42.00 … 42.01: both in view, Far Away not.
    expect(bounds[0]).toBeLessThanOrEqual(-93.7);
    expect(bounds[2]).toBeGreaterThanOrEqual(-93.59);
    expect(bounds[1]).toBeLessThanOrEqual(42.0);
    expect(bounds[3]).toBeGreaterThanOrEqual(42.01);
    expect(bounds[2]).toBeLessThan(-90.5);
    await checkScreen(page, 'map-duplicate-vector', { fullPage: false });
    // The overlap in MapLibre: both fields (-93.65 … -93.635, 42.03 … 42.045) fill much of the map.
    await problem(page, 'CSV010').click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.querySelector('.vector-map') as MapElement;
          const sw = element.fieldgateMap!.project([-93.65, 42.03]);
          const ne = element.fieldgateMap!.project([-93.635, 42.045]);
          const inside =
            sw.x >= 0 && ne.x <= element.clientWidth && ne.y >= 0 && sw.y <= element.clientHeight;
          const share = Math.max((ne.x - sw.x) / element.clientWidth, (sw.y - ne.y) / element.clientHeight);
          return inside && share > 0.35;
        }),
      )
      .toBe(true);
    await checkScreen(page, 'map-overlap-vector', { fullPage: false });
    await page.context().close();
  }, 120_000);

  it("shows an Rx's rate unit in the legend and its zones in a table, and soil samples on their field", async () => {
    const { page } = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Map view').selectOption('svg');
    const zip = rxZip({
      base: 'nitrogen',
      shapefile: {
        records: [
          [square(-93.65, 42.03, 0.004)],
          [square(-93.646, 42.03, 0.004)],
          [square(-93.642, 42.03, 0.004)],
        ],
        fields: [
          { name: 'RATE', type: 'N', length: 8, decimals: 1 },
          { name: 'UNIT', type: 'C', length: 10 },
        ],
        rows: [
          [120, 'lbs/ac'],
          [150.5, 'lbs/ac'],
          [180, 'lbs/ac'],
        ],
      },
    });
    await dropFile(page, 'map-nitrogen-rx.zip', Buffer.from(zip));
    await filesChecked(page, 1);
    const legend = page.getByTestId('map-legend');
    await unfoldLegend(page);
    await expect
      .poll(() => legend.getByRole('group', { name: 'Rate legend' }).textContent())
      .toBe('Rate (RATE, lbs/ac) 120180');
    // The zone table comes with the Rx's selection.
    const zones = page.getByRole('table', { name: 'Zones of map-nitrogen-rx.zip' });
    expect(await zones.count()).toBe(0);
    const map = page.locator('svg.map-canvas');
    await map.locator('g[data-feature="1"] path').dispatchEvent('click');
    await expect.poll(() => zones.count()).toBe(1);
    // The unfolded legend stays within the map, clear of the zone table beside it.
    const legendBox = (await legend.boundingBox())!;
    const frameBox = (await legend.locator('..').boundingBox())!;
    expect(legendBox.x + legendBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    expect(legendBox.x + legendBox.width).toBeLessThan((await zones.boundingBox())!.x);
    expect(await zones.locator('thead th').allTextContents()).toEqual([
      'Zone',
      'Rate (RATE, lbs/ac)',
      'Acres',
    ]);
    const cells = await zones
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent)),
      );
    expect(cells.map((r) => r.slice(0, 2))).toEqual([
      ['1', '120'],
      ['2', '150.5'],
      ['3', '180'],
    ]);
    // Acres as the data grid lists them (core's), rounded; the total their sum.
    const gridAcres = await page
      .getByRole('grid', { name: /Rows of map-nitrogen-rx\.zip/ })
      .locator('[data-row] [data-column="acres"]')
      .allTextContents();
    expect(gridAcres).toHaveLength(3);
    cells.forEach((r, i) => expect(Number(r[2])).toBeCloseTo(Number(gridAcres[i]), 2));
    const total = Number(await zones.locator('tfoot td').textContent());
    expect(total).toBeCloseTo(
      gridAcres.reduce((n, a) => n + Number(a), 0),
      1,
    );
    // Zones of 0.004° by 0.004° (445 m by 331 m at 42° N, about 36 acres): not a made-up number.
    expect(Number(cells[0]![2])).toBeGreaterThan(34);
    expect(Number(cells[0]![2])).toBeLessThan(38);
    expect(await zones.locator('tr.selected td').first().textContent()).toBe('2');
    // A zone chosen in the table is the map's selection.
    await zones.getByRole('button', { name: 'Zone 3' }).click();
    await expect.poll(() => map.locator('g[data-feature="2"]').getAttribute('class')).toContain('selected');
    await checkScreen(page, 'map-rx-zones', { fullPage: false });
    // MapLibre: the zones coloured by rate in its fields source.
    await vectorMap(page);
    const fills = (await sourceData(page, 'fields'))
      .filter((f) => f.properties.outline === 0)
      .map((f) => f.properties.fill);
    expect(fills).toHaveLength(3);
    expect(new Set(fills).size).toBe(3);
    await checkScreen(page, 'map-rx-zones-vector', { fullPage: false });
    await page.context().close();

    // Modus samples with the fields they were taken in: 20 points, each inside the fields' box.
    const soil = await session.newPage();
    await soil.page.setViewportSize({ width: 1366, height: 768 });
    await soil.page.getByLabel('Map view').selectOption('svg');
    await soil.page
      .locator('input[type=file]')
      .setInputFiles([join(SAMPLES, 'fields.csv'), join(SAMPLES, 'soil.xml')]);
    await filesChecked(soil.page, 2);
    // The workbench's map (the Soil test screen has one of its own).
    const svg = soil.page.locator('.workbench svg.map-canvas');
    await expect.poll(() => svg.locator('g.feature circle').count()).toBe(20);
    const placed = await svg.evaluate((el) => {
      const fields = Array.from(el.querySelectorAll('g.feature path')).map((p) =>
        (p as SVGPathElement).getBBox(),
      );
      const x0 = Math.min(...fields.map((b) => b.x));
      const y0 = Math.min(...fields.map((b) => b.y));
      const x1 = Math.max(...fields.map((b) => b.x + b.width));
      const y1 = Math.max(...fields.map((b) => b.y + b.height));
      return Array.from(el.querySelectorAll('g.feature circle')).map((c) => {
        const x = Number(c.getAttribute('cx'));
        const y = Number(c.getAttribute('cy'));
        return x >= x0 && x <= x1 && y >= y0 && y <= y1;
      });
    });
    expect(placed).toEqual(Array.from({ length: 20 }, () => true));
    // Drawn as samples (their own style, named), and in the legend.
    await unfoldLegend(soil.page.locator('.workbench'));
    expect(await svg.locator('g.feature.sample circle').count()).toBe(20);
    expect(await svg.locator('g.feature.sample title').first().textContent()).toMatch(/^Sample \S+/);
    expect(
      await soil.page
        .locator('.workbench')
        .getByTestId('map-legend')
        .locator('[data-legend=samples]')
        .textContent(),
    ).toBe(' Soil sample 20');
    // On their fields: no note that they are shown without one.
    expect(await soil.page.getByTestId('map-note').count()).toBe(0);
    // Reached by keyboard, as problem markers are: Tab from the map, arrows between them, Enter selects one.
    await svg.focus();
    await soil.page.keyboard.press('Tab');
    const sample = await focusedMark(soil.page);
    expect(sample).toMatchObject({ role: 'button', visible: true, tabStops: 1, pressed: 'false' });
    expect(sample.name).toMatch(/^Sample \S+(, with (an error|a warning|a note))?: Enter selects it$/);
    await soil.page.keyboard.press('ArrowDown');
    expect((await focusedMark(soil.page)).mark).toMatch(/^sample:/);
    expect((await focusedMark(soil.page)).mark).not.toBe(sample.mark);
    await soil.page.keyboard.press('Enter');
    await expect.poll(() => svg.locator('g.feature.selected').count()).toBe(1);
    const chosen = await svg.locator('g.feature.selected').getAttribute('data-feature');
    await expect.poll(async () => (await focusedMark(soil.page)).mark).toMatch(new RegExp(`:${chosen}$`));
    expect((await focusedMark(soil.page)).pressed).toBe('true');
    await checkScreen(soil.page, 'map-soil-samples', { fullPage: false });
    // MapLibre: the same 20 points marked as samples in its fields source.
    await vectorMap(soil.page);
    await expect
      .poll(
        async () => (await sourceData(soil.page, 'fields')).filter((f) => f.properties.sample === 1).length,
      )
      .toBe(20);
    // By keyboard in MapLibre too: Tab from the canvas to the samples; Enter rings the one chosen.
    await tabToVectorMarks(soil.page);
    const vectorSample = await focusedMark(soil.page);
    expect(vectorSample).toMatchObject({ role: 'button', visible: true, tabStops: 1 });
    expect(vectorSample.name).toMatch(/^Sample \S+/);
    await soil.page.keyboard.press('ArrowRight');
    const other = await focusedMark(soil.page);
    expect(other.mark).not.toBe(vectorSample.mark);
    await soil.page.keyboard.press('Enter');
    const ringed = () =>
      soil.page.evaluate(() =>
        JSON.stringify(
          (document.querySelector('.workbench .vector-map') as MapElement).fieldgateMap!.getFilter(
            'selected-points',
          ),
        ),
      );
    const otherFeature = other.mark!.split(':').pop();
    await expect.poll(ringed).toContain(`["==",["get","fid"],${otherFeature}]`);
    await checkScreen(soil.page, 'map-soil-samples-vector', { fullPage: false });
    await soil.context.close();
  }, 150_000);
});
