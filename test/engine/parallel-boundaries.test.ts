/**
 * Boundaries checked on worker threads (core/parallel): a streamed field upload gives the same report,
 * byte for byte (order, ids, lines and columns, fixes), with 1, 2 and 4 threads, and when a worker fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate, type EngineOptions, type StreamedFile } from '../../core/index.ts';
import { benchBoundaries } from '../../core/geometry/field-upload-bench-data.ts';
import type { PoolWorker, WorkerFactory } from '../../core/parallel/worker-pool.ts';
import { boundaryWorkers } from '../../node/worker-threads.ts';

const root = new URL('../../', import.meta.url).pathname;
const now = new Date('2026-11-22T12:00:00.000Z');

/** A file streamed in small chunks, so the reader's window (and its line starts) moves on many times. */
function streamed(name: string, bytes: Uint8Array, chunk = 4096): StreamedFile {
  return {
    name,
    size: bytes.length,
    open(): ReadableStream<Uint8Array> {
      let at = 0;
      return new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (at >= bytes.length) return controller.close();
            controller.enqueue(bytes.slice(at, Math.min(bytes.length, at + chunk)));
            at += chunk;
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
}

/** The .wkt files of the fixtures and examples (fixed copies left out). */
function wktFiles(): string[] {
  const out: string[] = [join(root, 'examples/fields/boundaries.wkt')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.wkt') && !entry.name.includes('.fixed.')) out.push(path);
    }
  };
  walk(join(root, 'core/boundary/fixtures'));
  return out;
}

/** Every boundary of those files, one a line. */
function fixtureBoundaries(): string[] {
  return wktFiles().flatMap((path) =>
    readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== ''),
  );
}

/** Boundaries with problems of every sort, and clean ones. */
function troubledBoundaries(): string[] {
  return [
    ...fixtureBoundaries(),
    ...benchBoundaries('ragged', 40, 3, 60),
    ...benchBoundaries('star', 10, 5, 30),
    ...benchBoundaries('valid', 40, 9, 50),
  ];
}

/**
 * An upload with problems in many items: self-crossing outlines (fixes shared across diagnostics), star
 * polygons, the fixtures' projected, swapped, out-of-range and in-sea boundaries, stated acres that are
 * wrong, names repeated, boundaries written with escapes (offsets map through them), items that are not
 * objects; pretty-printed, so ranges span many lines.
 */
function troubledUpload(): string {
  const boundaries = troubledBoundaries();
  const fields: unknown[] = boundaries.map((boundary, i) => {
    const field: Record<string, unknown> = {
      clientName: 'Parallel Farms',
      farmName: `Farm ${i % 7}`,
      name: `Field ${i % 40}`,
      boundary,
    };
    if (i % 5 === 0) field.acres = 12.5;
    if (i % 11 === 0) field.acres = '40';
    return field;
  });
  fields.splice(7, 0, 42, null);
  fields.splice(30, 0, { clientName: 'Parallel Farms', farmName: 'Farm 1', name: 'No boundary' });
  let text = JSON.stringify({ fields }, null, 2);
  // Escapes inside some boundaries: "\u0020" for a space, "\/" nowhere needed but legal.
  let n = 0;
  text = text.replace(/"boundary": "POLYGON \(\(/g, (m) =>
    n++ % 3 === 0 ? '"boundary": "POLYGON\\u0020((' : m,
  );
  return text;
}

/** Workers that count the batches they answered (so a test knows the workers did check). */
const factoryCounting =
  (start: WorkerFactory, answered: { count: number }): WorkerFactory =>
  () => {
    const worker = start();
    return {
      post: (message, transfer) => worker.post(message, transfer),
      listen: (onReply, onFailure) =>
        worker.listen((reply) => {
          answered.count++;
          onReply(reply);
        }, onFailure),
      terminate: () => worker.terminate(),
    };
  };

/** Past the 64 KB the engine reads to detect a kind (a file that fits is read whole, not streamed). */
function padded(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 70_000).fill(10);
  out.set(bytes);
  return out;
}

async function reportWith(name: string, bytes: Uint8Array, options: EngineOptions): Promise<string> {
  const report = await validate([streamed(name, padded(bytes))], {
    now,
    streamAbove: 0,
    parallelAbove: 0,
    ...options,
  });
  return JSON.stringify(report);
}

describe('boundaries checked on worker threads', () => {
  const inputs: Array<[string, Uint8Array]> = [
    ...['examples/fields/fields-with-problems.json', 'core/boundary/fixtures/fixes/geometry-fixes.json'].map(
      (path): [string, Uint8Array] => [path, readFileSync(join(root, path))],
    ),
    ['troubled.json', new TextEncoder().encode(troubledUpload())],
    ...wktFiles().map((path): [string, Uint8Array] => [path.slice(root.length), readFileSync(path)]),
    // The same boundaries one a line, with CRLF breaks and blank lines between some.
    [
      'troubled.wkt',
      new TextEncoder().encode(
        troubledBoundaries()
          .map((b, i) => (i % 9 === 0 ? `${b}\r\n\r\n` : `${b}\r\n`))
          .join(''),
      ),
    ],
  ];

  it.each(inputs)('%s: the same report with 1, 2 and 4 threads', async (name, bytes) => {
    const one = await reportWith(name, bytes, { jobs: 1 });
    const oneStatement =
      name.endsWith('.wkt') &&
      new TextDecoder()
        .decode(bytes)
        .split('\n')
        .filter((l) => l.trim() !== '').length < 2;
    const parsed = JSON.parse(one) as { diagnostics: Array<{ location: { row?: number } }> };
    for (const jobs of [2, 4]) {
      const answered = { count: 0 };
      const many = await reportWith(name, bytes, {
        jobs,
        startWorker: factoryCounting(boundaryWorkers(), answered),
      });
      // Workers answered (a .wkt file of one boundary is read whole, on one thread).
      if (!oneStatement) expect(answered.count).toBeGreaterThan(0);
      expect(many).toBe(one);
    }
    if (name.startsWith('troubled')) {
      // Problems in many items, so an item out of order or a range from another item would show.
      const rows = new Set(parsed.diagnostics.map((d) => d.location.row));
      expect(parsed.diagnostics.length).toBeGreaterThan(150);
      expect(rows.size).toBeGreaterThan(50);
    }
  });

  it('a worker that fails: its boundaries are checked on this thread, the report unchanged', async () => {
    const [name, bytes] = inputs.find(([n]) => n === 'troubled.json')!;
    const one = await reportWith(name, bytes, { jobs: 1 });
    const failing: WorkerFactory = (): PoolWorker => {
      let fail: ((error: Error) => void) | undefined;
      return {
        post: () => queueMicrotask(() => fail?.(new Error('worker failed'))),
        listen: (_onReply, onFailure) => (fail = onFailure),
        terminate: () => undefined,
      };
    };
    expect(await reportWith(name, bytes, { jobs: 3, startWorker: failing })).toBe(one);
  });
});
