import { describe, expect, it } from 'vitest';
import { parseJson, toValue, type JsonParseResult } from './json-document.ts';

let seed = 0x1234abcd;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A random JSON text: strings long and short, with and without escapes, across lines. */
function randomDocument(): string {
  const pieces = ['abc', ' ', 'POLYGON((1 2, 3 4))', '\\"', '\\\\', '\\n', '\\u00e9', 'é', '\\/', '😀'];
  const str = (): string => {
    let s = '"';
    const n = Math.floor(random() * 8);
    for (let k = 0; k < n; k++) s += pieces[Math.floor(random() * pieces.length)];
    return `${s}"`;
  };
  const items = Array.from({ length: 1 + Math.floor(random() * 6) }, () => `{${str()}:\n  ${str()}}`);
  return `[${items.join(',\n')}]`;
}

function errorOf(result: JsonParseResult): { offset: number; message: string } | undefined {
  return result.ok ? undefined : { offset: result.error.offset, message: result.error.message };
}

describe('parseJson strings', () => {
  it('reads the same values as JSON.parse on random documents, with the offsets of each string', () => {
    for (let n = 0; n < 2000; n++) {
      const text = randomDocument();
      const result = parseJson(text);
      if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
      expect(toValue(result.root)).toEqual(JSON.parse(text));
      if (result.root.kind !== 'array') throw new Error('not an array');
      for (const item of result.root.items) {
        if (item.kind !== 'object') throw new Error('not an object');
        for (const p of item.properties) {
          expect(JSON.parse(text.slice(p.keyStart, p.keyEnd))).toBe(p.key);
          expect(JSON.parse(text.slice(p.value.start, p.value.end))).toEqual(toValue(p.value));
        }
      }
    }
  });

  it('finds a raw control character or a missing closing quote where it is, after strings without either', () => {
    const clean = `["${'x'.repeat(50)}", "a\\"b", `;
    const control = parseJson(`${clean}"ok\tno"]`);
    expect(errorOf(control)).toEqual({
      offset: clean.length + 3,
      message: expect.stringContaining('raw control character'),
    });
    const unterminated = parseJson(`${clean}"never closed`);
    expect(errorOf(unterminated)?.message).toContain('closing quote of the string started at offset');
    expect(errorOf(unterminated)?.offset).toBe(clean.length + 13);
    // A control character beyond the closing quote (between values) is whitespace, not an error.
    expect(errorOf(parseJson(`["a",\n"b\\n",\t"c"]`))).toBeUndefined();
  });
});

describe('parseJson numbers', () => {
  it('reads numbers as JSON.parse does, and points at the character a bad one lacks', () => {
    const good = [
      '0',
      '-0',
      '7',
      '-12',
      '25.6',
      '0.5e10',
      '1E+3',
      '-2.25e-7',
      '123456789012345678901234567890',
    ];
    for (const n of good) {
      const result = parseJson(`[${n}]`);
      if (!result.ok || result.root.kind !== 'array') throw new Error(n);
      expect(result.root.items[0]).toMatchObject({ kind: 'number', value: JSON.parse(n), raw: n, start: 1 });
    }
    const bad: Array<[string, number, string]> = [
      ['-', 2, 'a digit'],
      ['25.', 4, 'a digit after the decimal point'],
      ['1e', 3, 'a digit in the exponent'],
      ['1e+', 4, 'a digit in the exponent'],
      ['01', 2, '"," or "]"'],
      ['.5', 1, 'a JSON value'],
    ];
    for (const [n, offset, expected] of bad) {
      const error = errorOf(parseJson(`[${n}]`));
      expect(error?.offset, n).toBe(offset);
      expect(error?.message, n).toContain(`expected ${expected}`);
      expect(() => JSON.parse(`[${n}]`)).toThrow();
    }
  });
});
