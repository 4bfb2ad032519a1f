/**
 * A big Modus result checked on two threads in the app, in Debian's Chromium against the browser host: with
 * two threads (Settings) the validation worker starts a Web Worker that decodes and scans the file while it
 * checks it (core/modus/modus-split.ts), and the problems the page lists (its problems CSV, byte for byte)
 * are those it lists with one thread, when none starts.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeModusResult } from '../support/modus-result-file.ts';
import { blockSession, chromiumMissing, problemsOnTwoThreadsAndOne } from './e2e-harness.ts';

const FIXTURE = fileURLToPath(new URL('../../core/modus/fixtures/valid/two-depths.xml', import.meta.url));

/**
 * Over the 24 MB from which the engine scans a Modus file on a worker: the fixture's samples repeated with
 * new numbers, a number now and then repeated and a value now and then not a number, so problems come
 * from the scan's whole length and from both the schema and the semantic checks.
 */
function writeBigResult(path: string): void {
  writeModusResult(path, readFileSync(FIXTURE, 'utf8'), 46_000, (sample, i) => {
    let edited = sample;
    if (i % 4000 === 3999) edited = edited.replace(`<SampleNumber>${i + 1}<`, `<SampleNumber>${i}<`);
    if (i % 7000 === 6999) edited = edited.replace(/<Value>[^<]*<\/Value>/, '<Value>n/a</Value>');
    return edited;
  });
}

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
    const { two: split, one: alone } = await problemsOnTwoThreadsAndOne(session, path);
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
