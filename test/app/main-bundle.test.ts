/**
 * The bundled Electron main (dist/app/main.mjs) is also what the embedded sandbox starts as its worker
 * thread for large uploads: there it must run only the worker's code and never load Electron or the app.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoolEnvelope } from '../../core/index.ts';
import { buildDesktop, desktopOutDir, outputIsCurrent } from '../../scripts/build.js';

beforeAll(async () => {
  if (!outputIsCurrent(desktopOutDir)) await buildDesktop({ logLevel: 'silent' });
});

describe('dist/app/main.mjs in a worker thread', () => {
  it('answers a field-upload check without importing electron', async () => {
    const worker = new Worker(join(desktopOutDir, 'main.mjs'), {
      workerData: { role: 'fieldgate-upload-check' },
    });
    try {
      const answer = await new Promise<{ ok: boolean; diagnostics?: { code: string }[] }>(
        (resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          // As the sandbox's kept pool posts it (core/parallel: the request in an envelope).
          worker.postMessage({
            message: { kind: 'field-upload', text: '{"fields": [{"name": 5}]}' },
          } satisfies PoolEnvelope);
        },
      );
      expect(answer.ok).toBe(true);
      expect(answer.diagnostics!.length).toBeGreaterThan(0);
    } finally {
      await worker.terminate();
    }
  });
});
