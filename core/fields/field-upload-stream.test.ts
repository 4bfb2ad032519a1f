/**
 * A field upload read as a stream (JSON text in chunks of any size, items checked and let go) gives the
 * report of the same upload read whole: on every example, and on generated uploads with problems and
 * broken JSON, cut at every kind of place. The reference for records is the whole-document tree
 * (parseJson + fieldRecordsFromUpload); for broken JSON, readJson on the whole text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { validate as runValidate, fix as runFix, runEngine } from '../engine/every-kind.ts';
import type { Report } from '../engine/report.ts';
import type { InputFile, StreamedFile } from '../input/file-kind.ts';
import { jsonFileKind, jsonShapeKinds } from '../formats/json-file-kind.ts';
import { JsonItemReader } from '../json/json-item-reader.ts';
import { readJson } from '../json/read-json.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { checkFieldRecords } from './check-field-upload.ts';
import { fieldRecordsFromUpload } from './field-records.ts';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { streamedFile } from '../../test/support/streamed-file.ts';

const examples = join(import.meta.dirname, '..', '..', 'examples');
const now = new Date('2026-11-22T12:00:00.000Z');

const random = seededRandom(0x2545f491);

/** The bytes as a stream of chunks of random sizes up to `max` bytes. */
const streamed = (name: string, bytes: Uint8Array, max: number): StreamedFile =>
  streamedFile(name, bytes, () => 1 + Math.floor(random() * max));

const SQUARE = 'POLYGON ((-93.1 45.1, -93.09 45.1, -93.09 45.11, -93.1 45.11, -93.1 45.1))';

/** A field item with one of many problems (or none), as JSON text. */
function item(i: number): string {
  const base: Record<string, unknown> = {
    clientName: 'Client A',
    farmName: `Farm ${i % 3}`,
    name: `Field ${i}`,
    boundary: SQUARE,
    acres: 25.6,
    source: 'Partner',
  };
  switch (i % 14) {
    case 1:
      base.name = `field ${i - 1} `; // a duplicate of the one before, differing in case and spaces
      base.farmName = `Farm ${(i - 1) % 3}`;
      break;
    case 2:
      base.boundary = 'POLYGON ((-93.1 45.1, -93.09 45.1, -93.09'; // broken WKT
      break;
    case 3:
      delete base.farmName;
      break;
    case 4:
      base.acres = '25.6';
      break;
    case 5:
      base.source = 7;
      break;
    case 6:
      base.clientName = 12;
      break;
    case 7:
      return '"not a field"';
    case 8:
      base.Acres = 3; // unknown property
      break;
    case 9:
      base.name = 'Ünïcödé "quoted" \\ field 😀 ' + i; // escapes and characters of two units
      break;
    case 10:
      base.boundary = 'POLYGON ((-93.1 45.1, -93.09 45.1, -93.1 45.11, -93.09 45.11, -93.1 45.1))'; // bow-tie
      break;
    case 11:
      base.boundary = 'POLYGON ((45.1 -93.1, 45.1 -93.09, 45.11 -93.09, 45.11 -93.1, 45.1 -93.1))'; // swapped
      break;
    case 12:
      base.name = `Field ${i - 12}`; // a duplicate of an earlier field, spelt the same
      base.farmName = `Farm ${(i - 12) % 3}`;
      break;
    case 13:
      return JSON.stringify(base).replace('"boundary"', '"boundary"\r\n   '); // a line break inside the item
  }
  // Escaped characters inside the WKT too: positions inside it must map through them.
  return JSON.stringify(base).replace('POLYGON', 'POLYG\\u004fN');
}

