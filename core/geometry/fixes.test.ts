import { describe, expect, it } from 'vitest';
import { generateGridPolygons, generateTemplateCases } from '../../test/geometry/generate-polygons.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import type { PolygonRings } from './geometry.ts';
import { makeValidPolygonsTraced } from './make-valid.ts';
import {
  closeRings,
  closeRingsWkt,
  dropRepeatedPoints,
  dropRepeatedPointsWkt,
  isValidArea,
  makeValidPolygons,
  makeValidWkt,
  removeVertex,
  swapAxes,
  swapAxesWkt,
} from './fixes.ts';

const ring = (...xy: number[]): Float64Array => Float64Array.from(xy);

function area(polygons: PolygonRings): number {
  let total = 0;
  for (const rings of polygons) {
    rings.forEach((r, i) => {
      let a = 0;
      for (let k = 0; k + 3 < r.length; k += 2) a += r[k] * r[k + 3] - r[k + 2] * r[k + 1];
      total += (i === 0 ? 1 : -1) * Math.abs(a / 2);
    });
  }
  return total;
}

function polygonsOf(wkt: string): PolygonRings {
  const r = parseWkt(wkt);
  if (!r.ok) throw new Error(r.error.message);
  return r.geometry.polygons;
}

describe('safe fixes', () => {
  it('closes rings and drops repeated points, leaving the input untouched', () => {
    const input = [[ring(0, 0, 1, 0, 1, 0, 1, 1)]];
    expect(Array.from(closeRings(input)[0]?.[0] ?? [])).toEqual([0, 0, 1, 0, 1, 0, 1, 1, 0, 0]);
    expect(Array.from(dropRepeatedPoints(input)[0]?.[0] ?? [])).toEqual([0, 0, 1, 0, 1, 1]);
    expect(Array.from(input[0]?.[0] ?? [])).toEqual([0, 0, 1, 0, 1, 0, 1, 1]);
    expect(closeRingsWkt('POLYGON ((0 0, 1 0, 1 1))')).toBe('POLYGON ((0 0, 1 0, 1 1, 0 0))');
    expect(dropRepeatedPointsWkt('SRID=4326;POLYGON ((0 0, 1 0, 1 0, 1 1, 0 0))')).toBe(
      'SRID=4326;POLYGON ((0 0, 1 0, 1 1, 0 0))',
    );
    expect(closeRingsWkt('POLYGON ((0 0, 1 0')).toBeUndefined();
    expect(closeRingsWkt('POINT (1 2)')).toBeUndefined();
  });
});

describe('unsafe fixes', () => {
  it('swaps axes', () => {
    expect(Array.from(swapAxes([[ring(45, -93, 46, -93)]])[0]?.[0] ?? [])).toEqual([-93, 45, -93, 46]);
    expect(swapAxesWkt('POLYGON ((45.2 -93.1, 45.2 -93, 45.3 -93, 45.2 -93.1))')).toBe(
      'POLYGON ((-93.1 45.2, -93 45.2, -93 45.3, -93.1 45.2))',
    );
  });

  it('removes a vertex, re-closing the ring when it is the first', () => {
    const r = ring(0, 0, 10, 0, 10, 10, 0, 10, 0, 0);
    expect(Array.from(removeVertex([[r]], 0, 0, 2)[0]?.[0] ?? [])).toEqual([0, 0, 10, 0, 0, 10, 0, 0]);
    expect(Array.from(removeVertex([[r]], 0, 0, 0)[0]?.[0] ?? [])).toEqual([10, 0, 10, 10, 0, 10, 10, 0]);
  });

  it('makes valid: bow-tie split, spike removed, overlapping parts merged with their area', () => {
    expect(makeValidWkt('POLYGON ((0 0, 10 0, 0 10, 10 10, 0 0))')).toBe(
      'MULTIPOLYGON (((0 10, 5 5, 10 10, 0 10)), ((0 0, 10 0, 5 5, 0 0)))',
    );
    expect(makeValidWkt('POLYGON ((0 0, 10 0, 10 10, 5 10, 5 20, 5 10, 0 10, 0 0))')).toBe(
      'POLYGON ((0 0, 10 0, 10 10, 5 10, 0 10, 0 0))',
    );
    const merged = makeValidWkt(
      'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((5 5, 15 5, 15 15, 5 15, 5 5)))',
    );
    expect(area(polygonsOf(merged ?? ''))).toBe(175);
    // An unclosed ring is closed first.
    expect(makeValidWkt('POLYGON ((0 0, 10 0, 0 10, 10 10))')).toBe(
      'MULTIPOLYGON (((0 10, 5 5, 10 10, 0 10)), ((0 0, 10 0, 5 5, 0 0)))',
    );
    expect(makeValidPolygons([[ring(0, 0, NaN, 0, 1, 1, 0, 0)]])).toBeUndefined();
  });

  it('keeps the area of valid input and answers valid geometry for the invalid templates and grid rings', () => {
    const valid = polygonsOf('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 4 2, 4 4, 2 4, 2 2))');
    expect(area(makeValidPolygons(valid) ?? [])).toBe(area(valid));
    // Templates without any area left (a flat ring, a ring run around twice, a hole equal to its shell,
    // too few points) have nothing to make valid.
    const noArea = /flat-ring|twice-around|too-few|hole-equals-shell/;
    let fixed = 0;
    let tried = 0;
    for (const c of [...generateTemplateCases(3, 4), ...generateGridPolygons(5, 400)]) {
      const parsed = parseWkt(c.wkt);
      if (!parsed.ok || isValidArea(closeRings(parsed.geometry.polygons))) continue;
      const result = makeValidPolygons(closeRings(parsed.geometry.polygons));
      if (result) expect(isValidArea(result), c.wkt).toBe(true);
      if (c.label === 'grid' || noArea.test(c.label)) continue;
      tried++;
      if (result) fixed++;
    }
    expect(tried).toBeGreaterThan(80);
    expect(fixed / tried).toBeGreaterThan(0.95);
  });
});

