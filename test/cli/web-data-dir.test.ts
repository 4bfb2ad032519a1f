/**
 * `fieldgate web --data-dir DIR`: an absolute DIR is used as it is (it was once joined onto the working
 * folder: /srv/fieldgate became ./srv/fieldgate), a relative one is read from the working folder.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWebCommand } from '../../cli/commands/web.ts';
import { captureIo } from '../support/cli-io.ts';

describe('fieldgate web --data-dir', () => {
  const web = createWebCommand({ waitForStop: async () => undefined });
  const args = ['--no-open', '--no-sandbox', '--port', '0', '--data-dir'];

  it('keeps its data in an absolute folder as given, nothing under the working folder', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'fieldgate-cwd-'));
    const dataDir = join(mkdtempSync(join(tmpdir(), 'fieldgate-abs-')), 'srv', 'fieldgate');
    const run = captureIo({ cwd });
    expect(await web.run([...args, dataDir], run), run.text()).toBe(0);
    expect(existsSync(join(dataDir, 'journals'))).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('reads a relative folder from the working folder', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'fieldgate-cwd-'));
    expect(await web.run([...args, 'data'], captureIo({ cwd }))).toBe(0);
    expect(existsSync(join(cwd, 'data', 'journals'))).toBe(true);
  });
});
