import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStream } from './files.ts';

const openFiles = (): number => readdirSync('/proc/self/fd').length;

describe('fileStream', () => {
  it.skipIf(!existsSync('/proc/self/fd'))(
    'closes its file when cancelled while it opens it (a head read for detection)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fieldgate-stream-'));
      try {
        const path = join(dir, 'f.wkt');
        writeFileSync(path, 'POLYGON ((0 0, 1 0, 1 1, 0 0))\n'.repeat(1000));
        const before = openFiles();
        for (let i = 0; i < 50; i++) {
          const reader = fileStream(path).getReader();
          // The first pull is opening the file when the reader goes away (microtasks only: the open needs a
          // turn of the event loop to finish).
          void reader.read().catch(() => undefined);
          for (let k = 0; k < 5; k++) await Promise.resolve();
          await reader.cancel();
        }
        // Let the opens in flight finish.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(openFiles()).toBeLessThanOrEqual(before);

        // Read to the end: every byte, and the file closed.
        const chunks: Uint8Array[] = [];
        const whole = fileStream(path, 4096).getReader();
        for (let r = await whole.read(); !r.done; r = await whole.read()) chunks.push(r.value);
        expect(Buffer.concat(chunks).toString()).toBe('POLYGON ((0 0, 1 0, 1 1, 0 0))\n'.repeat(1000));
        expect(openFiles()).toBeLessThanOrEqual(before);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
