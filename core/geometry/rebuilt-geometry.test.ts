import { describe, expect, it } from 'vitest';
import { parseWkt } from '../wkt/parse-wkt.ts';
import { formatNumber, writePolygonsWkt } from '../wkt/write-wkt.ts';
import { makeValidPolygonsTraced } from './make-valid.ts';
import { isCanonicalNumber, rebuiltPolygons } from './rebuilt-geometry.ts';

describe('isCanonicalNumber', () => {
  it('accepts exactly the texts formatNumber prints for their value', () => {
    const texts = ['0', '-93.1', '45.123456789', '0.000001', '123456789012345', '-0.5', '100'];
    for (const t of texts) {
      expect(isCanonicalNumber(t, 0, t.length)).toBe(true);
      expect(formatNumber(Number(t))).toBe(t);
    }
    for (const t of [
      '-0',
      '-0.0',
      '45.10',
      '01',
      '+1',
      '1.',
      '.5',
      '1e5',
      '1234567890123456',
      '0.1234567890123456',
    ])
      expect(isCanonicalNumber(t, 0, t.length)).toBe(false);
  });
});

describe('rebuiltPolygons', () => {
  const wkt = 'POLYGON ((0 0, 10.0 10, 10 0, 0 10, 0 0))';
  const g = parseWkt(wkt);
  if (!g.ok) throw new Error('test WKT');
  const traced = makeValidPolygonsTraced(g.geometry.polygons);
  if (!traced) throw new Error('make-valid');
  const rebuilt = rebuiltPolygons(wkt, g.geometry, traced, true);

  it('writes what writePolygonsWkt writes, input text or not', () => {
    expect(rebuilt.write(traced.polygons)).toBe(writePolygonsWkt(traced.polygons, { multi: true }));
    expect(rebuilt.write(traced.polygons)).toContain('10 10');
  });

  it('keeps the input text of each input vertex when asked', () => {
    expect(rebuilt.write(traced.polygons, true)).toContain('10.0 10');
    expect(rebuilt.write(traced.polygons, true)).toContain('5 5');
  });

  it('marks the computed crossing as the only vertex without a source', () => {
    const computed = traced.sources.flatMap((rings) => rings.flatMap((s) => [...s])).filter((s) => s < 0);
    expect(computed.length).toBeGreaterThan(0);
  });
});

describe('rebuiltPolygons from text the WKT reader saw written canonically', () => {
  // Numbers written every way a WKT may hold them; the reader's `canonicalText` must say exactly what the
  // writer's own scan of the text finds (then it skips that scan).
  const numberTexts = (v: number): string[] => [
    formatNumber(v),
    v.toFixed(7),
    `${formatNumber(v)}0`.replace(/^(-?\d+)0$/, '$1.0'),
    v < 0 ? formatNumber(v) : `+${formatNumber(v)}`,
    v.toExponential(),
    formatNumber(v).replace(/^(-?)/, '$10'),
    v.toPrecision(17),
  ];
  const separators = [', ', ', ', ', ', ',', ' , ', ',  ', ',\n'];
  const spaces = [' ', ' ', ' ', '  ', '\t'];

  it('gives the same text, kept text and decimals as reading the text again', () => {
    let random = 7;
    const next = (n: number): number => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random % n;
    };
    let canonical = 0;
    for (let t = 0; t < 600; t++) {
      // A bow-tie (so make-valid rebuilds it) on a few scales, each number and separator drawn.
      const scale = [1, 0.001, 123.456, 1e-7][t % 4];
      const shift = [0, -93.25, 44.5][t % 3];
      const corners: [number, number][] = [
        [0, 0],
        [2, 2],
        [2, 0],
        [0, 2],
      ];
      const points = corners.map(([x, y]) => [shift + x * scale, shift + y * scale] as const);
      const plain = t % 2 === 0;
      const text = (v: number): string => {
        const options = numberTexts(v);
        return plain ? (options[0] as string) : (options[next(options.length)] as string);
      };
      const coordinates = [...points, points[0]].map(
        ([x, y]) => `${text(x)}${plain ? ' ' : spaces[next(spaces.length)]}${text(y)}`,
      );
      const body = coordinates
        .map((c, i) => (i === 0 ? c : `${plain ? ', ' : separators[next(separators.length)]}${c}`))
        .join('');
      const wkt = `POLYGON ((${body}))`;
      const parsed = parseWkt(wkt);
      if (!parsed.ok) continue;
      const g = parsed.geometry;
      const traced = makeValidPolygonsTraced(g.polygons);
      if (!traced) continue;
      if (g.canonicalText) canonical++;
      const withFlags = rebuiltPolygons(wkt, g, traced, true);
      const scanned = rebuiltPolygons(wkt, { ...g, canonicalText: undefined }, traced, true);
      expect(withFlags.inputDecimals(), wkt).toBe(scanned.inputDecimals());
      expect(withFlags.write(traced.polygons), wkt).toBe(scanned.write(traced.polygons));
      expect(withFlags.write(traced.polygons, true), wkt).toBe(scanned.write(traced.polygons, true));
    }
    // Both ways covered: the plain half is canonical (most of it), the other half mostly not.
    expect(canonical).toBeGreaterThan(200);
    expect(canonical).toBeLessThan(550);
  });

  it('does not take a number with a plus sign as written canonically', () => {
    for (const wkt of ['POLYGON ((+0.5 0, 2 2, 2 0, 0 2, +0.5 0))', 'POLYGON ((0 0, 2 +2, 2 0, 0 2, 0 0))']) {
      const parsed = parseWkt(wkt);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.geometry.canonicalText, wkt).toBeUndefined();
      const traced = makeValidPolygonsTraced(parsed.geometry.polygons);
      if (!traced) throw new Error('no rebuilt geometry');
      expect(rebuiltPolygons(wkt, parsed.geometry, traced, true).write(traced.polygons), wkt).not.toContain(
        '+',
      );
    }
  });
});
