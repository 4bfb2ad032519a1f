/**
 * A big field upload and a big .wkt file checked on several threads in the app, in Debian's Chromium
 * against the browser host: with two threads (Settings) the validation worker starts a boundary worker of
 * its own, and the problems the page lists (its problems CSV, byte for byte) are those it lists with one
 * thread, when none starts. Files checked one after another in one page share that boundary worker (kept warm
 * between files). Each file is checked once a thread count (the size is the point, so each check takes
 * seconds): one page drops both files, saving the problems after each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchBoundaries } from '../../core/geometry/field-upload-bench-data.ts';
import type { Page } from 'playwright-core';
import {
  blockSession,
  checkAndExportProblems,
  chromiumMissing,
  filesChecked,
  openScreen,
  threadSettings,
} from './e2e-harness.ts';

/** Over the 16 MB from which the engine checks boundaries on workers: long outlines, a few crossing. */
function bigBoundaries(): string[] {
  return [
    ...benchBoundaries('valid', 440, 11, 1500),
    ...benchBoundaries('ragged', 40, 12, 1500),
    ...benchBoundaries('star', 3, 13),
  ];
}

function bigUpload(): string {
  const fields = bigBoundaries().map((boundary, i) => ({
    clientName: 'Thread Farms',
    farmName: `Farm ${i % 9}`,
    name: `Field ${i}`,
    ...(i % 25 === 0 ? { acres: 3.5 } : {}),
    boundary,
  }));
  return JSON.stringify({ fields }, null, 1);
}

/**
 * The upload then the .wkt file dropped on one page, its problems CSV saved after each (the second holds
 * both files' problems), with the URLs of the workers the page started for the two.
 */
async function checkUploadThenWkt(
  page: Page,
  upload: string,
  wkt: string,
): Promise<{ upload: Buffer; both: Buffer; workers: string[] }> {
  const first = await checkAndExportProblems(page, upload);
  await page.locator('input[type=file]').setInputFiles(wkt);
  await filesChecked(page, 2);
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Problems (CSV)' }).click(),
  ]);
  return { upload: first.csv, both: readFileSync((await saved.path())!), workers: first.workers };
}

describe.skipIf(chromiumMissing)('big files checked on several threads', () => {
  const session = blockSession();
  let dir: string;
  let path: string;
  let wktPath: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-threads-'));
    path = join(dir, 'big-upload.json');
    writeFileSync(path, bigUpload());
    wktPath = join(dir, 'big-boundaries.wkt');
    writeFileSync(wktPath, `${bigBoundaries().join('\n')}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'lists the same problems of a field upload and of a .wkt file with two threads as with one; the two files share one boundary worker',
    { timeout: 240_000 },
    async () => {
      expect(readFileSync(path).length).toBeGreaterThan(16 * 1024 * 1024);
      expect(readFileSync(wktPath).length).toBeGreaterThan(16 * 1024 * 1024);
      await session.call('saveSettings', threadSettings(2));
      const two = await session.newPage();
      const pooled = await checkUploadThenWkt(two.page, path, wktPath);
      await two.context.close();
      // One validation worker and one boundary worker for both files, one after the other.
      expect(pooled.workers.filter((url) => url.includes('/validate-worker'))).toHaveLength(1);
      expect(pooled.workers.filter((url) => url.includes('/boundary-worker'))).toHaveLength(1);

      // One thread, chosen in Settings: no boundary worker.
      const one = await session.newPage();
      await openScreen(one.page, 'Settings');
      await one.page.getByLabel('Threads that check the boundaries of big files').selectOption('1');
      // Saved once the page says so (its settings are then the ones the next check takes).
      await expect.poll(() => one.page.getByText('Settings saved.').count()).toBe(1);
      expect(await session.call('getSettings', {})).toMatchObject({ checkThreads: 1 });
      await openScreen(one.page, 'Workbench');
      const alone = await checkUploadThenWkt(one.page, path, wktPath);
      await one.context.close();
      expect(alone.workers.some((url) => url.includes('/validate-worker'))).toBe(true);
      expect(alone.workers.filter((url) => url.includes('/boundary-worker'))).toEqual([]);

      const upload = alone.upload.toString('utf8');
      // Problems of several rules (crossing outlines, stars, stated acres), so an order or place that differs shows.
      expect(upload.split('\n').length).toBeGreaterThan(60);
      for (const code of ['GEO004', 'GEO013', 'ACR001']) expect(upload).toContain(code);
      expect(pooled.upload.equals(alone.upload)).toBe(true);
      const wkt = alone.both
        .toString('utf8')
        .split('\n')
        .filter((line) => line.includes('big-boundaries.wkt'));
      expect(wkt.length).toBeGreaterThan(40);
      expect(wkt.join('\n')).toContain('GEO004');
      expect(pooled.both.equals(alone.both)).toBe(true);
    },
  );
});
