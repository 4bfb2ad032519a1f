/**
 * What a person meets at the edges of `fieldgate submit`: the results CSV of a Windows-1252 `;` batch opens in
 * the Excel the batch came from (same encoding, same delimiter); a server that cannot be reached is named at
 * once with its cause and the batch stops resumable, not after a minute of retries.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitCommand } from '../../cli/commands/submit.ts';
import { decodeWindows1252, encodeWindows1252 } from '../../core/index.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { captureIo, homeEnv, serviceEnv, type ServiceUrls } from '../support/cli-io.ts';

let dir: string;
let sandbox: RunningSandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldgate-submit-edges-'));
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function io(urls: ServiceUrls) {
  return captureIo({ cwd: dir, env: { ...homeEnv(dir), ...serviceEnv(urls, sandbox.demo) } });
}

const ring = (x: number) =>
  `"POLYGON ((${x} 51.1, ${x + 0.01} 51.1, ${x + 0.01} 51.11, ${x} 51.11, ${x} 51.1))"`;

describe('the results CSV', () => {
  it('of a Windows-1252 ;-separated batch is Windows-1252 with ;, its names as written', async () => {
    const user = sandbox.demo.userNames[0]!;
    writeFileSync(
      join(dir, 'felder.csv'),
      encodeWindows1252(
        [
          'clientName;farmName;name;boundary;acres;userName',
          `Müller Farms;Hof Süd;O’Brien Nord;${ring(7.1)};114,5;${user}`,
          `Müller Farms;Hof Süd;Ost 40;${ring(7.2)};lots;${user}`,
        ].join('\r\n'),
      )!,
    );
    const run = io(sandbox.urls);
    const code = await submitCommand.run(
      ['felder.csv', '--profile', 'env', '--journal', join(dir, 'felder.jsonl')],
      run,
    );
    expect(code, run.text()).toBe(1);
    const bytes = new Uint8Array(readFileSync(join(dir, 'felder.results.csv')));
    // No byte order mark (Windows-1252 has none), and every byte a Windows-1252 character of the text.
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const text = decodeWindows1252(bytes);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'file;row;clientName;farmName;name;boundary;acres;userName;id;outcome;http status;error code;request id;message;anomalies;notices',
    );
    expect(lines[1]).toMatch(/^felder\.csv;1;Müller Farms;Hof Süd;O’Brien Nord;POLYGON \(\(.*\)\);114,5;/);
    expect(lines[1]).toContain(';uploaded;200;');
    expect(lines[2]).toContain(';skipped for errors;');
    // The 5 × 0.17-acre field said 114,5 with a decimal comma: sent as 114.5.
    const inbox = [...sandbox.service.state.inbox.values()].flatMap((i) => i.fields ?? []);
    expect(inbox.find((f) => f.name === 'O’Brien Nord')).toMatchObject({ clientName: 'Müller Farms' });
  });
});

describe('a server that cannot be reached', () => {
  it('is named at once with its cause; the batch stops resumable (exit 3), not after a minute', async () => {
    writeFileSync(
      join(dir, 'one.json'),
      JSON.stringify({
        method: 'POST',
        path: '/v5/enrollments',
        headers: { 'x-enrollment-type': 'program' },
        body: {
          experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
          temporalEntity: {
            dimensionality: 'INDIVIDUAL',
            id: crypto.randomUUID(),
            temporalPeriodTypeName: 'GrowingSeason',
          },
        },
      }),
    );
    // A port nothing listens on (taken, then let go), and port 1, which fetch will not even try.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    for (const [closed, cause] of [
      [`http://127.0.0.1:${port}`, 'connection refused'],
      ['http://127.0.0.1:1', 'fetch refuses to connect to this port'],
    ] as const) {
      const run = io({ authUrl: closed, baseUrl: closed, legacyBaseUrl: `${closed}/api/partnerapis` });
      const started = Date.now();
      const journal = join(dir, `closed-${cause.length}.jsonl`);
      const code = await submitCommand.run(['one.json', '--profile', 'env', '--journal', journal], run);
      expect(code, run.text()).toBe(3);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(run.text()).toContain(`cannot connect to ${new URL(closed).host}: ${cause}`);
      expect(run.text()).not.toContain('kept refusing');
      expect(run.text()).toContain('resume with: fieldgate resume');
    }
  });
});