describe('makeValidPolygons on self-crossing outlines', () => {
  const star = (n: number, step: number): Float64Array => {
    const xy: number[] = [];
    for (let i = 0; i <= n; i++) {
      const a = (((i * step) % n) / n) * 2 * Math.PI;
      xy.push(Math.cos(a), Math.sin(a));
    }
    return Float64Array.from(xy);
  };
  const vertexCount = (polygons: PolygonRings): number =>
    polygons.reduce((n, rings) => n + rings.reduce((m, r) => m + r.length / 2, 0), 0);

  it('turns a star polygon into its outline: input vertices plus the crossings on the outline', () => {
    // {300/7}: 1,800 crossings inside, but only 300 tips and 300 inner corners on the outline.
    const fixed = makeValidPolygons([[star(300, 7)]]);
    expect(fixed).toHaveLength(1);
    expect(vertexCount(fixed ?? [])).toBe(2 * 300 + 1);
    expect(isValidArea(fixed ?? [])).toBe(true);
  });

  it('keeps a hole that a reversed inner loop draws, and fills a loop drawn the same way round', () => {
    // The loop (0 0, 2 2, 2 8, 8 8, 8 2, 0 0) runs clockwise inside the counter-clockwise square: a hole.
    const reversedLoop = ring(0, 0, 10, 0, 10, 10, 0, 10, 0, 0, 2, 2, 2, 8, 8, 8, 8, 2, 0, 0);
    expect(area(makeValidPolygons([[reversedLoop]]) ?? [])).toBe(100 - 42);
    const twiceAround = ring(0, 0, 10, 0, 10, 10, 0, 10, 0, 0, 10, 0, 10, 10, 0, 10, 0, 0);
    expect(area(makeValidPolygons([[twiceAround]]) ?? [])).toBe(100);
  });

  it('says which input coordinate each output vertex repeats (-1 for a computed crossing)', () => {
    const bowtie = ring(0, 0, 10, 0, 0, 10, 10, 10, 0, 0);
    const traced = makeValidPolygonsTraced([[bowtie]]);
    expect(traced?.polygons).toHaveLength(2);
    for (const [p, rings] of (traced?.polygons ?? []).entries()) {
      const coords = rings[0] as Float64Array;
      const sources = traced?.sources[p]?.[0] as Int32Array;
      expect(sources).toHaveLength(coords.length / 2);
      expect(Array.from(sources).filter((s) => s < 0)).toHaveLength(1);
      for (let k = 0; k < sources.length; k++) {
        const s = sources[k];
        if (s < 0) expect([coords[2 * k], coords[2 * k + 1]]).toEqual([5, 5]);
        else expect([coords[2 * k], coords[2 * k + 1]]).toEqual([bowtie[2 * s], bowtie[2 * s + 1]]);
      }
    }
  });

  it('gives up on a tangle with far more crossings than edges', () => {
    expect(makeValidPolygons([[star(300, 149)]])).toBeUndefined();
  });
});
