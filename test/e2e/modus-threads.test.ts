/**
 * A big Modus result checked on two threads in the app, in Debian's Chromium against the browser host: with
 * two threads (Settings) the validation worker starts a Web Worker that decodes and scans the file while it
 * checks it (core/modus/modus-split.ts), and the problems the page lists (its problems CSV, byte for byte)
 * are those it lists with one thread, when none starts.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockSession, chromiumMissing, filesChecked } from './e2e-harness.ts';

const FIXTURE = fileURLToPath(new URL('../../core/modus/fixtures/valid/two-depths.xml', import.meta.url));

/**
 * Over the 24 MB from which the engine scans a Modus file on a worker: the fixture's samples repeated with
 * new numbers, a number now and then repeated and a value now and then not a number, so problems come
 * from the scan's whole length and from both the schema and the semantic checks.
 */
function writeBigResult(path: string): void {
  const text = readFileSync(FIXTURE, 'utf8');
  const first = text.indexOf('<SoilSample>');
  const last = text.lastIndexOf('</SoilSample>') + '</SoilSample>'.length;
  const samples = text.slice(first, last).match(/<SoilSample>[\s\S]*?<\/SoilSample>/g) ?? [];
  const fd = openSync(path, 'w');
  writeSync(fd, text.slice(0, first));
  for (let i = 0; i < 46_000; i++) {
    let sample = samples[i % samples.length]!;
    const number = i % 4000 === 3999 ? i : i + 1;
    sample = sample.replace(/<SampleNumber>[^<]*<\/SampleNumber>/, `<SampleNumber>${number}</SampleNumber>`);
    if (i % 7000 === 6999) sample = sample.replace(/<Value>[^<]*<\/Value>/, '<Value>n/a</Value>');
    writeSync(fd, `${sample}\n`);
  }
  writeSync(fd, text.slice(last));
  closeSync(fd);
}

const settings = { theme: 'system', concurrency: 1, ratePerSecond: 10, tileUrl: '' };

describe.skipIf(chromiumMissing)('a big Modus file checked on two threads', () => {
  const session = blockSession();
  let dir: string;
  let path: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fieldgate-modus-threads-'));
    path = join(dir, 'big-result.xml');
    writeBigResult(path);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the same problems with two threads as with one', { timeout: 240_000 }, async () => {
    expect(statSync(path).size).toBeGreaterThan(24 * 1024 * 1024);
    const runs: Array<{ csv: Buffer; workers: string[] }> = [];
    for (const checkThreads of [2, 1]) {
      await session.call('saveSettings', { ...settings, checkThreads });
      const { page, context } = await session.newPage();
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      await page.locator('input[type=file]').setInputFiles(path);
      await filesChecked(page, 1);
      const [saved] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Problems (CSV)' }).click(),
      ]);
      runs.push({ csv: readFileSync((await saved.path())!), workers });
      await context.close();
    }
    const [split, alone] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(split.workers.filter((url) => url.includes('/modus-scan-worker'))).toHaveLength(1);
    expect(alone.workers.some((url) => url.includes('/validate-worker'))).toBe(true);
    expect(alone.workers.filter((url) => url.includes('/modus-scan-worker'))).toEqual([]);
    const text = alone.csv.toString('utf8');
    // Repeated numbers (semantic) and values that are not numbers (schema), all along the file.
    expect(text.split('\n').length).toBeGreaterThan(15);
    expect(text).toMatch(/MOD\d+/);
    expect(split.csv.equals(alone.csv)).toBe(true);
  });
});
