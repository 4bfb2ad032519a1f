/**
 * Boundaries of a field upload or a .wkt file read whole (given as bytes, or asked for its records, as the
 * app's renderer asks) checked on worker threads: the same report as on one thread, features, records and
 * the geometry kept for the checks across files included; no worker for a file under the size that pays.
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

/** Boundaries with problems (self-crossing, star-shaped) and clean ones. */
function troubledBoundaries(): string[] {
  return [
    ...readFileSync(join(root, 'examples/fields/boundaries.wkt'), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== ''),
    ...benchBoundaries('ragged', 30, 3, 60),
    ...benchBoundaries('star', 10, 5, 30),
    ...benchBoundaries('valid', 60, 9, 50),
  ];
}

/** An upload with problems in many items (and wrong acres, items that are not objects), pretty-printed. */
function troubledUpload(): Uint8Array {
  const fields: unknown[] = troubledBoundaries().map((boundary, i) => ({
    clientName: 'Whole Farms',
    farmName: `Farm ${i % 5}`,
    name: `Field ${i % 30}`,
    boundary,
    ...(i % 4 === 0 ? { acres: 12.5 } : {}),
  }));
  fields.splice(5, 0, 7, null);
  return new TextEncoder().encode(JSON.stringify({ fields }, null, 2));
}

/** The same boundaries one a line, with CRLF breaks and blank lines between some. */
function troubledWkt(): Uint8Array {
  const lines = troubledBoundaries().map((b, i) => (i % 9 === 0 ? `${b}\r\n\r\n` : `${b}\r\n`));
  return new TextEncoder().encode(lines.join(''));
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

async function reportWith(name: string, bytes: Uint8Array, options: EngineOptions): Promise<string> {
  const report = await validate([{ name, bytes }], {
    now,
    records: true,
    batchGeometry: true,
    ...options,
  });
  return JSON.stringify(report);
}

describe('a file read whole, its boundaries on worker threads', () => {
  const inputs: Array<[string, Uint8Array]> = [
    ['whole.json', troubledUpload()],
    ['whole.wkt', troubledWkt()],
  ];

  it.each(inputs)(
    '%s: the report one thread gives, features and batch geometry included',
    async (name, bytes) => {
      const one = await reportWith(name, bytes, { jobs: 1 });
      const parsed = JSON.parse(one) as {
        files: Array<{
          diagnostics: unknown[];
          features: unknown[];
          records?: unknown[];
          batchGeometry: unknown;
        }>;
      };
      const file = parsed.files[0]!;
      expect(file.diagnostics.length).toBeGreaterThan(40);
      expect(file.features.length).toBeGreaterThan(100);
      if (name.endsWith('.json')) expect(file.records?.length).toBeGreaterThan(100);
      expect(file.batchGeometry).toBeDefined();
      for (const jobs of [2, 3]) {
        const workers = counted(boundaryWorkers());
        const many = await reportWith(name, bytes, { jobs, startWorker: workers.factory, parallelAbove: 0 });
        expect(workers.started).toBe(jobs - 1);
        expect(workers.answered).toBeGreaterThan(0);
        expect(many).toBe(one);
      }
    },
  );

  it.each(inputs)(
    '%s: without shared memory (a page not cross-origin isolated, as the app is) too',
    async (name, bytes) => {
      const one = await reportWith(name, bytes, { jobs: 1 });
      vi.stubGlobal('SharedArrayBuffer', undefined);
      try {
        const workers = counted(boundaryWorkers());
        const many = await reportWith(name, bytes, {
          jobs: 2,
          startWorker: workers.factory,
          parallelAbove: 0,
        });
        // The pool counts a worker's batches by its answers then (how many it gets depends on its speed).
        expect(workers.answered).toBeGreaterThan(0);
        expect(many).toBe(one);
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );

  it.each(inputs)('%s: no worker starts for a file under parallelAbove', async (name, bytes) => {
    const workers = counted(boundaryWorkers());
    await reportWith(name, bytes, { jobs: 2, startWorker: workers.factory, parallelAbove: bytes.length + 1 });
    expect(workers.started).toBe(0);
  });
});
