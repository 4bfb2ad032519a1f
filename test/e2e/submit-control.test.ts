/**
 * Submit controls against a slow embedded sandbox (every answer takes 700 ms): a running batch pauses (no
 * request leaves while paused: its journal, written before each request, stays as it is), resumes and
 * finishes; another is cancelled and stays cancelled. The list of unfinished runs follows: a paused run is
 * in it at once, and leaves it when it goes on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, outcomeCount, runProgress, startSession, type E2eSession } from './e2e-harness.ts';

const runHeading = (page: Page, state: string) =>
  page.getByRole('heading', { name: new RegExp(`Run .* — ${state}`) });

/**
 * The lines of the newest journal in a data folder (the app's journals/RUN.jsonl), parsed; a line being
 * written as it is read counts as a line (of no type).
 */
function newestJournal(dataDir: string): { type: string; step?: number }[] {
  const dir = join(dataDir, 'journals');
  const [newest] = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return readFileSync(newest!, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as { type: string; step?: number };
      } catch {
        return { type: '' };
      }
    });
}

/** Steps whose request has left (a `sending` line) with no answer yet (no `outcome` line after it). */
function inFlight(lines: readonly { type: string; step?: number }[]): number {
  const sent = new Set<number>();
  for (const line of lines)
    if (line.type === 'sending') sent.add(line.step!);
    else if (line.type === 'outcome') sent.delete(line.step!);
  return sent.size;
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
    // Requests under way when paused still land (700 ms each): waited for in the journal, however slow the
    // machine. After that nothing leaves: the journal has each request's `sending` line before it goes, and
    // a run that went on would write its next at once (10 a second allowed). A second and a half is twice a
    // token's and a request's answer, and the journal stays as it was.
    await expect.poll(() => inFlight(newestJournal(session.dataDir))).toBe(0);
    const journaled = newestJournal(session.dataDir).length;
    await page.waitForTimeout(1500);
    expect(newestJournal(session.dataDir)).toHaveLength(journaled);
    const held = await runProgress(page);
    expect(held.done).toBeLessThan(held.total);
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
