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
