/**
 * A CSV batch from drop to export in one go, in Debian's Chromium against the browser host and its embedded
 * sandbox: the example fields CSV with known problems → each problem at its row and column in the list and
 * on the map → all safe fixes applied, the acres "lots" blanked in the line editor → submitted (rows still
 * with errors are left out) → one result per CSV row, request ids on the sent ones → the results CSV
 * downloaded and read. Then a batch cut off by a kill is offered on the first screen and resumed.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SubmitStatus } from '../../host/bridge-api.ts';
import { createHandlers, handleCall, SANDBOX_PROFILE_ID } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';
import {
  blockSession,
  checkScreen,
  chromiumMissing,
  type E2eSession,
  RESULTS_DIR,
  ROOT,
} from './e2e-harness.ts';

const CSV = join(ROOT, 'examples/csv/fields-with-problems.csv');

const problem = (page: Page, code: string) =>
  page.getByRole('listbox', { name: 'Problems' }).getByRole('option').filter({ hasText: code });

/**
 * A run of the session's data folder, cut off as a kill leaves it: its upload left, its answer never noted
 * (run by a second set of handlers: another app instance, killed).
 */
async function cutOffRun(session: E2eSession): Promise<{ runId: string; journal: string }> {
  const handlers = createHandlers({
    host: 'test',
    version: 'test',
    examplesDir: join(ROOT, 'examples'),
    dataDir: session.dataDir,
    secrets: memorySecretBox(),
    emit: () => undefined,
    openExternal: async () => true,
    sandbox: session.app.sandbox!.demo,
  });
  const started = (
    await handleCall(handlers, 'startSubmit', {
      profileId: SANDBOX_PROFILE_ID,
      batch: { files: [{ file: { path: join(ROOT, 'examples/fields/clean-fields.json') } }] },
      dryRun: false,
    })
  ).body as SubmitStatus;
  await expect
    .poll(
      async () =>
        ((await handleCall(handlers, 'getSubmit', { runId: started.runId })).body as SubmitStatus).state,
    )
    .toBe('finished');
  const journal = join(session.dataDir, 'journals', `${started.runId}.jsonl`);
  const lines = readFileSync(journal, 'utf8').trim().split('\n');
  const sending = lines.findIndex((l) => (JSON.parse(l) as { type: string }).type === 'sending');
  writeFileSync(journal, lines.slice(0, sending + 1).join('\n') + '\n');
  appendFileSync(journal, '{"type":"outc');
  return { runId: started.runId, journal };
}

