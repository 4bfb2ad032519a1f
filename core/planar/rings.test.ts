import { describe, expect, it } from 'vitest';
import { bboxContains, ringBbox, signedArea, unionBbox } from './rings.ts';

const ring = (...xy: number[]) => Float64Array.from(xy);

describe('one signed area', () => {
  it('is positive counter-clockwise and negative clockwise, open or closed', () => {
    const ccw = ring(0, 0, 4, 0, 4, 3, 0, 3, 0, 0);
    expect(signedArea(ccw)).toBe(12);
    expect(signedArea(ccw.subarray(0, 8))).toBe(12);
    expect(signedArea(ring(0, 0, 0, 3, 4, 3, 4, 0, 0, 0))).toBe(-12);
  });

  it('keeps its precision far from the origin (projected metres)', () => {
    const x = 500_000.123;
    const y = 5_400_000.456;
    expect(signedArea(ring(x, y, x + 1, y, x + 1, y + 1, x, y + 1, x, y))).toBeCloseTo(1, 9);
  });

  it('is 0 for rings of fewer than three points', () => {
    expect(signedArea(ring(0, 0, 1, 1))).toBe(0);
  });

  it('gives boxes, their union and containment', () => {
    const a = ringBbox(ring(1, 2, 3, -1, 0, 5));
    expect(a).toEqual([0, -1, 3, 5]);
    expect(unionBbox(a, [2, 2, 9, 4])).toEqual([0, -1, 9, 5]);
    expect(unionBbox(undefined, a)).toEqual(a);
    expect(bboxContains(a, [1, 0, 2, 4])).toBe(true);
    expect(bboxContains(a, [1, 0, 4, 4])).toBe(false);
  });
});
