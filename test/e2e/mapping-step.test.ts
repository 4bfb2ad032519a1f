/**
 * The column-mapping step, in Debian's Chromium against the browser host: a fields CSV whose headers are
 * none of the kind's → each column with its samples and suggestions (WKT read as the boundary, e-mail
 * addresses as the user, numbers as acres, by content) → the first rows as they will be read, and the
 * problems with the mapping counted before it is applied → applied: the grid names the fields, and the
 * batch handed to Submit carries that mapping → the next file with the same headers (in another order) is
 * read with it at once, and says so. A European sheet read through a mapping shows each problem at the
 * cell of its own header (Fläche), in the grid and in the problem list, not at the row.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockSession, checkScreen, chromiumMissing, filesChecked, openScreen } from './e2e-harness.ts';

const SQUARE = (lat: number) =>
  `"POLYGON ((-93.65 ${lat}, -93.64 ${lat}, -93.64 ${lat + 0.01}, -93.65 ${lat + 0.01}, -93.65 ${lat}))"`;
const OWN_HEADERS =
  'Owner,Ranch,Paddock,Outline,Contact,Size,Planted\n' +
  `Smith Farms,Home Farm,North 40,${SQUARE(42.03)},grower.demo@example.com,227.28,2026-04-15\n` +
  `Smith Farms,Home Farm,South 20,${SQUARE(42.01)},grower.demo@example.com,100,2026-04-16\n`;
/** The same columns in another order: the same header set. */
const SAME_SET =
  'Paddock,Owner,Ranch,Outline,Contact,Size,Planted\n' +
  `West 10,Jones Farms,Hill Farm,${SQUARE(42.05)},grower.demo@example.com,12.5,2026-04-17\n`;

const MAPPING = {
  kind: 'csv-fields',
  columns: {
    boundary: 'Outline',
    userName: 'Contact',
    acres: 'Size',
    clientName: 'Owner',
    farmName: 'Ranch',
    name: 'Paddock',
  },
  values: {},
};

