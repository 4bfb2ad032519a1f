/**
 * Boundaries checked on worker threads (core/parallel): a streamed field upload, .wkt file and field CSV
 * batch give the same report, byte for byte (order, ids, lines and columns, fixes, features), with 1, 2
 * and 4 threads, and when a worker fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEngine, validate, type EngineOptions, type StreamedFile } from '../../core/index.ts';
import { benchBoundaries } from '../../core/geometry/field-upload-bench-data.ts';
import { LongLivedPool } from '../../core/parallel/long-lived-pool.ts';
import type { PoolWorker, WorkerFactory } from '../../core/parallel/worker-pool.ts';
import { startPoolWorker } from '../../node/pool-worker.ts';
import { boundaryWorkers as sourceBoundaryWorkers } from '../../node/worker-threads.ts';
import { buildShapefile, type Ring } from '../rx/build-shapefile.ts';
import { rxZip } from '../rx/build-zip.ts';
import { currentBundledWorker } from '../support/built-workers.ts';
import { corpusPath, needsShared, sharedPath } from '../support/corpus.ts';

const root = new URL('../../', import.meta.url).pathname;

/**
 * Each comparison starts its workers (about 170 here): the bundled ones when current (test/support), with
 * the limits node/worker-threads.ts gives them (they do not change a report), else from the sources.
 */
const bundledBoundaryWorker = currentBundledWorker('boundary-worker');
const boundaryWorkers = (): WorkerFactory =>
  bundledBoundaryWorker
    ? () =>
        startPoolWorker(bundledBoundaryWorker, 'a boundary worker', {
          resourceLimits: { maxYoungGenerationSizeMb: 8 },
          holds: true,
        })
    : sourceBoundaryWorkers();
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

/**
 * A field CSV batch with problems in many rows: the troubled boundaries (some over two lines of a quoted
 * cell, one with a doubled quote before its fault), acres stated wrong or that read two ways in a
 * semicolon file (the acreage fix writes a decimal comma), names repeated, fields of one farm
 * overlapping, a row with a cell too few; CRLF breaks.
 */
function troubledCsv(): string {
  const rows = troubledBoundaries().map((boundary, i) => {
    let wkt = boundary;
    if (i % 13 === 4) wkt = wkt.replace(', ', ',\r\n  ');
    if (i === 10) wkt = wkt.replace('((', '(("x"" ');
    const acres = i % 5 === 0 ? '12,5' : i % 7 === 0 ? '1.234' : i % 11 === 0 ? 'forty' : '';
    const cells = [
      'Parallel Farms',
      `Farm ${i % 3}`,
      `Field ${i % 40}`,
      `"${wkt.replaceAll('"', '""')}"`,
      acres,
    ];
    return (i % 17 === 3 ? cells.slice(0, 4) : cells).join(';');
  });
  // Two fields of one farm that overlap.
  rows.push(
    'Parallel Farms;Farm 9;Overlap A;"POLYGON ((-93 42, -92.99 42, -92.99 42.01, -93 42.01, -93 42))";',
  );
  rows.push(
    'Parallel Farms;Farm 9;Overlap B;"POLYGON ((-92.995 42, -92.98 42, -92.98 42.01, -92.995 42.01, -92.995 42))";',
  );
  return `clientName;farmName;name;boundary;acres\r\n${rows.join('\r\n')}\r\n`;
}

/** The ETRS89 / UTM zone 33N .prj (zones placed by reprojecting each point). */
const UTM33 =
  'PROJCS["ETRS_1989_UTM_Zone_33N",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/**
 * A prescription of many zones with problems in many of them (several batches of zones): outlines of 150
 * points that cross themselves, repeat a point, carry a hole outside the shell or a spike; zones that
 * overlap; an empty zone; rates missing or not numbers. In metres (UTM 33N) when `projected`, so each
 * issue's point is reprojected, else in degrees.
 */
