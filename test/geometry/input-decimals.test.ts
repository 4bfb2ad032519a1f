/**
 * The input's precision, with which fixed and rebuilt coordinates are written (45.12385, not
 * 45.123850000000004): maxDecimals over a geometry's text, and the rebuilt geometry's inputDecimals, which
 * takes it from the scan its writer makes and must give the same number for every way a WKT is written.
 */
import { describe, expect, it } from 'vitest';
import { makeValidPolygonsTraced } from '../../core/geometry/make-valid.ts';
import { rebuiltPolygons } from '../../core/geometry/rebuilt-geometry.ts';
import { parseWkt } from '../../core/wkt/parse-wkt.ts';
import { maxDecimals } from '../../core/wkt/write-wkt.ts';

describe('maxDecimals', () => {
  it('gives the most decimal places of any number in the text', () => {
    expect(maxDecimals('POLYGON ((0 0, 10 10, 10 0, 0 0))')).toBe(0);
    expect(maxDecimals('POLYGON ((-93.1 42.25, -93.123456 42, -93 42.1, -93.1 42.25))')).toBe(6);
    // Written places count, trailing zeros too: the file's own precision.
    expect(maxDecimals('POINT (10.500 1)')).toBe(3);
    expect(maxDecimals('POINT (1. 2)')).toBe(0);
    expect(maxDecimals('POINT (.25 +0.5)')).toBe(2);
    expect(maxDecimals('POINT (-.125 1)')).toBe(3);
  });

  it('gives nothing for a text without numbers or with one in exponent notation', () => {
    expect(maxDecimals('POLYGON EMPTY')).toBeUndefined();
    expect(maxDecimals('')).toBeUndefined();
    expect(maxDecimals('POINT (1e-7 2.5)')).toBeUndefined();
    expect(maxDecimals('POINT (1.5E+3 2)')).toBeUndefined();
    // An "e" that starts no exponent is not one.
    expect(maxDecimals('POINT (1.5 2) e')).toBe(1);
  });

  it('reads only the range it is given', () => {
    const text = 'x 1.123456 POINT (1.5 2) 7.1234567';
    const start = text.indexOf('(');
    expect(maxDecimals(text, start, text.indexOf(')') + 1)).toBe(1);
    expect(maxDecimals(text)).toBe(7);
  });
});

describe('inputDecimals of a rebuilt geometry', () => {
  // Self-crossing bowties, each written another way: make-valid rebuilds them.
  const bowties = [
    'POLYGON ((0 0, 10 10, 10 0, 0 10, 0 0))',
    'POLYGON ((0 0, 10.0 10, 10 0, 0 10, 0 0))',
    'POLYGON ((-93.65 42.03, -93.64 42.04, -93.64 42.03, -93.65 42.04, -93.65 42.03))',
    'POLYGON ((-93.650000 42.030, -93.64 42.04, -93.64 42.03, -93.65 42.04, -93.650000 42.030))',
    'POLYGON((0 0,10 10,10 0,0 10,0 0))',
    'POLYGON ((0  0, 10 10.25, 10 0, 0 10, 0  0))',
    'POLYGON ((+0 .0, 10 10, 10 0, 0 10, +0 .0))',
    'POLYGON ((0 0, 1e1 10, 10 0, 0 10, 0 0))',
    'POLYGON Z ((0 0 1.12345, 10 10 0, 10 0 0, 0 10 0, 0 0 1.12345))',
    'MULTIPOLYGON (((0 0, 10 10, 10 0, 0 10, 0 0)), ((20 0, 30 10, 30 0, 20 10.5, 20 0)))',
  ];

  for (const wkt of bowties) {
    it(`agrees with maxDecimals over the geometry: ${wkt}`, () => {
      const parsed = parseWkt(wkt);
      if (!parsed.ok) throw new Error(`test WKT ${wkt}`);
      const traced = makeValidPolygonsTraced(parsed.geometry.polygons);
      if (!traced) throw new Error(`make-valid left ${wkt} as it was`);
      const rebuilt = rebuiltPolygons(wkt, parsed.geometry, traced, true);
      const [start, end] = parsed.geometry.spans.geometry;
      expect(rebuilt.inputDecimals()).toBe(maxDecimals(wkt, start, end));
    });
  }
});
