import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAllSync } from './write-all.ts';

/** A write that takes at most `most` bytes a call, as a full disk or a signal may make it do. */
function shortWrites(most: number): {
  write: (fd: number, bytes: Uint8Array, offset: number, length: number) => number;
  out: () => Buffer;
  calls: () => number;
} {
  const taken: Buffer[] = [];
  let calls = 0;
  return {
    write: (_fd, bytes, offset, length) => {
      calls++;
      const n = Math.min(most, length);
      taken.push(Buffer.from(bytes.subarray(offset, offset + n)));
      return n;
    },
    out: () => Buffer.concat(taken),
    calls: () => calls,
  };
}

describe('writeAllSync', () => {
  it('writes every byte when each write takes only a few (counts in bytes, text not ASCII)', () => {
    // Two- to four-byte characters: 3 bytes a write splits them, and the byte count is far over the length.
    const text = 'Поле 農場 𝄞 acres: 98.5 — ✓\n'.repeat(50);
    const sink = shortWrites(3);
    writeAllSync(1, text, sink.write);
    expect(sink.out().equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(sink.calls()).toBeGreaterThan(text.length / 3);
  });

  it('writes a text longer than its buffer, characters straddling the pieces, whole and in order', () => {
    // A 4-byte character across every 64 KB boundary somewhere, a lone surrogate written as U+FFFD.
    const text = `${'x'.repeat(65_535)}𝄞${'é'.repeat(40_000)}\ud800${'y'.repeat(70_000)}`;
    const sink = shortWrites(Number.MAX_SAFE_INTEGER);
    writeAllSync(1, text, sink.write);
    expect(sink.out().equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(sink.out().toString('utf8')).toContain('\ufffd');
  });

  it('writes to a file descriptor', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldgate-write-all-'));
    try {
      const path = join(dir, 'out.txt');
      const fd = openSync(path, 'w');
      writeAllSync(fd, 'one ');
      writeAllSync(fd, 'два\n');
      writeAllSync(fd, '');
      closeSync(fd);
      expect(readFileSync(path, 'utf8')).toBe('one два\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
