/**
 * Submit controls against a slow embedded sandbox (every answer takes 700 ms): a running batch pauses (no
 * row finishes while paused), resumes and finishes; another is cancelled and stays cancelled. The list of
 * unfinished runs follows: a paused run is in it at once, and leaves it when it goes on.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, outcomeCount, runProgress, startSession, type E2eSession } from './e2e-harness.ts';

const runHeading = (page: Page, state: string) =>
  page.getByRole('heading', { name: new RegExp(`Run .* — ${state}`) });

async function doneRows(page: Page): Promise<number> {
  return (await runProgress(page)).done;
}

describe.skipIf(chromiumMissing)('submit controls', () => {
  let session: E2eSession;
  let page: Page;

  beforeAll(async () => {
    // This file runs in its own test process: the variable reaches only this file's embedded sandbox.
    process.env.FIELDGATE_SANDBOX_FAULTS = 'latency-ms=700-700';
    session = await startSession();
    // One request at a time: the sample batch's few uploads take seconds, time to pause and cancel.
    await session.call('saveSettings', { theme: 'system', concurrency: 1, ratePerSecond: 10, tileUrl: '' });
    ({ page } = await session.newPage());
    await page.getByRole('button', { name: /Open the sample batch/ }).click();
    await page.waitForFunction(
      () => {
        const rows = document.querySelectorAll('[data-testid=batch-file]');
        return rows.length >= 10 && !Array.from(rows).some((r) => r.textContent?.includes('Checking'));
      },
      null,
      { timeout: 60_000 },
    );
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Submit' }).click();
  }, 90_000);
  afterAll(async () => {
    delete process.env.FIELDGATE_SANDBOX_FAULTS;
    await session?.close();
  });

  it('pauses, resumes and finishes a run', async () => {
    await page.getByRole('button', { name: /Submit the batch/ }).click();
    await expect.poll(() => runHeading(page, 'running').count()).toBe(1);
    const runs = page.getByRole('region', { name: 'Runs' });
    const paused = runs.locator('li[data-state="paused"]');
    expect(await paused.count()).toBe(0);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => runHeading(page, 'paused').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => paused.textContent()).toMatch(/paused, \d+ of \d+ rows done/);
    expect(await paused.getByRole('button', { name: 'Resume this run' }).count()).toBe(1);
    // Requests under way when paused may still land (a token, then the request: 700 ms each); after that
    // nothing moves.
    let held = await doneRows(page);
    for (let waited = 0; waited < 12_000; waited += 3000) {
      await page.waitForTimeout(3000);
      const now = await doneRows(page);
      if (now === held) break;
      held = now;
    }
    await page.waitForTimeout(3000);
    expect(await doneRows(page)).toBe(held);
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect.poll(() => paused.count()).toBe(0);
    await expect.poll(() => runHeading(page, 'finished').count(), { timeout: 30_000 }).toBe(1);
    const ended = await runProgress(page);
    expect(ended.done).toBe(ended.total);
    expect(await page.getByTestId('submit-progress').textContent()).toMatch(/rows\/s/);
  }, 60_000);

  it('cancels a run', async () => {
    await page.getByRole('button', { name: /Submit the batch/ }).click();
    await expect.poll(() => runHeading(page, 'running').count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => runHeading(page, 'cancelled').count(), { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(await runHeading(page, 'cancelled').count()).toBe(1);
    const { done, total } = await runProgress(page);
    expect(done).toBeLessThan(total);
    // The rows it did not send read "not sent", and none pending.
    expect(await outcomeCount(page, 'not-sent')).toBe(total - done);
    expect(await outcomeCount(page, 'pending')).toBe(0);
  }, 60_000);
});
