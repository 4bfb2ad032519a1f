/**
 * A Modus file scanned on a worker thread while this one checks it (core/modus/modus-split.ts) gets the
 * report one thread makes, byte for byte: every Modus fixture and corpus file, read whole and as a stream
 * in small and big chunks, and files made to go wrong late (bad UTF-8, a limit, malformed XML, schema
 * errors, CR and CR LF line ends, after many chunks). The split is forced on small files with
 * `scanWorkerAbove: 0`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesToStream } from '../../core/csv/csv-reader.ts';
import { runEngine, validate, type EngineOptions } from '../../core/index.ts';
import type { WorkerFactory } from '../../core/parallel/worker-pool.ts';
import { modusScanWorkers } from '../../node/modus-threads.ts';
import { startPoolWorker } from '../../node/pool-worker.ts';
import { currentBundledWorker } from '../support/built-workers.ts';
import { corpusPath, needsShared } from '../support/corpus.ts';
import { CORPUS_MODUS_FILES, LAB_MODUS } from './modus-documents.ts';

const root = new URL('../../', import.meta.url).pathname;
const now = new Date('2026-11-28T12:00:00.000Z');

/** Each comparison starts a scanning worker, about 80 here: the bundled one when current (test/support). */
const bundledScanWorker = currentBundledWorker('modus-scan-worker');
const scanWorkers: WorkerFactory = bundledScanWorker
  ? () => startPoolWorker(bundledScanWorker, 'the Modus scanning worker')
  : modusScanWorkers();

/**
 * Counts the workers started, those a validation posted to (so a test knows the split ran) and those
 * ended.
 */
function counted(start: WorkerFactory): {
  factory: WorkerFactory;
  started: number;
  scanned: number;
  ended: number;
} {
  const out = {
    started: 0,
    scanned: 0,
    ended: 0,
    factory: (): ReturnType<WorkerFactory> => {
      out.started++;
      const worker = start();
      let posted = false;
      return {
        ...worker,
        post(message, transfer) {
          if (!posted) out.scanned++;
          posted = true;
          worker.post(message, transfer);
        },
        terminate() {
          out.ended++;
          worker.terminate();
        },
      };
    },
  };
  return out;
}

type Source =
  { name: string; bytes: Uint8Array } | { name: string; size: number; open: () => ReadableStream };

/** The JSON report of one file, read whole or streamed in `chunk`-byte pieces. */
async function report(
  name: string,
  bytes: Uint8Array,
  options: EngineOptions,
  chunk?: number,
): Promise<string> {
  const source: Source =
    chunk === undefined
      ? { name, bytes }
      : { name, size: bytes.length, open: () => bytesToStream(bytes, chunk) };
  const run: EngineOptions = { now, ...options };
  if (chunk !== undefined) run.streamAbove = 0;
  return JSON.stringify(await validate([source], run), null, 1);
}

/** The report on one thread and with the scan on a worker must be the same text, and the worker ran. */
async function expectSame(name: string, bytes: Uint8Array, chunk?: number, options: EngineOptions = {}) {
  const one = await report(name, bytes, options, chunk);
  const workers = counted(scanWorkers);
  const two = await report(
    name,
    bytes,
    { ...options, startScanWorker: workers.factory, scanWorkerAbove: 0 },
    chunk,
  );
  expect(two).toBe(one);
  const parsed = JSON.parse(one) as { files: Array<{ kind: string; diagnostics: Array<{ code: string }> }> };
  // A file read as another kind (not-modus.xml) has no Modus scan to split; a worker started ahead for it
  // (it is named .xml) ends with the run.
  expect(workers.scanned).toBe(parsed.files[0]?.kind === 'modus-result' ? 1 : 0);
  expect(workers.started).toBe(1);
  expect(workers.ended).toBe(1);
  return parsed;
}

