import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('groups digits as en-US does, for integers, fractions and negatives', () => {
    const values = [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 987_654_321_012, -4_321, -999, 1234.5, 0.25];
    for (const n of values)
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  });

  it('leaves what has no digit groups as it is', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Infinity)).toBe('Infinity');
    expect(formatCount(1e21)).toBe('1e+21');
  });
});