function troubledRx(projected: boolean): Uint8Array {
  const records: (Ring[] | null)[] = [];
  const rows: (string | number | null)[][] = [];
  const [x0, y0, unit] = projected ? [400_000, 6_100_000, 20] : [13.2, 55.3, 0.0003];
  for (let i = 0; i < 60; i++) {
    const cx = x0 + (i % 10) * 9 * unit;
    const cy = y0 + Math.floor(i / 10) * 9 * unit;
    const ring: number[] = [];
    for (let k = 0; k < 150; k++) {
      // Clockwise, as shapefile shells run.
      const a = (-k / 150) * 2 * Math.PI;
      const r = unit * 4 * (1 + 0.1 * Math.sin(7 * a + i));
      ring.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    if (i % 3 === 0) [ring[20], ring[21], ring[40], ring[41]] = [ring[40]!, ring[41]!, ring[20]!, ring[21]!];
    if (i % 5 === 1) ring.splice(60, 0, ring[58]!, ring[59]!);
    if (i % 11 === 2) ring.splice(90, 0, cx + unit * 30, cy);
    ring.push(ring[0]!, ring[1]!);
    const parts: Ring[] = [ring];
    if (i % 7 === 3)
      parts.push([cx + unit * 40, cy, cx + unit * 41, cy, cx + unit * 41, cy + unit, cx + unit * 40, cy]);
    if (i % 13 === 5) {
      // Overlapping the next zone.
      parts[0] = ring.map((v, k) => (k % 2 === 0 ? v + unit * 5 : v));
    }
    records.push(i === 17 ? null : parts);
    rows.push([i % 4 === 0 ? null : i % 9 === 0 ? 'lots' : 100 + i]);
  }
  const files = buildShapefile({ records, fields: [{ name: 'RATE', type: 'C', length: 10 }], rows });
  return rxZip({ files, prj: projected ? UTM33 : undefined });
}

async function reportWith(name: string, bytes: Uint8Array, options: EngineOptions): Promise<string> {
  // A ZIP is read whole (kept as it is: its directory is at its end).
  const given = name.endsWith('.zip') ? bytes : padded(bytes);
  const report = await validate([streamed(name, given)], {
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
    [
      'examples/csv/fields-with-problems.csv',
      readFileSync(join(root, 'examples/csv/fields-with-problems.csv')),
    ],
    ['troubled.csv', new TextEncoder().encode(troubledCsv())],
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

  /** The report of one file with 1 thread, then the same with 2 and 4 (workers answered). */
  async function sameWithThreads(
    name: string,
    bytes: Uint8Array,
    options: EngineOptions = {},
  ): Promise<string> {
    const one = await reportWith(name, bytes, { ...options, jobs: 1 });
    for (const jobs of [2, 4]) {
      const answered = { count: 0 };
      const many = await reportWith(name, bytes, {
        ...options,
        jobs,
        startWorker: factoryCounting(boundaryWorkers(), answered),
      });
      expect(answered.count).toBeGreaterThan(0);
      expect(many).toBe(one);
    }
    return one;
  }

  it('troubled.csv handed over as found (as the command line runs): the same diagnostics and report with 1 and 2 threads', async () => {
    const bytes = padded(inputs.find(([n]) => n === 'troubled.csv')![1]);
    // The diagnostics in the order handed over (how they are grouped into events may differ), then the report.
    const handedOver = async (options: EngineOptions): Promise<string[]> => {
      const out: string[] = [];
      const run = runEngine([streamed('troubled.csv', bytes)], {
        now,
        streamAbove: 0,
        parallelAbove: 0,
        keepDiagnostics: false,
        ...options,
      });
      for await (const event of run) {
        if (event.type === 'diagnostics') for (const d of event.diagnostics) out.push(JSON.stringify(d));
        if (event.type === 'report') out.push(JSON.stringify(event.report));
      }
      return out;
    };
    const one = await handedOver({ jobs: 1 });
    const answered = { count: 0 };
    const two = await handedOver({ jobs: 2, startWorker: factoryCounting(boundaryWorkers(), answered) });
    expect(answered.count).toBeGreaterThan(0);
    expect(one.length).toBeGreaterThan(150);
    expect(two).toEqual(one);
  });

  it('files checked one run after another on a kept pool (a host) use the same workers, started once', async () => {
    let started = 0;
    const answered = { count: 0 };
    const counting: WorkerFactory = () => {
      started++;
      return factoryCounting(boundaryWorkers(), answered)();
    };
    const kept = new LongLivedPool(counting);
    try {
      for (const name of ['troubled.json', 'troubled.csv', 'troubled.wkt']) {
        const bytes = inputs.find(([n]) => n === name)![1];
        const before = answered.count;
        const pooled = await reportWith(name, bytes, { jobs: 3, workerPool: kept });
        expect(answered.count).toBeGreaterThan(before);
        expect(pooled).toBe(await reportWith(name, bytes, { jobs: 1 }));
      }
      expect(started).toBe(2);
      expect(kept.started).toBe(2);
    } finally {
      kept.close();
    }
  });

  it('--jobs 1 starts no worker, whatever the size', async () => {
    let started = 0;
    const counting: WorkerFactory = () => {
      started++;
      return boundaryWorkers()();
    };
    await reportWith('troubled.csv', inputs.find(([n]) => n === 'troubled.csv')![1], {
      jobs: 1,
      startWorker: counting,
    });
    await reportWith('troubled-utm.zip', troubledRx(true), { jobs: 1, startWorker: counting });
    expect(started).toBe(0);
  });

  it('a CSV batch of enrollments (no boundaries) starts no worker', async () => {
    let started = 0;
    const counting: WorkerFactory = () => {
      started++;
      return boundaryWorkers()();
    };
    const rows = Array.from(
      { length: 50 },
      (_, i) =>
        `"{3f2504e0-4f89-41d3-9a0c-0305e82c33${String(i).padStart(2, '0')}}",INDIVIDUAL,season-${i},GrowingSeason`,
    );
    const text = `experimentProtocolId,dimensionality,temporalEntityId,temporalPeriodTypeName\n${rows.join('\n')}\n`;
    const report = await reportWith('enrollments.csv', new TextEncoder().encode(text), {
      jobs: 2,
      startWorker: counting,
    });
    expect((JSON.parse(report) as { files: Array<{ kind: string }> }).files[0]?.kind).toBe(
      'csv-enrollments-by-program',
    );
    expect(started).toBe(0);
  });

  const usCsbMapping = readFileSync(corpusPath('derived/us_csb_2024_mapping.json'), 'utf8');
  const se2023Mapping = JSON.stringify({
    kind: 'csv-fields',
    columns: { name: 'blockid', boundary: 'WKT', acres: 'faststalld' },
    values: { clientName: 'Skåne', farmName: 'Trelleborg' },
  });
  it.each([
    ['derived/us_csb_2024_sample_wgs84.csv', usCsbMapping],
    ['derived/se2023_wgs84.csv', se2023Mapping],
    ['derived/batches/rx-moved/mistake/fields.csv', undefined],
    ['derived/batches/swapped-axes/mistake/fields.csv', undefined],
    ['derived/batches/duplicate-field/mistake/fields.csv', undefined],
  ])('corpus CSV batch %s: the same report with 1, 2 and 4 threads', async (path, mapping) => {
    const settings = mapping === undefined ? {} : { settings: { mapping } };
    const one = await sameWithThreads(path, readFileSync(corpusPath(path)), settings);
    expect((JSON.parse(one) as { files: Array<{ kind: string }> }).files[0]?.kind).toBe('csv-fields');
  });

  const zips: Array<[string, () => Uint8Array]> = [
    ...['examples/rx/two-zone-rx.zip', 'examples/rx/zones-in-folder-no-prj.zip'].map(
      (path): [string, () => Uint8Array] => [path, () => readFileSync(join(root, path))],
    ),
    ...['derived/isoxml_test_rx.zip', 'derived/batches/rx-moved/mistake/rx.zip'].map(
      (path): [string, () => Uint8Array] => [path, () => readFileSync(corpusPath(path))],
    ),
    ['troubled-degrees.zip', () => troubledRx(false)],
    ['troubled-utm.zip', () => troubledRx(true)],
  ];
  it.each(zips)('prescription %s: the same report with 1, 2 and 4 threads', async (name, bytes) => {
    const one = await sameWithThreads(name, bytes());
    if (name.startsWith('troubled')) {
      // Validity problems in many zones, so a zone out of order or another zone's issue would show.
      const parsed = JSON.parse(one) as {
        diagnostics: Array<{ group: string; location: { record?: number } }>;
      };
      const validity = parsed.diagnostics.filter((d) => d.group === 'ogc-validity');
      expect(new Set(validity.map((d) => d.location.record)).size).toBeGreaterThan(25);
    }
  });

  const tdZip = needsShared('corpus/derived/ofpetrial_td.zip');
  it.skipIf(tdZip.missing)(
    tdZip.title('prescription ofpetrial_td.zip (609 zones): the same report with 1, 2 and 4 threads'),
    async () => {
      await sameWithThreads('td.zip', readFileSync(sharedPath('corpus/derived/ofpetrial_td.zip')));
    },
  );

  it.each([
    ['troubled.json', () => inputs.find(([n]) => n === 'troubled.json')![1]],
    ['troubled.csv', () => inputs.find(([n]) => n === 'troubled.csv')![1]],
    ['troubled-utm.zip', () => troubledRx(true)],
  ])('%s: a worker that fails leaves its checks to this thread, the report unchanged', async (name, read) => {
    const bytes = read();
    const one = await reportWith(name, bytes, { jobs: 1 });
    let posted = 0;
    const failing: WorkerFactory = (): PoolWorker => {
      let fail: ((error: Error) => void) | undefined;
      return {
        post: () => {
          posted++;
          queueMicrotask(() => fail?.(new Error('worker failed')));
        },
        listen: (_onReply, onFailure) => (fail = onFailure),
        terminate: () => undefined,
      };
    };
    expect(await reportWith(name, bytes, { jobs: 3, startWorker: failing })).toBe(one);
    expect(posted).toBeGreaterThan(0);
  });
});
