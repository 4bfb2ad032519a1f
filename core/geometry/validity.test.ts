import { describe, expect, it } from 'vitest';
import { generateFieldPolygons, generateTemplateCases } from '../../test/geometry/generate-polygons.ts';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { sortOnKey, SweepBuffers } from './segment-index.ts';
import { checkValidity, findValidityIssues, geosReason, isValidPolygons } from './validity.ts';

const ring = (...xy: number[]): Float64Array => Float64Array.from(xy);
const square = ring(0, 0, 10, 0, 10, 10, 0, 10, 0, 0);

describe('findValidityIssues', () => {
  it('returns plain records with kind, position and point, computed on flat arrays', () => {
    const issues = findValidityIssues([[ring(0, 0, 10, 0, 0, 10, 10, 10, 0, 0)]]);
    expect(issues).toEqual([
      {
        kind: 'self-intersection',
        severity: 'error',
        polygon: 0,
        ring: 0,
        coordinate: 1,
        point: [5, 5],
        detail: 'crossing',
        other: { polygon: 0, ring: 0, coordinate: 3 },
      },
    ]);
    expect(geosReason['self-intersection']).toBe('Self-intersection');
  });

  it('checks a geometry of over a million points written twice, and again a small one after it', () => {
    // Big buffers are sized to the points kept (half of these) and let go after: both checks must hold.
    const n = 600_000;
    const doubled = new Float64Array(4 * n + 2);
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      doubled[4 * k] = doubled[4 * k + 2] = 100 * Math.cos(a);
      doubled[4 * k + 1] = doubled[4 * k + 3] = 100 * Math.sin(a);
    }
    doubled[4 * n] = doubled[0];
    doubled[4 * n + 1] = doubled[1];
    const issues = findValidityIssues([[doubled]], { maxIssues: 3 });
    expect(issues.map((i) => [i.kind, i.coordinate])).toEqual([
      ['repeated-point', 1],
      ['repeated-point', 3],
      ['repeated-point', 5],
    ]);
    expect(isValidPolygons([[doubled]])).toBe(true);
    expect(findValidityIssues([[ring(0, 0, 10, 0, 0, 10, 10, 10, 0, 0)]]).map((i) => i.kind)).toEqual([
      'self-intersection',
    ]);
  });

  it('finds with buffers reused from check to check what each check finds with its own', () => {
    // Big then small, valid then broken, holes, multipolygons: arrays left longer than a check needs and
    // holding the previous check's points must change nothing, the swept pairs make-valid takes included.
    const cases = [
      ...generateFieldPolygons({ count: 300, seed: 7, brokenShare: 0.5, maxVertices: 1500 }),
      ...generateTemplateCases(3, 4),
    ];
    const polygons = cases.map((c) => {
      const parsed = parseWkt(c.wkt);
      return parsed.ok ? parsed.geometry.polygons : [];
    });
    const buffers = new SweepBuffers();
    let broken = 0;
    let swept = 0;
    for (const p of polygons) {
      const own = checkValidity(p, { maxPerRing: 10 });
      const shared = checkValidity(p, { maxPerRing: 10, buffers });
      expect(shared.issues).toEqual(own.issues);
      expect(shared.swept?.pairs).toEqual(own.swept?.pairs);
      if (own.issues.some((i) => i.severity === 'error')) broken++;
      if (own.swept && own.issues.length > 0) swept++;
    }
    expect(broken).toBeGreaterThan(100);
    expect(swept).toBeGreaterThan(50);
    expect(buffers.raw.length).toBeGreaterThanOrEqual(1500);
  });

  it('sorts on keys into buffers holding an earlier sort', () => {
    const into = { keys: new Float64Array(8), values: new Int32Array(8), buckets: new Int32Array(9) };
    const first = sortOnKey(
      Float64Array.from([5, 1, 4, 1, 3, 9, 2, 6]),
      Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]),
      8,
      into,
    );
    expect([...first.values]).toEqual([1, 3, 6, 4, 2, 0, 7, 5]);
    const second = sortOnKey(Float64Array.from([2, 0, 1, 0]), Int32Array.from([0, 1, 2, 3]), 4, into);
    expect([...second.keys.subarray(0, 4)]).toEqual([0, 0, 1, 2]);
    expect([...second.values.subarray(0, 4)]).toEqual([1, 3, 2, 0]);
    expect(second.keys).toBe(into.keys);
    expect(second.values).toBe(into.values);
  });

  it('skips polygons without rings and EMPTY rings, and treats holes of an EMPTY shell as outside', () => {
    expect(findValidityIssues([[], [square, new Float64Array(0)]])).toEqual([]);
    const issues = findValidityIssues([[new Float64Array(0), ring(1, 1, 2, 1, 2, 2, 1, 1)]]);
    expect(issues.map((i) => i.kind)).toEqual(['hole-outside-shell']);
  });

  it('caps the issues of each kind and can leave out warnings', () => {
    // A zigzag crossing a bar many times.
    const zig: number[] = [];
    for (let i = 0; i <= 40; i++) zig.push(i, i % 2 === 0 ? -1 : 1);
    zig.push(40, 5, 0, 5, 0, -1);
    const capped = findValidityIssues(
      [[ring(...zig)], [ring(-1, -0.5, 41, -0.5, 41, 0.5, -1, 0.5, -1, -0.5)]],
      {
        maxIssues: 5,
      },
    );
    expect(capped.filter((i) => i.kind === 'overlapping-polygons')).toHaveLength(5);
    const repeated = [[ring(0, 0, 10, 0, 10, 0, 10, 10, 0, 0)]];
    expect(findValidityIssues(repeated).map((i) => i.kind)).toEqual(['repeated-point']);
    expect(findValidityIssues(repeated, { warnings: false })).toEqual([]);
  });

  it('finds crossings whatever the order of segments along x (sort fallback)', () => {
    // Many tiny segments piled into one bucket next to one huge one: the bucket sort gives up and a
    // comparison sort takes over; the crossing must still be found.
    const xy: number[] = [];
    const n = 400;
    for (let i = 0; i < n; i++) xy.push(((i * 7919) % n) * 1e-9, ((i * 104729) % n) * 1e-3);
    xy.push(1e6, 0.2, xy[0], xy[1]);
    const issues = findValidityIssues([[ring(...xy)]], { warnings: false });
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.severity === 'error')).toBe(true);
  });

  it('answers the verdict alone with isValidPolygons', () => {
    expect(isValidPolygons([[square]])).toBe(true);
    expect(isValidPolygons([[square], [square]])).toBe(false);
    expect(isValidPolygons([[ring(0, 0, 1, 0, 1, 1)]])).toBe(false);
  });

  it('measures near-spikes with the given angle and x scale', () => {
    // The tip angle is 2·atan(0.2 / 20) = 1.15°.
    const needle = [[ring(0, 0, 10, 0, 10, 10, 5.2, 10, 5, 30, 4.8, 10, 0, 10, 0, 0)]];
    expect(findValidityIssues(needle).map((i) => i.kind)).toEqual([]);
    expect(findValidityIssues(needle, { nearSpikeDegrees: 2 }).map((i) => i.kind)).toEqual(['near-spike']);
    expect(findValidityIssues(needle, { xScale: 0.3 }).map((i) => i.kind)).toEqual(['near-spike']);
    expect(findValidityIssues(needle, { nearSpikeDegrees: 0, xScale: 0.3 })).toEqual([]);
  });
});
