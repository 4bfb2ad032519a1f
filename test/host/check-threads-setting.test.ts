/**
 * The threads that check big files, a setting of the app: saved, kept over a restart (the settings file),
 * refused at the host edge when not a count of threads, and absent (automatic) unless chosen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, handleCall, type Handlers } from '../../host/handlers.ts';
import { memorySecretBox } from '../../host/secret-box.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-threads-setting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function handlers(): Handlers {
  return createHandlers({
    host: 'test',
    version: 'test',
    examplesDir: join(dir, 'examples'),
    dataDir: join(dir, 'data'),
    secrets: memorySecretBox(),
    emit: () => undefined,
    openExternal: async () => true,
  });
}

const general = { theme: 'system', concurrency: 2, ratePerSecond: 5, tileUrl: '' };

describe('the checkThreads setting', () => {
  it('is absent until chosen, then saved and kept over a restart', async () => {
    const first = handlers();
    expect((await handleCall(first, 'getSettings', {})).body).not.toHaveProperty('checkThreads');
    const saved = await handleCall(first, 'saveSettings', { ...general, checkThreads: 3 });
    expect(saved.status).toBe(200);
    expect((await handleCall(handlers(), 'getSettings', {})).body).toMatchObject({ checkThreads: 3 });
  });

  it.each([0, 2.5, 65, '2'])('refuses %j', async (checkThreads) => {
    const answer = await handleCall(handlers(), 'saveSettings', { ...general, checkThreads });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('checkThreads');
  });
});
