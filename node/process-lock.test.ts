import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLiveHolder, LockHeldError, processStart, takeLock } from './process-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-process-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hasProc = processStart() !== '';

describe('a process lock', () => {
  it('names its holder, and refuses a second taker while that holder runs', async () => {
    const path = join(dir, 'a.lock');
    const lock = await takeLock(path, 'fieldgate web at http://127.0.0.1:4567');
    expect(readFileSync(path, 'utf8')).toBe(
      `${process.pid} ${processStart()}\nfieldgate web at http://127.0.0.1:4567\n`,
    );
    const refused = await takeLock(path).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LockHeldError);
    expect((refused as LockHeldError).message).toContain(`process ${process.pid} (fieldgate web at`);
    await lock.release();
    await (await takeLock(path)).release();
  });

  it.skipIf(!hasProc)('takes over the lock of a pid the system gave to another process since', async () => {
    const path = join(dir, 'b.lock');
    // This process's pid, but another start time: the holder that wrote it is gone, its pid reused.
    writeFileSync(path, `${process.pid} 1\nan earlier run\n`);
    expect(isLiveHolder(process.pid, '1')).toBe(false);
    const lock = await takeLock(path);
    expect(lock.tookOverFrom).toBe(process.pid);
    await lock.release();
  });

  it.skipIf(!hasProc)(
    'takes over the lock of a process that exited and was not reaped (a zombie)',
    async () => {
      // sh starts a short sleep in the background and becomes a long one, which never reaps it: once the
      // short one ends (after sh has become the long sleep, so sh cannot reap it first), a zombie till then.
      const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 5'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const pid = Number(
        await new Promise<string>((r) => parent.stdout.once('data', (d: Buffer) => r(String(d)))),
      );
      try {
        for (let i = 0; i < 300 && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); i++)
          await new Promise((r) => setTimeout(r, 10));
        expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
        const path = join(dir, 'c.lock');
        writeFileSync(path, `${pid}\n`);
        // kill(pid, 0) answers for a zombie: only its state says it is gone.
        expect(() => process.kill(pid, 0)).not.toThrow();
        const lock = await takeLock(path);
        expect(lock.tookOverFrom).toBe(pid);
        await lock.release();
      } finally {
        parent.kill();
      }
    },
  );
});
