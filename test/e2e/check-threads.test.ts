/**
 * A big field upload and a big .wkt file checked on several threads in the app, in Debian's Chromium
 * against the browser host: with two threads (Settings) the validation worker starts a boundary worker of
 * its own, and the problems the page lists (its problems CSV, byte for byte) are those it lists with one
 * thread, when none starts. Files checked one after another in one page share that boundary worker (kept warm
 * between files).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchBoundaries } from '../../core/geometry/field-upload-bench-data.ts';
import {
  blockSession,
  checkAndExportProblems,
  chromiumMissing,
  filesChecked,
  openScreen,
  problemsOnTwoThreadsAndOne,
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
    'lists the same problems of a field upload with two threads as with one',
    { timeout: 240_000 },
    async () => {
      expect(readFileSync(path).length).toBeGreaterThan(16 * 1024 * 1024);
      await session.call('saveSettings', threadSettings(2));
      const two = await session.newPage();
      const pooled = await checkAndExportProblems(two.page, path);
      await two.context.close();
      expect(pooled.workers.filter((url) => url.includes('/boundary-worker'))).toHaveLength(1);

      // One thread, chosen in Settings: no boundary worker.
      const one = await session.newPage();
      await openScreen(one.page, 'Settings');
      await one.page.getByLabel('Threads that check the boundaries of big files').selectOption('1');
      // Saved once the page says so (its settings are then the ones the next check takes).
      await expect.poll(() => one.page.getByText('Settings saved.').count()).toBe(1);
      expect(await session.call('getSettings', {})).toMatchObject({ checkThreads: 1 });
      await openScreen(one.page, 'Workbench');
      const alone = await checkAndExportProblems(one.page, path);
      await one.context.close();
      expect(alone.workers.some((url) => url.includes('/validate-worker'))).toBe(true);
      expect(alone.workers.filter((url) => url.includes('/boundary-worker'))).toEqual([]);

      const text = alone.csv.toString('utf8');
      // Problems of several rules (crossing outlines, stars, stated acres), so an order or place that differs shows.
      expect(text.split('\n').length).toBeGreaterThan(60);
      for (const code of ['GEO004', 'GEO013', 'ACR001']) expect(text).toContain(code);
      expect(pooled.csv.equals(alone.csv)).toBe(true);
    },
  );

  it(
    'lists the same problems of a .wkt file with two threads as with one',
    { timeout: 240_000 },
    async () => {
      expect(readFileSync(wktPath).length).toBeGreaterThan(16 * 1024 * 1024);
      const { two: pooled, one: alone } = await problemsOnTwoThreadsAndOne(session, wktPath);
      expect(pooled.workers.filter((url) => url.includes('/boundary-worker'))).toHaveLength(1);
      expect(alone.workers.filter((url) => url.includes('/boundary-worker'))).toEqual([]);
      const text = alone.csv.toString('utf8');
      expect(text.split('\n').length).toBeGreaterThan(40);
      expect(text).toContain('GEO004');
      expect(pooled.csv.equals(alone.csv)).toBe(true);
    },
  );

  it(
    'checks two big files one after the other on the same boundary worker',
    { timeout: 240_000 },
    async () => {
      await session.call('saveSettings', threadSettings(2));
      const { page, context } = await session.newPage();
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      await page.locator('input[type=file]').setInputFiles(path);
      await filesChecked(page, 1);
      await page.locator('input[type=file]').setInputFiles(wktPath);
      await filesChecked(page, 2);
      await context.close();
      expect(workers.filter((url) => url.includes('/validate-worker'))).toHaveLength(1);
      expect(workers.filter((url) => url.includes('/boundary-worker'))).toHaveLength(1);
    },
  );
});