describe.skipIf(chromiumMissing)('mapping as a step', () => {
  const session = blockSession();
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-mapping-step-'));
  }, 90_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function drop(page: Page, name: string, content: string | Buffer) {
    const path = join(dir, name);
    writeFileSync(path, content);
    await page.locator('input[type=file]').setInputFiles(path);
    await filesChecked(page, 1);
  }

  it('shows each column with samples and suggestions, what the mapping changes, and applies it', async () => {
    const { page } = await session.newPage();
    await drop(page, 'own-headers.csv', OWN_HEADERS);
    const step = page.locator('details.column-mapping');
    expect(await step.getAttribute('open')).not.toBeNull();
    expect(await step.locator('summary').textContent()).toContain('Map the columns of own-headers.csv');
    const sources = step.getByTestId('mapping-source');
    expect(await sources.count()).toBe(7);
    const outline = sources.filter({ hasText: 'Outline' });
    expect(await outline.textContent()).toContain('POLYGON ((-93.65 42.03');
    expect(await outline.textContent()).toContain('WKT geometry');
    // Chosen by content: the names say nothing.
    expect(await step.getByLabel('Read Outline as').inputValue()).toBe('boundary');
    expect(await step.getByLabel('Read Contact as').inputValue()).toBe('userName');
    expect(await step.getByLabel('Read Size as').inputValue()).toBe('acres');
    expect(await step.getByLabel('Read Planted as').inputValue()).toBe('');
    // Plain text is only offered, ranked among the kind's text columns.
    expect(await step.getByLabel('Read Owner as').inputValue()).toBe('');
    const suggested = step.getByLabel('Read Owner as').locator('optgroup[label=Suggested] option');
    expect(await suggested.allTextContents()).toEqual([
      'clientName: its values are text',
      'farmName: its values are text',
      'name: its values are text',
      'source: its values are text',
    ]);

    // What it changes, before it is applied: the rows as they will be read.
    const rows = step.getByRole('table', { name: 'The first rows of own-headers.csv as they will be read' });
    expect(await rows.locator('tbody tr').count()).toBe(2);
    expect(await rows.locator('tbody tr').first().textContent()).toContain('(missing)');
    expect(await step.getByTestId('mapping-missing').textContent()).toBe(
      'Still missing: clientName, farmName, name.',
    );
    await step.getByLabel('Read Owner as').selectOption('clientName');
    await step.getByLabel('Read Ranch as').selectOption('farmName');
    await step.getByLabel('Read Paddock as').selectOption('name');
    expect(await step.getByTestId('mapping-missing').textContent()).toBe('Every required column is read.');
    const first = await rows.locator('tbody tr').first().locator('td').allTextContents();
    expect(first.slice(0, 3)).toEqual(['Smith Farms', 'Home Farm', 'North 40']);
    expect(first[4]).toBe('227.28');

    // The problems now and with the mapping, counted before anything changes.
    const now = (await step.getByTestId('mapping-problems').textContent()) ?? '';
    const [, errorsNow] = /Problems now: (\d+) errors?/.exec(now) ?? [];
    expect(Number(errorsNow)).toBeGreaterThan(4);
    await step.getByRole('button', { name: 'Count the problems with this mapping' }).click();
    await expect
      .poll(() => step.getByTestId('mapping-problems').textContent())
      .toContain('with this mapping');
    const counted = /with this mapping: (\d+) errors?, (\d+) warnings?/.exec(
      (await step.getByTestId('mapping-problems').textContent()) ?? '',
    );
    expect(Number(counted?.[1])).toBe(0);
    expect(await page.getByTestId('batch-file').locator('td').nth(2).textContent()).toBe(errorsNow);
    await checkScreen(page, 'mapping-step');

    await step.getByRole('button', { name: 'Apply this mapping to own-headers.csv' }).click();
    await filesChecked(page, 1);
    // As counted: the errors and warnings the file has with the mapping applied.
    const cells = page.getByTestId('batch-file').locator('td');
    await expect.poll(() => cells.nth(2).textContent()).toBe(counted?.[1]);
    expect(await cells.nth(3).textContent()).toBe(counted?.[2]);
    const problems = page.getByRole('listbox', { name: 'Problems' });
    const readAs = problems.getByRole('option').filter({ hasText: 'Column "Owner" is read as clientName' });
    expect(await readAs.count()).toBe(1);
    expect(
      await problems
        .getByRole('option')
        .filter({ hasText: /is missing|FU002/ })
        .count(),
    ).toBe(0);
    // The grid names the fields now.
    const grid = page.getByRole('grid', { name: /Rows of own-headers\.csv/ });
    await expect.poll(() => grid.textContent()).toContain('North 40');
    expect(await grid.textContent()).toContain('South 20');
    // Applied, the step folds away and says so.
    expect(await step.getAttribute('open')).toBeNull();
    expect(await step.locator('summary').textContent()).toContain('every required column is read');

    // The batch Submit is handed is read with the same mapping.
    const previewed = page.waitForRequest((r) => r.url().endsWith('/api/call/previewSubmit'));
    await openScreen(page, 'Submit');
    const body = JSON.parse((await previewed).postData() ?? '{}') as {
      batch: { files: { mapping?: unknown }[] };
    };
    expect(body.batch.files[0]?.mapping).toEqual(MAPPING);
    await expect.poll(() => page.getByTestId('preflight').textContent()).toMatch(/2 (rows|fields)/);
    // Remembered for this header set in the host's data folder.
    const saved = JSON.parse(readFileSync(join(session.dataDir, 'mappings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.values(saved)).toEqual([MAPPING]);
    await page.context().close();
  }, 120_000);

  it('reads the next file with the same headers with the mapping chosen before, and says so', async () => {
    const { page } = await session.newPage();
    await drop(page, 'same-headers.csv', SAME_SET);
    const step = page.locator('details.column-mapping');
    await expect
      .poll(() => step.locator('summary').textContent())
      .toContain('the mapping chosen before for these headers is applied');
    await filesChecked(page, 1);
    const problems = page.getByRole('listbox', { name: 'Problems' });
    const readAs = problems.getByRole('option').filter({ hasText: 'Column "Owner" is read as clientName' });
    await expect.poll(() => readAs.count()).toBe(1);
    expect(
      await problems
        .getByRole('option')
        .filter({ hasText: /is missing|FU002/ })
        .count(),
    ).toBe(0);
    await step.evaluate((el) => ((el as HTMLDetailsElement).open = true));
    expect(await step.getByLabel('Read Owner as').inputValue()).toBe('clientName');
    expect(await step.getByLabel('Read Paddock as').inputValue()).toBe('name');
    const grid = page.getByRole('grid', { name: /Rows of same-headers\.csv/ });
    await expect.poll(() => grid.textContent()).toContain('West 10');
    // Undone like any change: the file is read as dropped again.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect
      .poll(() => problems.getByRole('option').filter({ hasText: 'FU002' }).count())
      .toBeGreaterThan(0);
    await page.context().close();
  }, 90_000);
  it('marks a mapped column’s problem at the cell of the file’s own header (Fläche, not acres)', async () => {
    const { page } = await session.newPage();
    // Semicolons, decimal commas, Windows-1252 umlauts: a sheet as a German office exports it, its area in
    // hectares (Fläche: read as acres, converted).
    const sheet =
      'Betrieb;Hof;Schlagname;Geometrie;Fläche\r\n' +
      'Müller Agrar;Hof Süd;Großer Schlag;POLYGON ((10 52, 10.01 52, 10.01 52.01, 10 52.01, 10 52));76,4\r\n' +
      'Müller Agrar;Hof Süd;Seeäcker;POLYGON ((10.1 52, 10.11 52, 10.11 52.01, 10.1 52.01, 10.1 52));viel\r\n';
    await drop(page, 'felder.csv', Buffer.from(sheet, 'latin1'));
    const step = page.locator('details.column-mapping');
    const readAs = { Betrieb: 'clientName', Hof: 'farmName', Schlagname: 'name', Geometrie: 'boundary' };
    for (const [header, column] of Object.entries(readAs))
      await step.getByLabel(`Read ${header} as`).selectOption(column);
    await step.getByLabel('Read Fläche as').selectOption('acres');
    await step.getByRole('button', { name: /Apply this mapping/ }).click();
    const grid = page.getByRole('grid', { name: /Rows of felder\.csv/ });
    await expect.poll(() => grid.textContent()).toContain('Seeäcker (Hof Süd, Müller Agrar)');
    await filesChecked(page, 1);
    const cell = grid.locator('[data-row="2"] [data-column="Fläche"]');
    await expect.poll(() => cell.getAttribute('data-severity')).toBe('error');
    expect(
      await grid.locator('[data-row="2"] [role=gridcell][aria-colindex="2"]').getAttribute('data-severity'),
    ).toBeNull();
    const problem = page
      .getByRole('listbox', { name: 'Problems' })
      .getByRole('option')
      .filter({ hasText: 'FU003' });
    expect(await problem.textContent()).toContain('row 2, Fläche');
    // Chosen in the list: the grid's focus goes to that cell, and says which it is.
    await problem.click();
    await expect
      .poll(() => page.getByTestId('grid-cell-problems').textContent())
      .toMatch(/^Row 2, Fläche: .*acres must be a number/);

    // Fixed in its cell at 1366×768: the changed file's export is in view in its box, the page unscrolled.
    await page.setViewportSize({ width: 1366, height: 768 });
    await cell.dblclick();
    await grid.getByLabel('Fläche of row 2 (checked again as you type)').fill('76,4');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell.getAttribute('data-severity')).toBeNull();
    const exports = page.locator('.batch-exports');
    const fixed = exports.getByRole('button', { name: 'Fixed file felder.fixed.csv' });
    const box = (await exports.boundingBox())!;
    const button = (await fixed.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 90_000);
});
