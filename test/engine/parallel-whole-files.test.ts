/**
 * Boundaries of a field upload read whole (given as bytes, or asked for its records, as the app's renderer
 * asks) checked on worker threads: the same report as on one thread, features, records and the geometry
 * kept for the checks across files included; no worker for a file under the size that pays for them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { validate, type EngineOptions } from '../../core/index.ts';
import { benchBoundaries } from '../../core/geometry/field-upload-bench-data.ts';
import type { WorkerFactory } from '../../core/parallel/worker-pool.ts';
import { boundaryWorkers } from '../../node/worker-threads.ts';

const root = new URL('../../', import.meta.url).pathname;
const now = new Date('2026-11-22T12:00:00.000Z');

/** An upload with problems in many items (self-crossing, star-shaped, wrong acres), and clean ones. */
function troubledUpload(): Uint8Array {
  const boundaries = [
    ...readFileSync(join(root, 'examples/fields/boundaries.wkt'), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== ''),
    ...benchBoundaries('ragged', 30, 3, 60),
    ...benchBoundaries('star', 10, 5, 30),
    ...benchBoundaries('valid', 60, 9, 50),
  ];
  const fields: unknown[] = boundaries.map((boundary, i) => ({
    clientName: 'Whole Farms',
    farmName: `Farm ${i % 5}`,
    name: `Field ${i % 30}`,
    boundary,
    ...(i % 4 === 0 ? { acres: 12.5 } : {}),
  }));
  fields.splice(5, 0, 7, null);
  return new TextEncoder().encode(JSON.stringify({ fields }, null, 2));
}

/** Workers that count how many started and the batches they answered. */
function counted(start: WorkerFactory): { factory: WorkerFactory; started: number; answered: number } {
  const out = {
    started: 0,
    answered: 0,
    factory: (): ReturnType<WorkerFactory> => {
      out.started++;
      const worker = start();
      return {
        post: (message, transfer) => worker.post(message, transfer),
        listen: (onReply, onFailure) =>
          worker.listen((reply) => {
            out.answered++;
            onReply(reply);
          }, onFailure),
        terminate: () => worker.terminate(),
      };
    },
  };
  return out;
}

async function reportWith(bytes: Uint8Array, options: EngineOptions): Promise<string> {
  const report = await validate([{ name: 'whole.json', bytes }], {
    now,
    records: true,
    batchGeometry: true,
    ...options,
  });
  return JSON.stringify(report);
}

describe('a field upload read whole, on worker threads', () => {
  const bytes = troubledUpload();

  it('gives the report one thread gives: diagnostics, features, records and batch geometry', async () => {
    const one = await reportWith(bytes, { jobs: 1 });
    const parsed = JSON.parse(one) as {
      files: Array<{
        diagnostics: unknown[];
        features: unknown[];
        records: unknown[];
        batchGeometry: unknown;
      }>;
    };
    const file = parsed.files[0]!;
    expect(file.diagnostics.length).toBeGreaterThan(40);
    expect(file.features.length).toBeGreaterThan(100);
    expect(file.records.length).toBeGreaterThan(100);
    expect(file.batchGeometry).toBeDefined();
    for (const jobs of [2, 3]) {
      const workers = counted(boundaryWorkers());
      const many = await reportWith(bytes, { jobs, startWorker: workers.factory, parallelAbove: 0 });
      expect(workers.started).toBe(jobs - 1);
      expect(workers.answered).toBeGreaterThan(0);
      expect(many).toBe(one);
    }
  });

  it('without shared memory (a page not cross-origin isolated, as the app is) too', async () => {
    const one = await reportWith(bytes, { jobs: 1 });
    vi.stubGlobal('SharedArrayBuffer', undefined);
    try {
      const workers = counted(boundaryWorkers());
      const many = await reportWith(bytes, { jobs: 2, startWorker: workers.factory, parallelAbove: 0 });
      // The pool counts a worker's batches by its answers then (how many it gets depends on its speed).
      expect(workers.answered).toBeGreaterThan(0);
      expect(many).toBe(one);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts no worker for a file under parallelAbove', async () => {
    const workers = counted(boundaryWorkers());
    await reportWith(bytes, { jobs: 2, startWorker: workers.factory, parallelAbove: bytes.length + 1 });
    expect(workers.started).toBe(0);
  });
});
