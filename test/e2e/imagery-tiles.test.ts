/**
 * Imagery from the user's raster tile server, in Debian's Chromium against the browser host: the page's CSP
 * allows no other origin, so a tile URL is refused in Settings when it would need more than one server, and
 * once one is saved (and the page reloaded, the CSP being set at load) the map asks that server for tiles
 * and the CSP refuses nothing. The tile server is a second local server, on its own port of 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererCsp } from '../../host/content-security.ts';
import { blockSession, checkScreen, chromiumMissing, ROOT } from './e2e-harness.ts';

const FIELDS = join(ROOT, 'examples/fields/clean-fields.json');

/** A 256×256 PNG of one colour with a darker border, so the tiles show in the screenshot. */
function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const edge = x < 2 || y < 2;
      row.set(edge ? [60, 90, 40] : [120, 160, 90], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const tileInput = (page: Page) => page.getByLabel('Imagery tile URL (optional, used when online)');

describe.skipIf(chromiumMissing)('imagery from the user’s tile server', () => {
  const session = blockSession();
  let page: Page;
  let tiles: Server;
  let tileUrl: string;
  const requested: string[] = [];

  beforeAll(async () => {
    const png = tilePng();
    tiles = createServer((req, res) => {
      requested.push(req.url ?? '');
      if (/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? ''))
        res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(png);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    tileUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
    ({ page } = await session.newPage());
    // What the CSP refuses, from the first script of every load on.
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { refused: string[] }).refused = refused;
      document.addEventListener('securitypolicyviolation', (e) =>
        refused.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    await page.reload();
    page.on('pageerror', (error) => console.error('page error:', error.message));
  }, 90_000);
  afterAll(async () => {
    await new Promise((resolve) => tiles?.close(resolve));
  });

  const openSettings = () =>
    page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();

  it('refuses a tile URL that names several servers, saying why, and saves nothing', async () => {
    await openSettings();
    await tileInput(page).fill('https://{s}.tiles.example/{z}/{x}/{y}.png');
    const help = page.locator('#tile-url-help');
    await expect
      .poll(() => help.textContent())
      .toMatch(/Cannot be used: .*names several servers.*name one server/);
    expect(await tileInput(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    await checkScreen(page, 'settings-tile-refused');
    const served = await page.request.get(new URL('/', page.url()).href);
    expect(served.headers()['content-security-policy']).toBe(rendererCsp(''));
  });

  it('asks the saved tile server for tiles after the reload, and the CSP refuses nothing', async () => {
    await tileInput(page).fill(tileUrl);
    await page.getByRole('button', { name: 'Save settings' }).click();
    const reload = page.getByRole('button', { name: 'Reload now' });
    await expect.poll(() => reload.count()).toBe(1);
    expect(requested).toEqual([]);
    await Promise.all([page.waitForEvent('load'), reload.click()]);

    const served = await page.request.get(new URL('/', page.url()).href);
    expect(served.headers()['content-security-policy']).toBe(rendererCsp(tileUrl));
    await page.locator('input[type=file]').setInputFiles(FIELDS);
    await expect
      .poll(() => page.locator('.workbench .vector-map canvas').count(), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => requested.filter((u) => /^\/\d+\/\d+\/\d+\.png$/.test(u)).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    // The page got them (not only asked): the resource timings list the tiles, and no directive refused.
    await expect
      .poll(() =>
        page.evaluate(
          (origin) =>
            performance.getEntriesByType('resource').filter((e) => e.name.startsWith(origin)).length,
          new URL(tileUrl.replace(/\{\w+\}/g, '0')).origin,
        ),
      )
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
    await page.waitForTimeout(500); // the tiles drawn, for the picture
    await checkScreen(page, 'workbench-imagery', { fullPage: false });
  });
});
