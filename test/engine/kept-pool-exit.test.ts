/**
 * The process's kept pool of boundary workers (node/worker-threads.ts, core/parallel/long-lived-pool.ts):
 * files checked one after another share its workers, and a process that is done ends at once, not after the
 * pool's idle time (a command line exits when its work does).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POOL_IDLE_MS } from '../../core/parallel/long-lived-pool.ts';

const script = fileURLToPath(new URL('./support/kept-pool-run.ts', import.meta.url));

describe('the kept pool of a process', () => {
  it(
    'checks two files on one worker, and the process ends once its work is done',
    { timeout: 60_000 },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
      const endedAt = Date.now();
      expect(code, stderr).toBe(0);
      const seen = JSON.parse(stdout) as { started: number; same: boolean[]; at: number };
      expect(seen.started).toBe(1);
      expect(seen.same).toEqual([true, true]);
      // Its idle workers and the idle timer hold nothing: it ended long before the pool's idle time.
      expect(endedAt - seen.at).toBeLessThan(POOL_IDLE_MS / 4);
    },
  );
});