describe.skipIf(chromiumMissing)('a CSV batch from drop to exported results', () => {
  const session = blockSession();

  it('drops, reviews, fixes, submits and exports', async () => {
    const { page } = await session.newPage();
    // Anything the CSP refuses (MapLibre's worker included) is noted from the first script on.
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { refused: string[] }).refused = refused;
      document.addEventListener('securitypolicyviolation', (e) =>
        refused.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    await page.reload();
    await page.locator('input[type=file]').setInputFiles(CSV);
    const file = page.getByTestId('batch-file').filter({ hasText: 'fields-with-problems.csv' });
    await expect.poll(() => file.textContent()).toContain('csv-fields');

    // Each known problem at its data row and column.
    const expected: Array<[string, string]> = [
      ['CSV005', 'row 2, clientName'],
      ['WKT001', 'row 2, boundary'],
      ['WGS003', 'row 3, boundary'],
      ['FU003', 'row 4, acres'],
      ['CSV002', 'row 5'],
      ['CSV010', 'row 6, boundary'],
    ];
    for (const [code, where] of expected)
      await expect.poll(() => problem(page, code).textContent(), { timeout: 10_000 }).toContain(where);

    // MapLibre draws with its worker, a file of the app, under the CSP's worker-src 'self'.
    await expect
      .poll(() => page.locator('.workbench .vector-map canvas').count(), { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((e) => /maplibre-gl-csp-worker-[\w-]+\.js$/.test(e.name)),
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);

    // On the (SVG) map: the fields drawn, the ones with errors marked, the overlap at its point.
    await page.locator('.workbench').getByLabel('Map view').selectOption('svg');
    const map = page.locator('svg.map-canvas');
    await expect.poll(() => map.locator('g.feature').count()).toBeGreaterThanOrEqual(4);
    expect(await map.locator('g.feature.has-error').count()).toBeGreaterThan(0);
    await problem(page, 'CSV010').click();
    expect(await map.locator('circle.problem-point.selected').count()).toBe(1);
    await problem(page, 'WGS003').click();
    expect(await map.locator('g.feature.selected').count()).toBe(1);

    // All safe fixes (the spaces of row 2's client name), then row 4's acres blanked in place.
    await page.getByRole('button', { name: /Apply all safe fixes/ }).click();
    await expect.poll(() => problem(page, 'CSV005').count()).toBe(0);
    await problem(page, 'FU003').click();
    const editor = page.getByLabel(/Edit row 4 of fields-with-problems\.csv/);
    await editor.fill((await editor.inputValue()).replace(',lots,', ',,'));
    await expect.poll(() => problem(page, 'FU003').count(), { timeout: 10_000 }).toBe(0);

    // Submit: rows 1 and 4 are sent; 2, 3, 5 and 6 (a repeat of row 1) still have errors and stay back,
    // each saying why.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('.submit').getByLabel('Profile').inputValue()).toBe('sandbox');
    // Every row names its user (jsmith): none is asked.
    await expect
      .poll(() => page.getByTestId('named-users').textContent())
      .toBe('Named by the rows themselves: jsmith (2 rows).');
    expect(await page.getByLabel(/Receiving user \(X-User-Name\)/).count()).toBe(0);
    await page.getByRole('button', { name: /Submit the batch/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished/ }).count(), { timeout: 15_000 })
      .toBe(1);
    const results = page.getByTestId('result-row');
    expect(await results.count()).toBe(6);
    const outcomes = await results.evaluateAll((rows) =>
      rows.map((r) => [r.children[0]!.textContent, r.children[4]!.textContent, r.children[3]!.textContent]),
    );
    expect(outcomes).toEqual([
      ['1', 'uploaded', 'jsmith'],
      ['2', 'skipped for errors', ''],
      ['3', 'skipped for errors', ''],
      ['4', 'uploaded', 'jsmith'],
      ['5', 'skipped for errors', ''],
      ['6', 'skipped for errors', ''],
    ]);
    const requestId = (await page.locator('tr.outcome-uploaded code').first().textContent()) ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.locator('tr.outcome-skipped').nth(1).textContent()).toContain('WGS003');
    expect(await page.locator('tr.outcome-skipped').nth(3).textContent()).toContain('FU005');

    // The results CSV: every CSV row with its own cells (row 2's client name fixed), then its outcome.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export results CSV' }).click();
    const saved = join(RESULTS_DIR, 'csv-batch-results.csv');
    await (await download).saveAs(saved);
    const lines = readFileSync(saved, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe(
      'file,row,clientName,farmName,name,boundary,acres,source,userName,id,outcome,http status,error code,request id,message,anomalies,notices',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^fields-with-problems\.csv,1,Smith Farms,Home Farm,North 40,/);
    expect(lines[1]).toContain(`,uploaded,200,,${requestId},`);
    expect(lines[2]).toMatch(
      /^fields-with-problems\.csv,2,Smith Farms,Home Farm,South 40,.*,skipped for errors,,,,.*WKT001/,
    );
    expect(lines[4]).toMatch(/West 40,"POLYGON \(\(.*\)\)",,survey,jsmith,,uploaded,/);
    await checkScreen(page, 'csv-batch-submitted');
    await page.context().close();
  }, 30_000);

  it('sends each row to the user it names, asking a user only for the rows that name none', async () => {
    const { page } = await session.newPage();
    const users = session.app.sandbox!.demo.userNames;
    const ring = (x: number) =>
      `"POLYGON ((${x} 42.03, ${x + 0.01} 42.03, ${x + 0.01} 42.04, ${x} 42.04, ${x} 42.03))"`;
    const csv = join(RESULTS_DIR, 'fields-with-users.csv');
    writeFileSync(
      csv,
      [
        'clientName,farmName,name,boundary,acres,source,userName',
        `Smith Farms,Home Farm,North 40,${ring(-93.65)},,survey,${users[1]}`,
        `Smith Farms,Home Farm,East 40,${ring(-93.62)},,survey,${users[1]}`,
        `Smith Farms,Home Farm,West 40,${ring(-93.68)},,survey,`,
      ].join('\n') + '\n',
    );
    await page.locator('input[type=file]').setInputFiles(csv);
    const file = page.getByTestId('batch-file').filter({ hasText: 'fields-with-users.csv' });
    await expect.poll(() => file.textContent()).toContain('csv-fields');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByTestId('named-users').textContent())
      .toBe(`Named by the rows themselves: ${users[1]} (2 rows); the others are asked for below.`);
    // Only row 3 needs a user: the sandbox's first demo user is offered; an empty one cannot be sent.
    const asked = page.getByLabel('Receiving user (X-User-Name) for row 3, which names none');
    expect(await asked.inputValue()).toBe(users[0]);
    const submit = page.getByRole('button', { name: /Submit the batch/ });
    await asked.fill('');
    expect(await submit.isDisabled()).toBe(true);
    await asked.fill(users[2]!);
    await checkScreen(page, 'submit-users');
    await submit.click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished/ }).count(), { timeout: 15_000 })
      .toBe(1);
    const rows = await page
      .getByTestId('result-row')
      .evaluateAll((all) =>
        all.map((r) => [r.children[0]!.textContent, r.children[4]!.textContent, r.children[3]!.textContent]),
      );
    expect(rows).toEqual([
      ['1', 'uploaded', users[1]],
      ['2', 'uploaded', users[1]],
      ['3', 'uploaded', users[2]],
    ]);
    await page.context().close();
  }, 30_000);

  it('offers a batch cut off by a kill on the first screen, and resumes it', async () => {
    // The app is open when the run is cut off (another instance, killed): the banner shows it when the
    // window gets the focus, without a reload.
    const { page } = await session.newPage();
    const banner = page.getByTestId('interrupted-banner');
    await expect.poll(() => page.getByRole('button', { name: /Open the sample batch/ }).count()).toBe(1);
    // The first screen has had its own look at the journals (a resource timing is there once the answer
    // is): on a loaded machine it could come after the cut-off run below, and show the banner unasked.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/call/listJournals')),
        ),
      )
      .toBe(true);
    expect(await banner.count()).toBe(0);

    const { runId, journal } = await cutOffRun(session);

    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => banner.textContent()).toMatch(/^1 batch was interrupted/);
    await checkScreen(page, 'interrupted-banner', { fullPage: false });
    await banner.getByRole('button', { name: 'Resume' }).click();
    // The Submit screen shows the resumed run; the upload whose answer was lost is not sent again.
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished/ }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByRole('heading', { name: /Run .* — finished/ }).textContent()).toContain(
      runId.slice(0, 8),
    );
    expect(await page.getByTestId('result-row').first().textContent()).toContain('unknown');
    await expect.poll(() => banner.count()).toBe(0);
    expect(
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"sending"')),
    ).toHaveLength(1);
    await page.context().close();
  }, 30_000);

  it('dismisses the banner: the run stays on the Submit screen, resumable', async () => {
    const { page } = await session.newPage();
    const banner = page.getByTestId('interrupted-banner');
    const { runId } = await cutOffRun(session);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => banner.textContent()).toMatch(/^1 batch was interrupted/);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    // Another launch does not name it either.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /Open the sample batch/ }).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Submit' }).click();
    const run = page
      .getByRole('list', { name: 'Runs of this data folder' })
      .locator('li[data-state="interrupted"]');
    await expect.poll(() => run.count()).toBe(1);
    expect(await banner.count()).toBe(0);
    await run.getByRole('button', { name: 'Resume this run' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /Run .* — finished/ }).textContent(), { timeout: 15_000 })
      .toContain(runId.slice(0, 8));
    await page.context().close();
  }, 30_000);
});
