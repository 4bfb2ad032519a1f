import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSpool } from './text-spool.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-spool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fileSpool', () => {
  it('gives back every piece in order, characters cut between reads whole, then removes its file', () => {
    const spool = fileSpool(dir);
    const pieces: string[] = [];
    // Over 3 MB of pieces with two- and four-byte characters, so reads of 1 MB cut through some.
    for (let i = 0; i < 30_000; i++) pieces.push(`{"n":${i},"t":"é🌾${'x'.repeat(i % 200)}"},`);
    for (const p of pieces) spool.append(p);
    expect(readdirSync(dir)).toHaveLength(1);
    const back = [...spool.read()].join('');
    expect(back).toBe(pieces.join(''));
    const [file] = readdirSync(dir);
    spool.close();
    expect(existsSync(join(dir, file!))).toBe(false);
  });

  it('keeps a little text in memory, without a file', () => {
    const spool = fileSpool(dir);
    spool.append('a');
    spool.append('b');
    expect([...spool.read()].join('')).toBe('ab');
    expect(readdirSync(dir)).toEqual([]);
    spool.close();
  });
});