function upload(n: number, newline = '\n'): string {
  const items = Array.from({ length: n }, (_, i) => item(i));
  return `{"version": 1,${newline}"fields": [${newline}  ${items.join(`,${newline}  `)}${newline}], "after": {"x": [1, 2]}}${newline}`;
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The reference: the whole text parsed as one tree, its records checked (FU001 aside). */
function referenceRecordDiagnostics(text: string): Diagnostic[] {
  const read = readJson(text);
  if (!read.root) return read.diagnostics;
  const collector = new DiagnosticCollector();
  checkFieldRecords(fieldRecordsFromUpload(read.root, read.lines), collector);
  return collector.diagnostics;
}

async function both(name: string, bytes: Uint8Array, max: number) {
  const whole = await jsonFileKind.validate({ name, bytes } satisfies InputFile, { now });
  const stream = await jsonFileKind.validateStream!(streamed(name, bytes, max), { now });
  return { whole, stream };
}

describe('a field upload read as a stream', () => {
  it('gives the report of the file read whole, for every JSON example and every JSON kind', async () => {
    const files = ['fields', 'requests'].flatMap((dir) =>
      readdirSync(join(examples, dir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(examples, dir, f))) })),
    );
    expect(files.length).toBeGreaterThanOrEqual(8);
    let problems = 0;
    for (const kind of [jsonFileKind, ...jsonShapeKinds]) {
      for (const file of files) {
        for (const max of [1, 7, 1 << 16]) {
          const whole = await kind.validate(file, { now });
          const stream = await kind.validateStream!(streamed(file.name, file.bytes, max), { now });
          const { text: _text, ...withoutText } = whole;
          expect(stream, `${kind.id} ${file.name} in chunks of up to ${max} bytes`).toEqual(withoutText);
          problems += whole.diagnostics.length;
        }
      }
    }
    expect(problems).toBeGreaterThan(50);
  });

  it('gives the same diagnostics as the whole-document tree on generated uploads with problems', async () => {
    for (const newline of ['\n', '\r\n']) {
      const text = upload(60, newline);
      const reference = referenceRecordDiagnostics(text);
      const codes = new Set(reference.map((d) => d.code));
      // Every kind of problem the generator makes is there (the comparison is not between empty lists).
      for (const code of ['FU002', 'FU003', 'FU004', 'FU005', 'FU006', 'WKT001', 'GEO004', 'WGS003'])
        expect([...codes], code).toContain(code);
      for (const max of [1, 13, 500, 1 << 16]) {
        const { whole, stream } = await both('generated.json', encode(text), max);
        const records = whole.diagnostics.filter((d) => d.code !== 'FU001');
        expect(records).toEqual(reference);
        expect(stream.diagnostics, `chunks of up to ${max}`).toEqual(whole.diagnostics);
        expect(whole.diagnostics.filter((d) => d.code === 'FU001').map((d) => d.location.row)).toEqual([
          8, 22, 36, 50,
        ]);
      }
    }
  });

  it('reports broken JSON mid-file once, where the whole-text parser does (line and column)', async () => {
    const text = upload(40);
    const at = text.indexOf('"Field 25"');
    const broken = [
      text.slice(0, at) + '"Field 25" "x"' + text.slice(at + 10), // a missing comma
      text.slice(0, at) + text.slice(at + 10), // a key without a value
      text.slice(0, text.indexOf('"Field 30"') - 1) + ',}' + text.slice(text.indexOf('"Field 30"') + 10), // trailing comma
      text.slice(0, at + 4), // cut inside a string
      text.slice(0, text.lastIndexOf(']')), // cut before the end of "fields"
      text.replace('"acres":25.6', '"acres":tru'), // a broken literal
      text.replace('"acres":25.6', '"acres":25.'), // a broken number
      text.replace('"name":"Field 33"', '"name":"Field\u000133"'), // a raw control character
      text.replace('"version": 1', '"version": 1,,'),
      text + 'x',
      '{"fields": [1, 2,, 3]',
      '   ',
      '\ufeff',
      '',
      '{"fields": [',
    ];
    for (const bad of broken) {
      const reference = readJson(bad).diagnostics;
      expect(reference).toHaveLength(1);
      for (const max of [1, 9, 4096]) {
        const { whole, stream } = await both('broken.json', encode(bad), max);
        expect(whole.diagnostics, bad.slice(0, 40)).toEqual(reference);
        expect(stream.diagnostics).toEqual(reference);
      }
    }
    // The place itself, counted here: the missing comma is after "Field 25" on its own line.
    const [d] = (await both('b', encode(broken[0]!), 64)).stream.diagnostics;
    const line = broken[0]!.slice(0, at).split('\n').length;
    const column = at - broken[0]!.lastIndexOf('\n', at - 1) + '"Field 25" '.length;
    expect(d?.location.range?.start).toMatchObject({ line, column, offset: at + 11 });
  });

  it('keeps only a window of the text: each item is let go once checked', () => {
    const reader = new JsonItemReader('fields');
    const text = upload(6000);
    let longest = 0;
    let items = 0;
    for (let at = 0; at < text.length; at += 4096) {
      reader.push(text.slice(at, at + 4096));
      for (let e = reader.next(); e; e = reader.next()) if (e.type === 'item') items++;
      longest = Math.max(longest, reader.window.text.length);
    }
    reader.end();
    for (let e = reader.next(); e; e = reader.next()) if (e.type === 'item') items++;
    expect(items).toBe(6000);
    // A parse cut by the window's end waits for at least 64 K units more (few retries of a long item).
    const bound = (1 << 16) + 3 * 4096;
    expect(text.length).toBeGreaterThan(10 * bound);
    expect(longest).toBeLessThan(bound);
  });
});

