/**
 * `npm start` (fieldgate app) where Electron cannot start, as on these build machines and in CI: it says
 * why in one line, serves the app from the browser host with the embedded sandbox, prints the address with
 * its token, opens no browser under BROWSER=none, and stops on Ctrl+C.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../host/bridge-api.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'fieldgate-npm-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start without Electron', () => {
  it('falls back to the browser host, with the sample batch and the embedded sandbox, and stops on Ctrl+C', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, BROWSER: 'none', FIELDGATE_DATA_DIR: join(dir, 'data') };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(process.execPath, [join(root, 'cli', 'bin', 'fieldgate.js'), 'app', '--port', '0'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const look = (): void => {
          const found = /Fieldgate is running at (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)\n/.exec(
            stdout,
          );
          if (found) resolve(found[1]!);
        };
        child.stdout.on('data', look);
        child.on('exit', () => reject(new Error(`exited before printing its address: ${stderr}`)));
      });
      const reasons = stderr.split('\n').filter((l) => l.includes('Electron cannot start'));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toMatch(/serving the app to your browser instead$/);
      expect(stderr).not.toContain('Opened it in your browser');
      expect(stdout).toMatch(/base URL \(v5\)\s+http:\/\/127\.0\.0\.1:\d+/);

      const origin = url.slice(0, url.indexOf('/#'));
      const token = url.slice(url.indexOf('token=') + 'token='.length);
      const page = await fetch(`${origin}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const post = (method: string, headers: Record<string, string>) =>
        fetch(`${origin}/api/call/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{}',
        });
      expect((await post('appInfo', {})).status).toBe(401);
      const info = (await (await post('appInfo', { [TOKEN_HEADER]: token })).json()) as {
        sandbox?: { profileId: string };
      };
      expect(info.sandbox?.profileId).toBe('sandbox');
      const examples = (await (await post('listExamples', { [TOKEN_HEADER]: token })).json()) as {
        examples: unknown[];
      };
      expect(examples.examples.length).toBeGreaterThan(5);

      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stderr).toContain('fieldgate web: stopped');
    } finally {
      clearTimeout(killer);
      child.kill('SIGKILL');
    }
  }, 90_000);
});
