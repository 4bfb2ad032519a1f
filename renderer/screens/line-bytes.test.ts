import { describe, expect, it } from 'vitest';
import { lineBytes, lineBytesSoon } from './line-bytes.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Lines as a reader splits them: LF or CRLF, the last line with or without a break. */
function linesOf(text: string): string[] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  return text.endsWith('\n') ? lines.slice(0, -1) : lines;
}

describe('lineBytes', () => {
  it('finds every line of a file in any order, across checkpoints, with CRLF and multi-byte text', () => {
    const parts: string[] = [];
    for (let i = 0; i < 1_300; i++) parts.push(i % 7 === 0 ? `Feld ${i},Größe é ✓` : `row ${i}`);
    const text = `${parts.join('\r\n')}\n`;
    const bytes = encoder.encode(text);
    const lines = linesOf(text);
    // Backwards first (each checkpoint built once), then forwards, then a few far jumps.
    const order = [...lines.keys()].reverse().concat([...lines.keys()], [0, 1_299, 255, 256, 257, 512]);
    for (const i of order) {
      const span = lineBytes(bytes, i + 1);
      expect(span, `line ${i + 1}`).toBeDefined();
      expect(decoder.decode(bytes.subarray(span![0], span![1]))).toBe(lines[i]);
    }
  });

  it('says there is no such line past the end, or before the first', () => {
    const bytes = encoder.encode('a\nb\n');
    expect(lineBytes(bytes, 2)).toEqual([2, 3]);
    expect(lineBytes(bytes, 3)).toEqual([4, 4]);
    expect(lineBytes(bytes, 4)).toBeUndefined();
    expect(lineBytes(bytes, 0)).toBeUndefined();
    const noBreak = encoder.encode('x'.repeat(10));
    expect(lineBytes(noBreak, 1)).toEqual([0, 10]);
    expect(lineBytes(noBreak, 257)).toBeUndefined();
  });

  it('counts a file of exactly one checkpoint of lines, and its line after', () => {
    const text = Array.from({ length: 256 }, (_, i) => `l${i}`).join('\n');
    const bytes = encoder.encode(text);
    expect(decoder.decode(bytes.subarray(...lineBytes(bytes, 256)!))).toBe('l255');
    expect(lineBytes(bytes, 257)).toBeUndefined();
  });
});

describe('lineBytesSoon', () => {
  it('counts the lines before a far line a slice at a time, pausing between slices, and finds it', async () => {
    const text = Array.from({ length: 300_000 }, (_, i) => `row ${i}`).join('\n');
    const bytes = encoder.encode(text);
    let pauses = 0;
    const pause = () => {
      pauses++;
      return Promise.resolve();
    };
    const span = await lineBytesSoon(bytes, 299_999, pause);
    expect(decoder.decode(bytes.subarray(...span!))).toBe('row 299998');
    // 300,000 lines are over a thousand checkpoints: several slices, each handing the page its turn.
    expect(pauses).toBeGreaterThan(3);
    // Counted once: the same line, or one before it, is found at once the next time.
    pauses = 0;
    expect(await lineBytesSoon(bytes, 150_000, pause)).toEqual(lineBytes(bytes, 150_000));
    expect(pauses).toBe(0);
    expect(await lineBytesSoon(bytes, 300_001, pause)).toBeUndefined();
  });

  it('stops when its signal is aborted', async () => {
    const bytes = encoder.encode(Array.from({ length: 300_000 }, (_, i) => `r${i}`).join('\n'));
    const abort = new AbortController();
    const span = await lineBytesSoon(bytes, 299_000, async () => abort.abort(), abort.signal);
    expect(span).toBeUndefined();
  });
});
