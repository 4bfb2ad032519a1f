import { describe, expect, it } from 'vitest';
import { formatPoint } from './format-point.ts';

/** The definition formatPoint keeps to: 12 significant digits, read back and printed shortest. */
const reference = (v: number): string => (Number.isFinite(v) ? String(Number(v.toPrecision(12))) : String(v));

describe('formatPoint', () => {
  it('prints each number as String(Number(v.toPrecision(12)))', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.5,
      45.5,
      -93.25,
      44.0985826481,
      -96.77393387277729,
      44.09858264810848,
      1e-7,
      -1e-13,
      1e-6,
      123456789012,
      1234567890123,
      1e21,
      -2.5e-300,
      0.1 + 0.2,
      NaN,
      Infinity,
      -Infinity,
    ];
    let seed = 12345;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const magnitude = 10 ** ((seed % 40) - 20);
      values.push((seed / 2147483648 - 0.5) * magnitude, Math.round((seed / 2147483648) * 1e6) / 1e4);
    }
    for (const v of values)
      expect(formatPoint([v, -v]), String(v)).toBe(`(${reference(v)} ${reference(-v)})`);
  });
});
