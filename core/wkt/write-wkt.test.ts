import { describe, expect, it } from 'vitest';
import { parseWkt } from './parse-wkt.ts';
import { formatNumber, writePolygonsWkt } from './write-wkt.ts';

describe('formatNumber', () => {
  it('prints the shortest round-trip text without exponents', () => {
    expect(formatNumber(-93.123456789)).toBe('-93.123456789');
    expect(formatNumber(1e-7)).toBe('0.0000001');
    expect(formatNumber(-1.5e-10)).toBe('-0.00000000015');
    expect(formatNumber(1.2345e21)).toBe('1234500000000000000000');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
  });

  it('round-trips through the reader', () => {
    let seed = 99;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 16807) % 2147483647;
      const v = ((seed / 2147483647 - 0.5) * 10 ** ((seed % 40) - 20)) as number;
      const back = parseWkt(`POINT (${formatNumber(v)} 0)`);
      expect(back.ok && back.geometry.lines[0]?.[0]).toBe(v);
    }
  });
});

describe('writePolygonsWkt', () => {
  const square = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 0]);
  it('writes POLYGON for one polygon and MULTIPOLYGON otherwise', () => {
    expect(writePolygonsWkt([[square]])).toBe('POLYGON ((0 0, 1 0, 1 1, 0 0))');
    expect(writePolygonsWkt([[square]], { multi: true })).toBe('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))');
    expect(writePolygonsWkt([[square], []])).toBe('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY)');
    expect(writePolygonsWkt([])).toBe('MULTIPOLYGON EMPTY');
    expect(writePolygonsWkt([[]])).toBe('POLYGON EMPTY');
  });
});
