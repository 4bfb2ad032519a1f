import { describe, expect, it } from 'vitest';
import { FLAT_COPY_LIMIT, flatString } from './flat-string.ts';

describe('flatString', () => {
  it('gives the same text, whatever its length and characters', () => {
    const parent = `prefix ${'POLYGON ((1 2, 3 4, 5 6, 1 2)) é ✓ 𝄞 '.repeat(50)} suffix`;
    for (const [start, end] of [
      [0, 0],
      [7, 20],
      [7, 200],
      [3, parent.length],
      [0, parent.length - 1],
    ] as const) {
      const text = parent.slice(start, end);
      expect(flatString(text)).toBe(text);
    }
  });

  it('leaves a string over the copy limit as it is (no second copy of a huge statement)', () => {
    const huge = 'x'.repeat(FLAT_COPY_LIMIT + 1);
    expect(flatString(huge)).toBe(huge);
  });
});
