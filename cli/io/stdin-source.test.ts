import { describe, expect, it } from 'vitest';
import { validate, type StreamedFile } from '../../core/index.ts';
import { stdinSource } from './files.ts';

/** A read-once stream of the bytes in chunks, counting the chunks pulled. */
function once(
  bytes: Uint8Array,
  chunk: number,
): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let at = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        pulled++;
        controller.enqueue(bytes.slice(at, at + chunk));
        at += chunk;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function readAllOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

describe('standard input as a source', () => {
  const text = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
  const bytes = new TextEncoder().encode(text);

  it('hands a short input over as bytes', async () => {
    const source = await stdinSource(once(bytes, 100).stream, 10_000);
    expect('bytes' in source && new TextDecoder().decode(source.bytes)).toBe(text);
  });

  it('streams a long one: read only to the threshold first, two openings see it all, a third fails', async () => {
    const input = once(bytes, 100);
    const source = (await stdinSource(input.stream, 250)) as StreamedFile;
    expect('open' in source).toBe(true);
    expect(input.pulled()).toBe(3);
    // A head read that stops early, as the engine's detection does.
    const head = source.open().getReader();
    expect((await head.read()).value?.length).toBe(100);
    await head.cancel();
    expect(await readAllOf(source.open())).toBe(text);
    await expect(readAllOf(source.open())).rejects.toThrow(/read already/);
  });

  it('a CSV batch from a streamed standard input gives the findings of its bytes', async () => {
    const csv = new TextEncoder().encode(
      'clientName,farmName,name,boundary\nC,F,A,"POLYGON ((x 1, 2 2))"\nC,F,B,"POLYGON ((0 0, 0 1, 1 1, 0 0))"\n',
    );
    const source = (await stdinSource(once(csv, 16).stream, 20)) as StreamedFile;
    const streamed = await validate([source], { streamAbove: 0 });
    const fromBytes = await validate([{ name: '<stdin>', bytes: csv }]);
    expect(streamed.files[0]?.kind).toBe('csv-fields');
    expect(streamed.files[0]?.diagnostics.map((d) => [d.code, d.location.row])).toEqual(
      fromBytes.files[0]?.diagnostics.map((d) => [d.code, d.location.row]),
    );
    expect(streamed.files[0]?.diagnostics.length).toBeGreaterThan(0);
  });
});
