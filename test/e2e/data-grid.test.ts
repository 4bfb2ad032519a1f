/**
 * The workbench over the data, in Chromium against the browser host: a fields CSV dropped → the grid names
 * each field and marks the bad cell → grid, problem list and map select together → the bow-tie's unsafe fix
 * applied after a confirmation drawing it before and after → cell and map updated, and undone → every
 * repeated point fixed at once → the problems CSV and the fixed CSV saved from the app are byte for byte
 * what `fieldgate fix` and `fieldgate validate --format csv` write for the same choices.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockSession,
  checkScreen,
  chromiumMissing,
  filesChecked,
  openScreen,
  RESULTS_DIR,
  ROOT,
} from './e2e-harness.ts';

const NAME = 'fields-bow-tie.csv';
const CSV = [
  'clientName,farmName,name,boundary,acres',
  'Smith Farms ,Home Farm,North 40,"POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))",',
  'Smith Farms,Home Farm,Bow Tie,"POLYGON ((-93.65 42.01, -93.64 42.02, -93.64 42.01, -93.65 42.02, -93.65 42.01))",',
  'Smith Farms,Home Farm,Repeats,"POLYGON ((-93.68 42.03, -93.67 42.03, -93.67 42.03, -93.67 42.04, -93.68 42.04, -93.68 42.03))",lots',
  'Smith Farms,Home Farm,Repeats 2,"POLYGON ((-93.70 42.03, -93.69 42.03, -93.69 42.04, -93.69 42.04, -93.70 42.04, -93.70 42.03))",',
  '',
].join('\n');

/** A file the page saves, as bytes. */
async function download(page: Page, button: RegExp): Promise<{ name: string; bytes: Buffer }> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: saved.suggestedFilename(), bytes: readFileSync((await saved.path())!) };
}

function fieldgate(cwd: string, ...args: string[]): Buffer {
  const run = spawnSync(process.execPath, [join(ROOT, 'cli/bin/fieldgate.js'), ...args, '--no-progress'], {
    cwd,
  });
  expect(run.status, run.stderr.toString()).toBeLessThan(2);
  return run.stdout;
}

