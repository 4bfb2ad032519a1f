/**
 * A process that checks two field uploads one after the other on the process's kept pool of boundary
 * workers (as a host does), prints what it saw as JSON, and then simply ends: nothing closes the pool.
 */
import { validate, type StreamedFile } from '../../../core/index.ts';
import { benchBoundaries } from '../../../core/geometry/field-upload-bench-data.ts';
import { keptPoolThreads, processBoundaryPool } from '../../../node/worker-threads.ts';

function upload(seed: number): StreamedFile {
  const fields = benchBoundaries('valid', 30, seed, 200).map((boundary, i) => ({
    clientName: 'Kept Farms',
    farmName: 'Farm',
    name: `Field ${i}`,
    boundary,
  }));
  const bytes = new TextEncoder().encode(JSON.stringify({ fields }, null, 1).padEnd(70_000, ' '));
  return {
    name: `upload-${seed}.json`,
    size: bytes.length,
    open: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
  };
}

const now = new Date('2026-11-22T12:00:00.000Z');
// Every file big enough for the workers, read as a stream.
const common = { now, streamAbove: 0, parallelAbove: 0 };
const same: boolean[] = [];
for (const seed of [1, 2]) {
  const pooled = await validate([upload(seed)], { ...common, ...keptPoolThreads(), jobs: 2 });
  const alone = await validate([upload(seed)], { ...common, jobs: 1 });
  same.push(JSON.stringify(pooled) === JSON.stringify(alone));
}
process.stdout.write(`${JSON.stringify({ started: processBoundaryPool().started, same, at: Date.now() })}\n`);
