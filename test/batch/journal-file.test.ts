/**
 * The journal on disk: concurrent appends all land as whole lines (grouped under one fsync), the file is
 * owner-only, a reopened journal appends after what is there, and the user directories follow XDG on Linux.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalFile } from '../../node/journal-file.ts';
import { configDir, dataDir } from '../../node/user-dirs.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('JournalFile', () => {
  it('writes every concurrent append as a whole line, owner-only, and appends after a reopen', async () => {
    const path = join(dir, 'nested', 'batch.jsonl');
    const journal = await JournalFile.open(path);
    await Promise.all(Array.from({ length: 500 }, (_, i) => journal.append(JSON.stringify({ i }))));
    await journal.close();
    const again = await JournalFile.open(path);
    await again.append('{"i":500}');
    await again.close();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 501 }, (_, i) => i),
    );
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('user directories', () => {
  it('follow XDG_CONFIG_HOME and XDG_DATA_HOME on Linux, with the usual fallbacks', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/config' }, 'linux')).toBe('/x/config/fieldgate');
    expect(dataDir({ XDG_DATA_HOME: '/x/data' }, 'linux')).toBe('/x/data/fieldgate');
    expect(dataDir({ HOME: '/home/u' }, 'linux')).toBe('/home/u/.local/share/fieldgate');
    expect(configDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toContain('fieldgate');
  });
});
