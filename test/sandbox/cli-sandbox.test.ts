/** `fieldgate sandbox`: starts the sandbox, prints its base URLs and demo data, stops on request. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/command.ts';
import { createSandboxCommand } from '../../cli/commands/sandbox.ts';
import type { RunningSandbox } from '../../sandbox/index.ts';
import { http } from './http.ts';
import { captureIo } from '../support/cli-io.ts';

const KEYS = [
  'authUrl',
  'baseUrl',
  'legacyBaseUrl',
  'clientId',
  'clientSecret',
  'apiKey',
  'sharingKeys',
  'experimentProtocolIds',
  'experimentEnrollmentIds',
  'locationIds',
  'temporalIds',
  'userNames',
];

describe('fieldgate sandbox', () => {
  it('--json prints exactly one JSON line first, with the keys scripts use, and serves until stopped', async () => {
    const io = captureIo();
    let seen: RunningSandbox | undefined;
    const command = createSandboxCommand({
      async waitForStop(sandbox) {
        seen = sandbox;
        const first = io.out.join('').split('\n')[0] ?? '';
        const demo = JSON.parse(first) as Record<string, unknown>;
        expect(Object.keys(demo)).toEqual(KEYS);
        expect(demo.authUrl).toBe(sandbox.urls.authUrl);
        const res = await http(`${String(demo.authUrl)}/api/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=client_credentials&client_id=${String(demo.clientId)}&client_secret=${String(demo.clientSecret)}`,
        });
        expect(res.status).toBe(200);
      },
    });
    expect(
      await command.run(['--port', '0', '--json', '--seed', '7', '--faults', 'latency-ms=0-1'], io),
    ).toBe(0);
    expect(io.out.join('').trim().split('\n')).toHaveLength(1);
    expect(io.err.join('')).toContain('legacy base URL');
    expect(seen?.seed.seed).toBe(7);
    await expect(http(`${seen?.urls.sandboxUrl ?? ''}/seed`)).rejects.toThrow();
  });

  it('prints the three base URLs and the demo data for people', async () => {
    const io = captureIo();
    const command = createSandboxCommand({ waitForStop: () => Promise.resolve() });
    expect(await command.run(['--port', '0', '--strict-ids'], io)).toBe(0);
    const text = io.out.join('');
    for (const label of [
      'auth URL',
      'base URL (v5)',
      'legacy base URL',
      'client secret',
      'Sharing keys',
      'Growing season 2025',
      'grower.demo@example.com',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/api\/partnerapis/);
  });

  it('refuses bad options as usage errors', async () => {
    const command = createSandboxCommand({ waitForStop: () => Promise.resolve() });
    await expect(command.run(['--faults', 'error-rate=7'], captureIo())).rejects.toThrow(UsageError);
    await expect(command.run(['--port', 'http'], captureIo())).rejects.toThrow(UsageError);
  });
});
