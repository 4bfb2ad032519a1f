/**
 * The embedded sandbox (`--profile sandbox`) keeps its state in a file that must hold every change it has
 * answered for: a kill -9 right after an answer must not lose the record. In durable mode the state file
 * already holds a created enrollment when the client receives the 201; in the default mode it is written
 * in the background (soon after), which is enough for `fieldgate sandbox --data` in tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { readSavedState } from '../../sandbox/persistence.ts';
import { sandboxClient } from './batch-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The ids in the state file with its changes, as a sandbox started now would read them. */
function storedIds(file: string): Set<string> {
  return new Set(readSavedState(file)?.enrollments.map((e) => e.record.id));
}

/** Create enrollments 8 at a time; for each answer, whether the state file held its record at that moment. */
async function createAndCheck(sandbox: RunningSandbox, file: string, count: number): Promise<number> {
  const client = sandboxClient(sandbox);
  let missing = 0;
  const one = async (): Promise<void> => {
    const created = await client.createEnrollment({
      type: 'program',
      body: {
        experimentProtocolId: sandbox.demo.experimentProtocolIds[0]!,
        temporalEntity: {
          dimensionality: 'INDIVIDUAL',
          id: crypto.randomUUID(),
          temporalPeriodTypeName: 'GrowingSeason',
        },
      },
    });
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value.id : undefined;
    // Read synchronously, before anything else in this process runs: what a kill -9 now would leave.
    if (id === undefined || !storedIds(file).has(id)) missing++;
  };
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: 8 }, one));
  return missing;
}

describe('embedded sandbox state file', () => {
  it('durable: holds every created record by the time its answer arrives', async () => {
    const file = join(dir, 'durable.json');
    const sandbox = await startSandbox({ dataFile: file, durable: true });
    try {
      expect(await createAndCheck(sandbox, file, 64)).toBe(0);
    } finally {
      await sandbox.close();
    }
    expect(storedIds(file).size).toBe(64 + 2);
  });

  it('`--profile sandbox` starts its sandbox in durable mode', async () => {
    const { openConnection } = await import('../../cli/commands/profile.ts');
    const env = { XDG_DATA_HOME: join(dir, 'data'), HOME: dir };
    const io = {
      stdout: () => undefined,
      stderr: () => undefined,
      readStdin: async () => new Uint8Array(),
      cwd: dir,
      env,
      isTTY: false,
      now: () => new Date(),
    };
    const connection = await openConnection('sandbox', io);
    const file = join(dir, 'data', 'fieldgate', 'sandbox', 'state.json');
    try {
      const client = sandboxClient({
        urls: {
          authUrl: connection.profile.authUrl,
          baseUrl: connection.profile.baseUrl,
          legacyBaseUrl: connection.profile.legacyBaseUrl,
        },
        demo: {
          clientId: connection.profile.clientId,
          clientSecret: connection.profile.clientSecret,
          apiKey: connection.profile.apiKey,
        },
      } as unknown as RunningSandbox);
      // The seeded enrollment by program names a protocol the sandbox knows.
      const seeded = readSavedState(file);
      const protocol = seeded?.enrollments.find((e) => e.type === 'program')?.record.experimentProtocolId;
      expect(typeof protocol).toBe('string');
      let missing = 0;
      for (let i = 0; i < 16; i++) {
        const created = await client.createEnrollment({
          type: 'program',
          body: {
            experimentProtocolId: protocol as string,
            temporalEntity: {
              dimensionality: 'INDIVIDUAL',
              id: crypto.randomUUID(),
              temporalPeriodTypeName: 'GrowingSeason',
            },
          },
        });
        const id = created.ok ? created.value.id : undefined;
        if (id === undefined || !storedIds(file).has(id)) missing++;
      }
      expect(missing).toBe(0);
      // A second embedded sandbox on the same state file would overwrite this one's changes: refused.
      await expect(openConnection('sandbox', io)).rejects.toThrow(
        `is in use by another command with --profile sandbox (process ${process.pid})`,
      );
    } finally {
      await connection.close();
    }
    // Closed, it lets go: the next command starts its sandbox from the same file.
    const next = await openConnection('sandbox', io);
    await next.close();
  });
});