const fixtureDir = join(root, 'core/modus/fixtures');
const fixtures = ['valid', 'invalid', 'unsafe'].flatMap((group) =>
  readdirSync(join(fixtureDir, group))
    .filter((f) => f.endsWith('.xml') && !f.endsWith('.fixed.xml'))
    .map((f) => join(group, f)),
);

const lab = (): string => readFileSync(LAB_MODUS, 'utf8');

/** The lab file with its samples repeated (about `count` of them), so problems come after many chunks. */
function repeated(count: number, sample = (s: string, _i: number) => s): string {
  const text = lab();
  const first = text.indexOf('<SoilSample>');
  const last = text.lastIndexOf('</SoilSample>') + '</SoilSample>'.length;
  const samples = text.slice(first, last).match(/<SoilSample>[\s\S]*?<\/SoilSample>/g) ?? [];
  const out: string[] = [text.slice(0, first)];
  for (let i = 0; i < count; i++) out.push(sample(samples[i % samples.length] ?? '', i), '\n');
  out.push(text.slice(last));
  return out.join('');
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('Modus on two threads: the same report as on one', () => {
  it('every fixture, read whole and streamed in pieces of 13 bytes', { timeout: 120_000 }, async () => {
    expect(fixtures.length).toBeGreaterThan(20);
    for (const file of fixtures) {
      const bytes = new Uint8Array(readFileSync(join(fixtureDir, file)));
      for (const chunk of [undefined, 13]) await expectSame(file, bytes, chunk);
    }
  });

  // The project's copies (test/corpus) where the licences allow; else ../shared/corpus.
  const shared = needsShared('corpus/oats-center-modus', 'corpus/semiosBIO-modus-integration');
  const present = CORPUS_MODUS_FILES.every((p) => existsSync(p));
  const title = 'every corpus Modus file, whole and in 4096-byte pieces';
  it.skipIf(!present)(present ? title : shared.title(title), async () => {
    for (const path of CORPUS_MODUS_FILES) {
      const bytes = new Uint8Array(readFileSync(path));
      for (const chunk of [undefined, 4096]) await expectSame(path.split('/').pop() ?? path, bytes, chunk);
    }
  });

  it('schema, semantic and service errors all through a big file (blank values too), with CR LF and CR line ends', async () => {
    const broken = repeated(400, (s, i) =>
      i % 37 === 5
        ? s.replace(/<SampleNumber>[^<]*<\/SampleNumber>/, '<SampleNumber>x</SampleNumber><Bogus/>')
        : i % 53 === 7
          ? s.replace(/<Value>[^<]*<\/Value>/, '<Value>not a number</Value>')
          : i % 41 === 3
            ? s.replace(/<Value>[^<]*<\/Value>/, '<Value>  \n </Value>')
            : s,
    );
    for (const text of [broken, broken.replace(/\n/g, '\r\n'), broken.replace(/\n/g, '\r')]) {
      const bytes = utf8(text);
      expect(bytes.length).toBeGreaterThan(1_000_000);
      for (const chunk of [undefined, 65536, 1000]) {
        const r = await expectSame('broken.xml', bytes, chunk);
        expect(r.files[0]?.diagnostics.length).toBeGreaterThan(10);
      }
    }
  });

  it('bad UTF-8, malformed XML and a limit late in a big file stop it at the same place', async () => {
    const good = utf8(repeated(300));
    const at = Math.floor(good.length * 0.7);
    const badBytes = good.slice();
    badBytes[at] = 0xff;
    const text = repeated(300);
    const malformed = utf8(
      text.replace(/<\/SoilSample>/g, (m, offset: number) =>
        offset > text.length * 0.6 && offset < text.length * 0.61 ? '</SoilSampl>' : m,
      ),
    );
    const deep = utf8(text.replace('<SoilSample>', '<SoilSample>' + '<a>'.repeat(300)));
    const truncated = good.subarray(0, Math.floor(good.length * 0.8));
    const cases: Array<[string, Uint8Array, string]> = [
      ['bad-utf8.xml', badBytes, 'MOD004'],
      ['malformed.xml', malformed, 'MOD001'],
      ['deep.xml', deep, 'MOD003'],
      ['truncated.xml', truncated, 'MOD001'],
    ];
    for (const [name, bytes, code] of cases) {
      for (const chunk of [undefined, 65536, 3000]) {
        const r = await expectSame(name, bytes, chunk);
        expect(r.files[0]?.diagnostics.map((d) => d.code)).toContain(code);
      }
    }
  });

  it('a problem found at the end of an element that opened many chunks before', async () => {
    // The Event's EventSamples are missing, which is found at </Event>, after a long comment: the
    // Event's own place must have been kept when the text it stood in was let go.
    const text = lab();
    const head = text.slice(0, text.indexOf('<EventSamples>'));
    const filler = `<!-- ${'filler '.repeat(50_000)}-->\n`.repeat(4);
    const bytes = utf8(`${head}${filler}</Event>\n</ModusResult>\n`);
    for (const chunk of [undefined, 65536, 5000]) {
      const r = await expectSame('late.xml', bytes, chunk);
      expect(r.files[0]?.diagnostics.map((d) => d.code)).toContain('MOD007');
    }
  });

  it('a worker that fails before its first answer leaves the file to this thread, with the same report', async () => {
    const bytes = utf8(repeated(200));
    // A worker whose module cannot load: it reports an error and never answers.
    const broken: WorkerFactory = () => ({
      post: () => undefined,
      listen: (_reply, failed) => void setTimeout(() => failed(new Error('the worker could not start')), 1),
      terminate: () => undefined,
    });
    for (const chunk of [undefined, 65536]) {
      const one = await report('fails.xml', bytes, {}, chunk);
      const two = await report('fails.xml', bytes, { startScanWorker: broken, scanWorkerAbove: 0 }, chunk);
      expect(two).toBe(one);
    }
  });

  it('a file under scanWorkerAbove is scanned on this thread, one over it on a worker', async () => {
    const bytes = new Uint8Array(
      readFileSync(corpusPath('semiosBIO-modus-integration/example_modus_result.xml')),
    );
    const workers = counted(scanWorkers);
    const options = { now, startScanWorker: workers.factory, scanWorkerAbove: bytes.length + 1 };
    await validate([{ name: 'small.xml', bytes }], options);
    expect(workers.started).toBe(0);
    await validate([{ name: 'small.xml', bytes }], { ...options, scanWorkerAbove: bytes.length });
    expect(workers.started).toBe(1);
  });

  it('a big file named .xml has its worker started with the run, before detection; other files do not', async () => {
    const bytes = utf8(repeated(20));
    const streamed = (name: string) => ({
      name,
      size: bytes.length,
      open: () => bytesToStream(bytes, 65536),
    });
    const run = async (name: string, above: number, kind?: string) => {
      const workers = counted(scanWorkers);
      const options: EngineOptions = { now, startScanWorker: workers.factory, scanWorkerAbove: above };
      if (kind) options.kind = kind;
      const events = runEngine([streamed(name)], options);
      const ahead = workers.started;
      for await (const event of events) if (event.type === 'report') break;
      return { ahead, ...workers };
    };
    // Started as the run starts (no event asked for yet), then used by the Modus validator.
    expect(await run('big.xml', bytes.length)).toMatchObject({ ahead: 1, started: 1, scanned: 1, ended: 1 });
    // Not ahead for another name (unless the kind is forced) or a smaller file: the validator starts it.
    expect(await run('big.modus', bytes.length)).toMatchObject({ ahead: 0, started: 1, scanned: 1 });
    expect(await run('big.modus', bytes.length, 'modus-result')).toMatchObject({
      ahead: 1,
      started: 1,
      scanned: 1,
    });
    expect(await run('big.xml', bytes.length + 1)).toMatchObject({ ahead: 0, started: 0 });
  });
});
