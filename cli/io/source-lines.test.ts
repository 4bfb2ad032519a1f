import { describe, expect, it } from 'vitest';
import { bytesToStream } from '../../core/index.ts';
import { LineIndex } from '../../core/diagnostics/text-position.ts';
import { readSourceLines, SourceLineReader } from './source-lines.ts';

describe('readSourceLines', () => {
  const text = 'first\r\nsecond\rthird\nfourth é\r\n\r\nsixth\nlast';
  const index = new LineIndex(text);

  it('gives the wanted lines as LineIndex does, whatever the chunk size (breaks split across chunks)', async () => {
    const bytes = new TextEncoder().encode(text);
    for (const chunk of [1, 2, 3, 7, 1000]) {
      const all = new Set([1, 2, 3, 4, 5, 6, 7]);
      const lines = await readSourceLines(bytesToStream(bytes, chunk), all);
      expect(lines.lineCount).toBe(index.lineCount);
      for (const l of all) expect(lines.lineText(l)).toBe(index.lineText(l));
    }
  });

  it('keeps only the wanted lines and stops reading after the last', async () => {
    let pulled = 0;
    const body = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
    const bytes = new TextEncoder().encode(body);
    let at = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (at >= bytes.length) return controller.close();
          pulled++;
          controller.enqueue(bytes.slice(at, at + 100));
          at += 100;
        },
      },
      { highWaterMark: 0 },
    );
    const lines = await readSourceLines(stream, new Set([9, 10, 11]));
    expect(lines.lineText(10)).toBe('line 10');
    // Past the chunk that held line 11 nothing was read.
    expect(lines.lineText(500)).toBe('');
    expect(lines.lineText(1)).toBe('');
    expect(lines.lineCount).toBeGreaterThan(11);
    expect(pulled).toBeLessThan(5);
  });

  it('decodes in the encoding the kind read the file in', async () => {
    const bytes = new Uint8Array([0x61, 0x0a, 0x63, 0x61, 0x66, 0xe9]); // "a\ncafé" in Windows-1252
    const lines = await readSourceLines(bytesToStream(bytes, 4), new Set([2]), 'windows-1252');
    expect(lines.lineText(2)).toBe('café');
  });

  it('reads on from where it was: each read has its lines (and the ones just before), not the earlier ones', async () => {
    const body = Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\r\n');
    const index = new LineIndex(body);
    for (const chunk of [1, 5, 64, 100000]) {
      const reader = new SourceLineReader(bytesToStream(new TextEncoder().encode(body), chunk));
      // Frames of diagnostics in order of position: each chunk's lines ±1, overlapping the last chunk's.
      let previous: { lineText(n: number): string } | undefined;
      for (let first = 1; first <= 5000; first += 700) {
        const wanted = new Set<number>();
        for (let l = Math.max(1, first - 1); l <= Math.min(5000, first + 700); l++) wanted.add(l);
        const lines = await reader.read(wanted);
        for (const l of wanted) expect(lines.lineText(l)).toBe(index.lineText(l));
        if (previous && first > 1500) expect(lines.lineText(first - 1000)).toBe('');
        previous = lines;
      }
      await reader.close();
    }
  });
});
