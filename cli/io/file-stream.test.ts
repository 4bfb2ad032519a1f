import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStream } from './files.ts';

const openFiles = (): number => readdirSync('/proc/self/fd').length;

describe('fileStream', () => {
  it.skipIf(!existsSync('/proc/self/fd'))(
    'closes its file when cancelled after a head read (detection), at its end, and on a read error',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fieldgate-stream-'));
      try {
        const path = join(dir, 'f.wkt');
        writeFileSync(path, 'POLYGON ((0 0, 1 0, 1 1, 0 0))\n'.repeat(1000));
        const before = openFiles();
        for (let i = 0; i < 50; i++) {
          const reader = fileStream(path).getReader();
          // A head read, then the reader goes away.
          expect((await reader.read()).done).toBe(false);
          await reader.cancel();
        }
        expect(openFiles()).toBeLessThanOrEqual(before);

        // Read to the end: every byte, and the file closed.
        const chunks: Uint8Array[] = [];
        const whole = fileStream(path, 4096).getReader();
        for (let r = await whole.read(); !r.done; r = await whole.read()) chunks.push(r.value);
        expect(Buffer.concat(chunks).toString()).toBe('POLYGON ((0 0, 1 0, 1 1, 0 0))\n'.repeat(1000));
        expect(openFiles()).toBeLessThanOrEqual(before);

        // A directory opens but cannot be read: the stream errors with the reason and closes it.
        await expect(fileStream(dir).getReader().read()).rejects.toMatchObject({ code: 'EISDIR' });
        expect(openFiles()).toBeLessThanOrEqual(before);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