describe('the engine on a big field upload given as a stream', () => {
  const text = upload(1500);
  const bytes = encode(text);

  it('streams it: progress by bytes and records as it goes, the report of the file given whole', async () => {
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const progress: Array<{ bytes?: number; records?: number }> = [];
    let report: Report | undefined;
    for await (const event of runEngine([streamed('big.json', bytes, 16 * 1024)], { now, streamAbove: 0 })) {
      if (event.type === 'progress') progress.push(event);
      if (event.type === 'report') report = event.report;
    }
    const wholeReport = await runValidate([{ name: 'big.json', bytes }], { now });
    const midway = progress.filter((p) => (p.records ?? 0) > 0 && (p.bytes ?? 0) < bytes.length);
    expect(midway.length).toBeGreaterThan(3);
    expect(midway.map((p) => p.records)).toEqual([...midway.map((p) => p.records)].sort((a, b) => a! - b!));
    const files = (r: Report | undefined) => r?.files.map(({ text: _t, features: _f, ...rest }) => rest);
    expect(report?.files[0]?.kind).toBe('field-upload');
    expect(files(report)).toEqual(files(wholeReport));
  });

  it('hands its diagnostics over record by record; with keepDiagnostics: false the report holds none', async () => {
    const wholeReport = await runValidate([{ name: 'big.json', bytes }], { now });
    const batches: Diagnostic[][] = [];
    // How many records were read when each batch came: the first ones come long before the end.
    const recordsAtBatch: number[] = [];
    let records = 0;
    let report: Report | undefined;
    const events = runEngine([streamed('big.json', bytes, 16 * 1024)], {
      now,
      streamAbove: 0,
      keepDiagnostics: false,
    });
    for await (const event of events) {
      if (event.type === 'progress') records = event.records ?? records;
      if (event.type === 'diagnostics' && event.diagnostics.length > 0) {
        batches.push(event.diagnostics);
        recordsAtBatch.push(records);
      }
      if (event.type === 'report') report = event.report;
    }
    expect(batches.length).toBeGreaterThan(10);
    expect(recordsAtBatch[0]).toBeLessThan(1500 / 2);
    // The same diagnostics, ids and order as the report of the file given whole.
    expect(batches.flat()).toEqual(wholeReport.diagnostics);
    expect(report?.diagnostics).toEqual([]);
    expect(report?.files[0]?.diagnostics).toEqual([]);
    expect(report?.counts).toEqual(wholeReport.counts);
    expect(report?.files[0]?.counts).toEqual(wholeReport.files[0]?.counts);
  });

  it('gives its features when asked by name (features: true), as for the file given whole', async () => {
    const streamedReport = await runValidate([streamed('big.json', bytes, 16 * 1024)], {
      now,
      streamAbove: 0,
      features: true,
    });
    const defaultReport = await runValidate([streamed('big.json', bytes, 16 * 1024)], {
      now,
      streamAbove: 0,
    });
    const wholeReport = await runValidate([{ name: 'big.json', bytes }], { now });
    const plain = (r: Report) => JSON.parse(JSON.stringify(r.files[0]?.features ?? null)) as unknown;
    expect(defaultReport.files[0]?.features).toBeUndefined();
    // One feature per object item (every 14th item of the generated upload is not an object).
    const objects = Array.from({ length: 1500 }, (_, i) => i % 14 !== 7).filter(Boolean).length;
    expect(streamedReport.files[0]?.features).toHaveLength(objects);
    expect(plain(streamedReport)).toEqual(plain(wholeReport));
  });

  it('fixes it (read whole for the fix), writing every safe fix', async () => {
    const outcome = await runFix(
      streamed('big.json', bytes, 16 * 1024),
      { safety: 'safe' },
      { now, streamAbove: 0 },
    );
    expect(outcome.bytes).toBeDefined();
    const applied = outcome.report.files[0]?.fixes?.applied ?? [];
    expect(applied.filter((a) => a.code === 'FU003').length).toBeGreaterThan(100);
    const fixed = new TextDecoder().decode(outcome.bytes);
    expect(fixed).not.toContain('"acres":"25.6"');
  });
});
