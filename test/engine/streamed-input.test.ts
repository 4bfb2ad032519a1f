/**
 * Inputs given as streams (`open`): kinds that stream (CSV batches, Modus) read them chunk by chunk and
 * give the same findings as from bytes, without the text; detection reads only a head; other kinds and
 * fixes get every byte.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fix, validate, type Diagnostic, type EngineInput, type StreamedFile } from '../../core/index.ts';

const root = new URL('../../', import.meta.url).pathname;
const now = new Date('2026-11-22T12:00:00.000Z');

/** A streamed file over bytes, counting how often it was opened and how many bytes were read. */
function streamed(
  name: string,
  bytes: Uint8Array,
  chunk = 5000,
): StreamedFile & { opens: number; read: number } {
  const file = {
    name,
    size: bytes.length,
    opens: 0,
    read: 0,
    open(): ReadableStream<Uint8Array> {
      file.opens++;
      let at = 0;
      return new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (at >= bytes.length) return controller.close();
            const piece = bytes.slice(at, Math.min(bytes.length, at + chunk));
            at += piece.length;
            file.read += piece.length;
            controller.enqueue(piece);
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
  return file;
}

const findings = (ds: readonly Diagnostic[]) =>
  ds.map(
    (d) =>
      `${d.code} ${d.location.row ?? ''} ${d.location.field ?? ''} ${d.location.range?.start.offset ?? ''}`,
  );

/** A field CSV over the 64 KB detection head, with a problem in a known row far past it. */
function bigFieldCsv(): Uint8Array {
  const lines = ['clientName,farmName,name,boundary,acres,source,userName'];
  for (let i = 0; i < 900; i++) {
    const x = -100 + i * 0.01;
    const ring = `${x} 40, ${x + 0.005} 40, ${x + 0.005} 40.005, ${x} 40.005, ${x} 40`;
    // Row 800's boundary is not WKT at all.
    const wkt = i === 800 ? 'POLYGON ((oops))' : `POLYGON ((${ring}))`;
    lines.push(`Client,Farm ${Math.floor(i / 20)},Field ${i},"${wkt}",,bench,user`);
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

describe('streamed inputs', () => {
  it('a CSV batch streams: the same findings as from bytes, no text, a head read for detection', async () => {
    const bytes = bigFieldCsv();
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const fromBytes = await validate([{ name: 'big.csv', bytes }], { now });
    const file = streamed('big.csv', bytes);
    const fromStream = await validate([file], { now, streamAbove: 0 });
    const a = fromBytes.files[0]!;
    const b = fromStream.files[0]!;
    expect(b.kind).toBe('csv-fields');
    expect(a.diagnostics.length).toBeGreaterThan(0);
    expect(findings(b.diagnostics)).toEqual(findings(a.diagnostics));
    expect(a.text).toBeDefined();
    expect(b.text).toBeUndefined();
    expect(b.features ?? []).toEqual([]);
    expect(a.features?.length).toBeGreaterThan(0);
    // Opened twice (head, then the rows), read once whole plus at most the head.
    expect(file.opens).toBe(2);
    expect(file.read).toBeLessThanOrEqual(bytes.length + 64 * 1024 + 5000);
  });

  it('a Modus file streams with the same findings as from bytes', async () => {
    const bytes = new Uint8Array(readFileSync(root + 'examples/soil/hand-transcribed-result.xml'));
    // Padded past the detection head with a comment, so the file is not read whole for detection.
    const padded = new TextEncoder().encode(
      new TextDecoder().decode(bytes) + `<!-- ${'x'.repeat(70 * 1024)} -->\n`,
    );
    const fromBytes = await validate([{ name: 'soil.xml', bytes: padded }], { now });
    const file = streamed('soil.xml', padded, 4096);
    const fromStream = await validate([file], { now, streamAbove: 0 });
    const a = fromBytes.files[0]!;
    const b = fromStream.files[0]!;
    expect(b.kind).toBe('modus-result');
    expect(a.diagnostics.length).toBeGreaterThan(0);
    expect(findings(b.diagnostics)).toEqual(findings(a.diagnostics));
    expect(b.summary).toEqual(a.summary);
    expect(b.text).toBeUndefined();
  });

  it('a streamed file under the threshold, or of a kind that cannot stream, is read whole', async () => {
    const bytes = bigFieldCsv();
    const small = await validate([streamed('big.csv', bytes)], { now });
    expect(small.files[0]?.text).toBeDefined();
    const json: EngineInput = {
      name: 'fields.json',
      bytes: new Uint8Array(readFileSync(root + 'examples/fields/fields-with-problems.json')),
    };
    const fromBytes = await validate([json], { now });
    const fromStream = await validate([streamed(json.name, json.bytes, 100)], { now, streamAbove: 0 });
    expect(fromStream.files[0]?.kind).toBe(fromBytes.files[0]?.kind);
    expect(findings(fromStream.files[0]!.diagnostics)).toEqual(findings(fromBytes.files[0]!.diagnostics));
    expect(fromStream.files[0]?.text).toBe(fromBytes.files[0]?.text);
  });

  it('an empty stream is unreadable, as empty bytes are', async () => {
    const report = await validate([streamed('empty', new Uint8Array(0))], { now });
    expect(report.unreadable).toEqual([{ name: 'empty', reason: 'it is empty' }]);
    const named = await validate([streamed('empty.csv', new Uint8Array(0))], { now });
    const fromBytes = await validate([{ name: 'empty.csv', bytes: new Uint8Array(0) }], { now });
    expect(named).toEqual(fromBytes);
  });

  it('fixing a streamed file reads it whole and gives the same fixed bytes', async () => {
    const bytes = new Uint8Array(readFileSync(root + 'examples/soil/hand-transcribed-result.xml'));
    const fromBytes = await fix({ name: 'soil.xml', bytes }, { safety: 'safe' }, { now });
    const fromStream = await fix(streamed('soil.xml', bytes), { safety: 'safe' }, { now, streamAbove: 0 });
    expect(fromBytes.bytes).toBeDefined();
    expect(fromStream.bytes).toEqual(fromBytes.bytes);
  });
});
