/**
 * Sheets from Europe in the app, in Chromium against the browser host: a German field list as Excel in
 * Germany saves it (Windows-1252, semicolons, decimal commas, its own headers, the area in hectares) is read
 * by its own headers and sent as its author wrote it, the hectares as acres; a workbook dropped instead of a
 * CSV is named as one, with how to save it as CSV.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeWindows1252 } from '../../core/index.ts';
import { writeZip } from '../../core/archive/zip-writer.ts';
import { ACRES_PER_HECTARE, areaAcres } from '../../core/geodesy/area.ts';
import { blockSession, chromiumMissing, filesChecked, RESULTS_DIR, submitToSandbox } from './e2e-harness.ts';

describe.skipIf(chromiumMissing)('sheets from Europe', () => {
  const session = blockSession();
  const inbox = () => [...session.app.sandbox!.sandbox.service.state.inbox.values()];

  it('reads a German field list by its own headers and sends its hectares as acres', async () => {
    const { page } = await session.newPage();
    const ring = (x: number): number[] => [x, 51.1, x + 0.01, 51.1, x + 0.01, 51.11, x, 51.11, x, 51.1];
    const wkt = (x: number): string => {
      const r = ring(x);
      return `"POLYGON ((${[0, 2, 4, 6, 8].map((i) => `${r[i]} ${r[i + 1]}`).join(', ')}))"`;
    };
    const hectares = (x: number): number => Number((areaAcres([[ring(x)]]) / ACRES_PER_HECTARE).toFixed(2));
    const user = session.app.sandbox!.demo.userNames[0]!;
    const path = join(RESULTS_DIR, 'schlaege-windows-1252.csv');
    writeFileSync(
      path,
      encodeWindows1252(
        [
          'Kunde;Betrieb;Schlag;Grenze;Fläche (ha);Empfänger',
          `Müller GbR;Hof Sonnenberg;Große Wiese;${wkt(7.1)};${String(hectares(7.1)).replace('.', ',')};${user}`,
          `Müller GbR;Hof Sonnenberg;Kleine Wiese;${wkt(7.2)};${String(hectares(7.2)).replace('.', ',')};${user}`,
        ].join('\r\n'),
      )!,
    );
    await page.locator('input[type=file]').setInputFiles(path);
    await filesChecked(page, 1);
    // Read by its headers: the columns named, the hectares noted as converted, nothing to map.
    const problems = page.getByRole('listbox', { name: 'Problems' });
    await expect
      .poll(() => problems.getByRole('option').filter({ hasText: 'converted from hectares' }).count())
      .toBe(1);
    expect(await problems.getByRole('option').filter({ hasText: 'is missing' }).count()).toBe(0);
    const before = inbox().length;
    await submitToSandbox(page);
    const fields = inbox()
      .slice(before)
      .flatMap((item) => item.fields ?? []);
    expect(fields.map((f) => [f.clientName, f.farmName, f.name])).toEqual([
      ['Müller GbR', 'Hof Sonnenberg', 'Große Wiese'],
      ['Müller GbR', 'Hof Sonnenberg', 'Kleine Wiese'],
    ]);
    expect(fields[0]?.acres).toBeCloseTo(hectares(7.1) * ACRES_PER_HECTARE, 3);
    expect(fields[1]?.acres).toBeCloseTo(hectares(7.2) * ACRES_PER_HECTARE, 3);
    await page.context().close();
  });

  it('names a workbook dropped instead of a CSV, with how to save it as CSV', async () => {
    const { page } = await session.newPage();
    const path = join(RESULTS_DIR, 'Schläge 2026.xlsx');
    const part = (name: string) => ({ name, bytes: new TextEncoder().encode('<?xml version="1.0"?><x/>') });
    writeFileSync(
      path,
      writeZip(
        ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].map(part),
      ),
    );
    await page.locator('input[type=file]').setInputFiles(path);
    await filesChecked(page, 1);
    const row = page.getByTestId('batch-file').filter({ hasText: 'Schläge 2026.xlsx' });
    expect(await row.textContent()).toContain(
      'unreadable: it is an Excel workbook (.xlsx), and Fieldgate reads spreadsheets as CSV: save the sheet as CSV (Excel: File › Save As › CSV UTF-8',
    );
    await page.context().close();
  });
});
