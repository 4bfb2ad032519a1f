import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.ts';

describe('collectGarbage', () => {
  it('frees memory nothing refers to any more, at once', () => {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let big: string[] | undefined = Array.from({ length: 200 }, (_, i) => `${i}`.repeat(100_000).slice(1));
    const held = process.memoryUsage().heapUsed;
    expect(held - before).toBeGreaterThan(10_000_000);
    expect(big.length).toBe(200);
    big = undefined;
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan((held - before) / 4);
  });
});
