import { describe, expect, it } from 'vitest';
import { formatAcres } from './format-acres.ts';

describe('acres for messages', () => {
  it('writes large areas as en-US grouping writes them, to one decimal (without loading ICU)', () => {
    // The reference is the locale call formatAcres no longer makes.
    const reference = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const values = [1000, 1000.04, 1000.05, 1000.95, 12345.65, 19999.999, -2500.25, 1e9 + 0.15, 123456789.45];
    for (let i = 0; i < 2000; i++) values.push(1000 + next() * 10 ** (3 + Math.floor(next() * 9)));
    for (const v of values) expect(formatAcres(v), String(v)).toBe(reference(v));
  });

  it('keeps two decimals from 1 acre and three digits below', () => {
    expect(formatAcres(80.944)).toBe('80.94');
    expect(formatAcres(0.04123)).toBe('0.0412');
    expect(formatAcres(0)).toBe('0');
    expect(formatAcres(Number.NaN)).toBe('NaN');
  });
});