describe.skipIf(chromiumMissing)('the data grid, fixes and exports', () => {
  const session = blockSession();
  let work: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'fieldgate-grid-'));
  }, 90_000);
  afterAll(async () => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('names the fields, fixes the bow-tie after a before/after confirmation, undoes it, and exports what the CLI writes', async () => {
    const { page } = await session.newPage();
    const path = join(RESULTS_DIR, NAME);
    writeFileSync(path, CSV);
    await page.getByLabel('Map view').selectOption('svg');
    await page.locator('input[type=file]').setInputFiles(path);
    await filesChecked(page, 1);

    const grid = page.getByRole('grid', { name: /Rows of fields-bow-tie\.csv/ });
    const cell = (row: number, column: string) =>
      grid.locator(`[data-row="${row}"] [data-column="${column}"]`);
    const record = (row: number) => grid.locator(`[data-row="${row}"] [aria-colindex="2"]`);
    // Each record by what a person calls it; the bow-tie's boundary cell marked as an error, with its message.
    await expect.poll(() => record(2).textContent()).toBe('Bow Tie (Home Farm, Smith Farms)');
    expect(await record(3).textContent()).toBe('Repeats (Home Farm, Smith Farms)');
    expect(await cell(2, 'boundary').getAttribute('data-severity')).toBe('error');
    expect(await cell(2, 'boundary').getAttribute('title')).toContain('GEO004: The shell crosses itself');
    expect(await cell(2, 'name').getAttribute('data-severity')).toBeNull();
    expect(await cell(3, 'acres').getAttribute('data-severity')).toBe('error');
    await checkScreen(page, 'workbench-data-grid');
    // Once files are in, the drop zone is a bar; the secrets notice is where secrets are entered only.
    expect(await page.getByTestId('drop-zone').getAttribute('class')).toContain('compact');
    expect(await page.getByText(/Secrets you enter/).isVisible()).toBe(false);
    await openScreen(page, 'Settings');
    expect(await page.getByText(/Secrets you enter/).isVisible()).toBe(true);
    await openScreen(page, 'Workbench');

    // Grid → problem list and map: the bow-tie drawn, its crossing marked.
    await cell(2, 'boundary').click();
    const problems = page.getByRole('listbox', { name: 'Problems' });
    // The rule filter names each rule.
    expect(await page.getByLabel('Rule').locator('option[value=GEO012]').textContent()).toBe(
      'GEO012 repeated-points',
    );
    await expect.poll(() => problems.locator('[aria-selected=true]').textContent()).toContain('GEO004');
    expect(await page.getByTestId('grid-cell-problems').textContent()).toContain(
      'Row 2, boundary: error GEO004',
    );
    const map = page.locator('svg.map-canvas');
    const bowTie = map.locator('g[data-feature="1"]');
    await expect.poll(() => bowTie.getAttribute('class')).toBe('feature has-error selected');
    const outline = (await bowTie.locator('path').getAttribute('d')) ?? '';
    expect(outline.match(/L/g)).toHaveLength(4); // the ring as given (five positions): drawn crossed, not hidden
    expect(await map.locator('circle.problem-point.sev-error.selected').count()).toBe(1);

    // The grid, the problems, the map and the selected problem share the screen: no page scrolling at
    // 1366×768 or 1920×1080 (light and dark, axe).
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(0);
      expect(await page.getByRole('complementary', { name: 'Selected problem' }).isVisible()).toBe(true);
      await checkScreen(page, `workbench-${width}x${height}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1400, height: 1000 });

    // Map → grid and list: another field clicked on the map is the grid's row.
    await map.locator('g[data-feature="3"] path').dispatchEvent('click');
    await expect
      .poll(() => grid.locator('[role=row][aria-selected=true]').getAttribute('data-row'))
      .toBe('4');
    expect(await problems.locator('[aria-selected=true]').textContent()).toContain('GEO012');
    // Problem list → grid: its row, and its cell in focus with its message.
    await problems.getByRole('option').filter({ hasText: 'FU003' }).click();
    await expect
      .poll(() => grid.locator('[role=row][aria-selected=true]').getAttribute('data-row'))
      .toBe('3');
    await expect.poll(() => cell(3, 'acres').getAttribute('class')).toContain('focused');
    await expect
      .poll(() => page.getByTestId('grid-cell-problems').textContent())
      .toContain('Row 3, acres: error FU003');

    // Search (Ctrl+F in the grid), rows with problems only, sort by a column.
    await grid.focus();
    await page.keyboard.press('Control+f');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).type))
      .toBe('search');
    await page.keyboard.type('repeats');
    await expect.poll(() => grid.locator('[data-row]').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search the rows' }).fill('');
    await page.getByLabel(/Only rows with problems/).check();
    await expect.poll(() => grid.locator('[data-row]').count()).toBe(4);
    await page.getByLabel(/Only rows with problems/).uncheck();
    const sortByName = grid.getByRole('button', { name: /^name/ });
    await sortByName.click();
    await expect.poll(() => sortByName.textContent()).toBe('name ▲');
    await sortByName.click();
    await expect
      .poll(() => grid.locator('[data-row] [data-column="name"]').allTextContents())
      .toEqual(['Repeats 2', 'Repeats', 'North 40', 'Bow Tie']);
    // By keyboard: S sorts by the active cell's column (acres, the FU003 cell chosen above): ascending,
    // descending, then the file's order.
    await grid.focus();
    await page.keyboard.press('s');
    await expect.poll(() => sortByName.textContent()).toBe('name');
    const acres = () => grid.locator('[data-row] [data-column="acres"]').allTextContents();
    await expect.poll(acres).toEqual(['', '', '', 'lots']);
    await page.keyboard.press('s');
    await expect.poll(acres).toEqual(['lots', '', '', '']);
    await page.keyboard.press('s');
    await expect
      .poll(() =>
        grid.locator('[data-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row'))),
      )
      .toEqual(['1', '2', '3', '4']);

    // Edit in the cell: checked again as it is typed; undone.
    await cell(3, 'acres').dblclick();
    await grid.getByLabel('acres of row 3 (checked again as you type)').fill('227.28');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(3, 'acres').getAttribute('data-severity')).toBeNull();
    expect(await cell(3, 'acres').textContent()).toBe('227.28');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => cell(3, 'acres').getAttribute('data-severity')).toBe('error');

    // The bow-tie's unsafe fix: its assumption, before and after drawn, applied only once confirmed.
    await cell(2, 'boundary').click();
    const detail = page.getByRole('complementary', { name: 'Selected problem' });
    await detail.getByRole('button', { name: 'Apply this fix…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply an unsafe fix?' });
    await expect.poll(() => confirm.textContent()).toContain('The fix: Rebuild a valid area');
    const preview = confirm.getByTestId('fix-preview');
    await expect.poll(() => preview.locator('path.after').count()).toBe(1);
    expect((await preview.locator('path.after').getAttribute('d'))?.match(/M/g)).toHaveLength(2); // two triangles
    expect(await preview.locator('path.before').count()).toBe(1);
    // The map draws the result over the original while the question stands.
    const onMap = map.getByTestId('map-fix-preview');
    await expect.poll(() => onMap.count()).toBe(1);
    expect((await onMap.getAttribute('d'))?.match(/M/g)).toHaveLength(2);
    await checkScreen(page, 'workbench-unsafe-fix');
    // Cancelled: nothing changed, the preview gone; asked again.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => onMap.count()).toBe(0);
    expect(await cell(2, 'boundary').getAttribute('data-severity')).toBe('error');
    await detail.getByRole('button', { name: 'Apply this fix…' }).click();
    expect(await cell(2, 'boundary').textContent()).toContain('POLYGON ((');
    await confirm.getByRole('button', { name: 'Apply this unsafe fix' }).click();
    await expect.poll(() => cell(2, 'boundary').textContent()).toContain('MULTIPOLYGON');
    await expect.poll(() => cell(2, 'boundary').getAttribute('data-severity')).toBeNull();
    expect(await onMap.count()).toBe(0);
    await expect.poll(() => bowTie.getAttribute('class')).not.toContain('has-error');
    expect((await bowTie.locator('path').getAttribute('d'))?.match(/M/g)).toHaveLength(2);

    // Undo restores the cell, its mark and the map.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => cell(2, 'boundary').textContent()).not.toContain('MULTIPOLYGON');
    await expect.poll(() => cell(2, 'boundary').getAttribute('data-severity')).toBe('error');
    await expect.poll(() => bowTie.getAttribute('class')).toContain('has-error');

    // Again, to keep; then every repeated point at once.
    await cell(2, 'boundary').click();
    await detail.getByRole('button', { name: 'Apply this fix…' }).click();
    await confirm.getByRole('button', { name: 'Apply this unsafe fix' }).click();
    await expect.poll(() => cell(2, 'boundary').textContent()).toContain('MULTIPOLYGON');
    await cell(3, 'boundary').click();
    await detail.getByRole('button', { name: 'Fix all 2 GEO012 (repeated-points)' }).click();
    await expect.poll(() => problems.getByRole('option').filter({ hasText: 'GEO012' }).count()).toBe(0);
    expect(await problems.getByRole('option').filter({ hasText: 'CSV005' }).count()).toBe(1);

    // The same choices on the command line give the same files.
    writeFileSync(join(work, NAME), CSV);
    fieldgate(work, 'fix', '--unsafe-fixes', '--fix-only', 'GEO004', '-o', 'step1.csv', NAME);
    fieldgate(work, 'fix', '--fix-only', 'GEO012', '-o', 'step2.csv', 'step1.csv');
    const cliFixed = readFileSync(join(work, 'step2.csv'));
    const fixed = await download(page, /Fixed file fields-bow-tie\.fixed\.csv/);
    expect(fixed.name).toBe('fields-bow-tie.fixed.csv');
    expect(fixed.bytes.toString()).toBe(cliFixed.toString());
    writeFileSync(join(work, NAME), cliFixed);
    const cliProblems = fieldgate(work, 'validate', '--format', 'csv', NAME);
    const exported = await download(page, /Problems \(CSV\)/);
    expect(exported.bytes.toString()).toBe(cliProblems.toString());
    expect(exported.bytes.toString()).toContain('CSV005');

    // The change log: the fix, the undo, the fix again and the repeated points, exportable.
    const changes = (await download(page, /Change log/)).bytes.toString();
    expect(changes.split('\r\n')[0]).toBe('time,file,change,detail');
    // One edit for the value typed (the pause in typing and Enter made it once).
    expect(changes.match(/,edit,/g)).toHaveLength(1);
    expect(changes).toContain(',edit,"row 3, cell 5: 227.28"');
    expect(changes).toContain(',undo,"took back edit: row 3, cell 5: 227.28"');
    expect(changes.match(/,fix: the GEO004 fix,/g)).toHaveLength(2);
    expect(changes).toContain(
      ',undo,"took back fix: the GEO004 fix: GEO004 (unsafe) row 2, boundary: Rebuild',
    );
    // One line per repeated point fixed.
    expect(changes.match(/,fix: every GEO012 fix,/g)).toHaveLength(2);

    // Clearing a batch with changes asks first, saying what would be lost.
    await page.getByRole('button', { name: 'Clear the batch' }).click();
    const ask = page.getByRole('group', { name: 'Clear the batch?' });
    expect(await ask.getByRole('alert').textContent()).toContain('Clear the batch and its 2 changes?');
    await ask.getByRole('button', { name: 'Keep the batch' }).click();
    expect(await page.getByTestId('batch-file').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear the batch' }).click();
    await ask.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => page.getByTestId('batch-file').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('is usable by keyboard alone: rows, cells, an edit, an unsafe fix and its undo', async () => {
    const { page } = await session.newPage();
    await page.getByLabel('Map view').selectOption('svg');
    const path = join(RESULTS_DIR, NAME);
    writeFileSync(path, CSV);
    await page.locator('input[type=file]').setInputFiles(path);
    await filesChecked(page, 1);
    const grid = page.getByRole('grid', { name: /Rows of fields-bow-tie\.csv/ });
    const cell = (row: number, column: string) =>
      grid.locator(`[data-row="${row}"] [data-column="${column}"]`);
    await grid.locator('[data-row="1"]').waitFor();
    /** Press Tab until the focus is on what `is` says; false when 60 presses never got there. */
    const tabTo = async (is: () => Promise<boolean>, key = 'Tab'): Promise<boolean> => {
      for (let i = 0; i < 60; i++) {
        if (await is()) return true;
        await page.keyboard.press(key);
      }
      return is();
    };
    const focusedIs = (test: string) => () =>
      page.evaluate((t) => new Function('el', `return ${t}`)(document.activeElement) as boolean, test);
    expect(await tabTo(focusedIs("el.getAttribute('role') === 'grid'"))).toBe(true);
    // Row 2's boundary: down twice, the last column, one left.
    for (const key of ['ArrowDown', 'ArrowDown', 'End', 'ArrowLeft']) await page.keyboard.press(key);
    await expect
      .poll(() => page.getByTestId('grid-cell-problems').textContent())
      .toContain('Row 2, boundary: error GEO004');
    // Row 3's acres edited: Enter opens the cell, Enter keeps the value.
    for (const key of ['ArrowDown', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('227.28');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(3, 'acres').getAttribute('data-severity')).toBeNull();
    // Back to the bow-tie; its unsafe fix, confirmed by keyboard.
    for (const key of ['ArrowUp', 'ArrowLeft']) await page.keyboard.press(key);
    await expect
      .poll(() => page.getByTestId('grid-cell-problems').textContent())
      .toContain('Row 2, boundary: error GEO004');
    expect(await tabTo(focusedIs("el.textContent === 'Apply this fix…'"))).toBe(true);
    await page.keyboard.press('Enter');
    const apply = page.getByRole('button', { name: 'Apply this unsafe fix' });
    await expect.poll(() => apply.isEnabled()).toBe(true);
    expect(await tabTo(focusedIs("el.textContent === 'Apply this unsafe fix'"))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(2, 'boundary').textContent()).toContain('MULTIPOLYGON');
    // Undo, reached backwards from where the focus is.
    expect(await tabTo(focusedIs("el.textContent === 'Undo'"), 'Shift+Tab')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(2, 'boundary').textContent()).not.toContain('MULTIPOLYGON');
    expect(await cell(3, 'acres').textContent()).toBe('227.28');
    // The edit undone too, then typed again: a change again.
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(3, 'acres').getAttribute('data-severity')).toBe('error');
    expect(await tabTo(focusedIs("el.getAttribute('role') === 'grid'"))).toBe(true);
    for (const key of ['Control+End', 'Control+Home', 'ArrowDown', 'ArrowDown', 'End', 'Enter'])
      await page.keyboard.press(key);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('227.28');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(3, 'acres').getAttribute('data-severity')).toBeNull();
    await page.context().close();
  }, 90_000);
  it('shows the selected problem’s row as it is now in the row editor, after a cell edit and its undo', async () => {
    const { page } = await session.newPage();
    const path = join(work, 'row-editor.csv');
    writeFileSync(path, CSV);
    await page.locator('input[type=file]').setInputFiles(path);
    await filesChecked(page, 1);
    await page
      .getByRole('listbox', { name: 'Problems' })
      .getByRole('option')
      .filter({ hasText: 'FU003' })
      .click();
    const editor = page.getByLabel(/^Edit row 3 of row-editor\.csv/);
    await expect.poll(() => editor.inputValue()).toMatch(/,lots$/);
    // The same row's acres edited in the grid: the row editor beside it shows the new value.
    const grid = page.getByRole('grid', { name: /Rows of row-editor\.csv/ });
    const acres = grid.locator('[data-row="3"] [data-column="acres"]');
    await acres.dblclick();
    await grid.getByLabel('acres of row 3 (checked again as you type)').fill('21.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => acres.textContent()).toBe('21.5');
    await expect.poll(() => editor.inputValue()).toMatch(/,21\.5$/);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => editor.inputValue()).toMatch(/,lots$/);
    // Typed in the row editor after the grid's edit: the edit it sends keeps the grid's value.
    await acres.dblclick();
    await grid.getByLabel('acres of row 3 (checked again as you type)').fill('21.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.inputValue()).toMatch(/,21\.5$/);
    await editor.fill((await editor.inputValue()).replace('Repeats,', 'Repeats East,'));
    await expect
      .poll(() => grid.locator('[data-row="3"] [data-column="name"]').textContent())
      .toBe('Repeats East');
    expect(await acres.textContent()).toBe('21.5');
    await page.context().close();
  }, 90_000);
  it('counts problems as the files’ table does, the notes (info) apart', async () => {
    const { page } = await session.newPage();
    await page.locator('input[type=file]').setInputFiles(join(ROOT, 'examples/rx/two-zone-rx.zip'));
    await filesChecked(page, 1);
    // The prescription: its zones overlap (a warning), its rate column found by name (a note).
    const file = page.getByTestId('batch-file');
    expect((await file.locator('td').allTextContents()).slice(2, 4)).toEqual(['0', '1']);
    const count = page.getByTestId('problem-count');
    await expect.poll(() => count.textContent()).toBe('(1, and 1 note)');
    expect(await page.getByRole('listbox', { name: 'Problems' }).getByRole('option').count()).toBe(2);
    await page.getByLabel('Severity').selectOption('info');
    expect(await count.textContent()).toBe('(0 of 1, and 1 of 1 note)');
    await page.getByLabel('Severity').selectOption('warning');
    expect(await count.textContent()).toBe('(1 of 1, and 0 of 1 note)');
    await page.context().close();
  }, 90_000);
  it('counts on the map the features it draws: a row whose boundary cannot be read is not one', async () => {
    const { page } = await session.newPage();
    await page.getByLabel('Map view').selectOption('svg');
    await page.locator('input[type=file]').setInputFiles(join(ROOT, 'examples/csv/fields-with-problems.csv'));
    await filesChecked(page, 1);
    // Six rows; row 2's polygon is not closed (WKT001), so five are drawn.
    const map = page.locator('svg.map-canvas');
    await expect.poll(() => map.locator('g.feature path').count()).toBe(5);
    const count = page.locator('.map .count');
    expect(await count.getAttribute('title')).toBe(
      '5 of 6 features drawn; 1 with no shape to draw (a boundary that could not be read)',
    );
    expect(await count.locator('[aria-hidden=true]').textContent()).toBe('5 of 6 drawn');
    await page.context().close();
  }, 90_000);
});
