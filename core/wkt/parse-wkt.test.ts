import { describe, expect, it } from 'vitest';
import { parseWkt } from './parse-wkt.ts';

function ok(text: string) {
  const r = parseWkt(text);
  if (!r.ok) throw new Error(`expected WKT to parse: ${r.error.message}`);
  return r.geometry;
}

function error(text: string) {
  const r = parseWkt(text);
  if (r.ok) throw new Error('expected a syntax error');
  return r.error;
}

describe('parseWkt', () => {
  it('reads polygons into flat Float64Arrays with a span for every coordinate', () => {
    const text = 'POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))';
    const g = ok(text);
    expect(g.type).toBe('Polygon');
    expect(g.polygons).toHaveLength(1);
    expect(Array.from(g.polygons[0]?.[0] ?? [])).toEqual([0, 0, 10, 0, 10, 10, 0, 0]);
    expect(Array.from(g.polygons[0]?.[1] ?? [])).toEqual([1, 1, 2, 1, 2, 2, 1, 1]);
    const spans = g.positions[0]?.[1] ?? new Uint32Array();
    expect(text.slice(spans[2], spans[3])).toBe('2 1');
    const rings = g.ringSpans[0] ?? new Uint32Array();
    expect(text.slice(rings[2], rings[3])).toBe('(1 1, 2 1, 2 2, 1 1)');
    expect(text.slice(g.polygonSpans[0], g.polygonSpans[1])).toBe(text.slice(8));
    expect(g.hasZ || g.hasM || g.empty).toBe(false);
  });

  it('reads a list longer than its buffers hold at first, and a later parse sees nothing of an earlier one', () => {
    // 3,000 coordinates: 6,000 values, more than the 4,096 the list buffers start with.
    const points = Array.from({ length: 3000 }, (_, k) => `${k % 10} ${(k * 7) % 10}`);
    const text = `LINESTRING (${points.join(',')})`;
    const line = ok(text).lines[0]!;
    expect(line.length).toBe(6000);
    expect([...line.subarray(5994)]).toEqual([7, 9, 8, 6, 9, 3]);
    const spans = ok(text).linePositions[0]!;
    expect(text.slice(spans[5998], spans[5999])).toBe('9 3');
    // A short polygon after the long line: its own coordinates only, at their size.
    const small = ok('POLYGON ((5 5, 6 5, 6 6, 5 5))');
    expect([...small.polygons[0]![0]!]).toEqual([5, 5, 6, 5, 6, 6, 5, 5]);
  });

  it('keeps unclosed rings as written', () => {
    expect(Array.from(ok('POLYGON ((0 0, 1 0, 1 1))').polygons[0]?.[0] ?? [])).toEqual([0, 0, 1, 0, 1, 1]);
  });

  it('reads MULTIPOLYGON, EMPTY parts, Z/M/ZM and untagged 3D/4D, dropping the extra values', () => {
    const m = ok('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY, ((5 5, 6 5, 6 6, 5 5)))');
    expect(m.polygons.map((p) => p.length)).toEqual([1, 0, 1]);
    expect(m.emptyParts).toBe(1);
    const z = ok('POLYGON Z ((0 0 9, 1 0 9, 1 1 9, 0 0 9))');
    expect([z.hasZ, z.hasM, Array.from(z.polygons[0]?.[0] ?? [])]).toEqual([
      true,
      false,
      [0, 0, 1, 0, 1, 1, 0, 0],
    ]);
    expect(ok('POLYGON M ((0 0 9, 1 0 9, 1 1 9, 0 0 9))').hasM).toBe(true);
    const zm = ok('polygon zm ((0 0 9 8, 1 0 9 8, 1 1 9 8, 0 0 9 8))');
    expect([zm.hasZ, zm.hasM]).toEqual([true, true]);
    const untagged = ok('POLYGON ((0 0 9 8, 1 0 9 8, 1 1 9 8, 0 0 9 8))');
    expect([untagged.hasZ, untagged.hasM]).toEqual([true, true]);
    expect(ok('POLYGON EMPTY')).toMatchObject({ type: 'Polygon', empty: true, polygons: [] });
  });

  it('reads EWKT SRID, any case and whitespace', () => {
    const g = ok(' srid=4326 ;\n multipolygon\t(((0 0,1 0,1 1,0 0)))\r\n');
    expect(g.srid).toBe(4326);
    expect(g.type).toBe('MultiPolygon');
    expect(g.spans.srid).toEqual([1, 14]);
    expect(g.spans.geometry[0]).toBe(14);
  });

  it('reads the other geometry types so they can be reported', () => {
    expect(ok('POINT (1 2)')).toMatchObject({ type: 'Point', polygons: [] });
    expect(ok('MULTIPOINT (1 2, (3 4))').lines).toHaveLength(2);
    expect(ok('MULTILINESTRING ((1 2, 3 4), EMPTY)').lines).toHaveLength(1);
    const gc = ok('GEOMETRYCOLLECTION (POINT (1 2), POLYGON ((0 0, 1 0, 1 1, 0 0)))');
    expect(gc.memberTypes).toEqual(['Point', 'Polygon']);
    expect(gc.polygons).toHaveLength(1);
  });

  it('reads NaN and infinities so validity can name them', () => {
    const ring = ok('POLYGON ((NaN 0, -Infinity 1, inf 2, NaN 0))').polygons[0]?.[0] ?? [];
    expect(Array.from(ring)).toEqual([NaN, 0, -Infinity, 1, Infinity, 2, NaN, 0]);
  });

  it.each([
    ['POLYGON ((0 0, 4x 0, 1 1, 0 0))', 15, "'4x'"],
    ['POLYGON ((0 0, 1-2 0, 1 1, 0 0))', 15, "'1-2'"],
    ['POLYGON ((0 0, 0,5 0, 1 1, 0 0))', 16, "','"],
    ['POLYGON ((0 0,, 1 0, 1 1, 0 0))', 14, "','"],
    ['POLYGON ((0 0, 1e 0, 1 1, 0 0))', 15, "'1e'"],
    ['POLYGON ((0 0, 0x10 0, 1 1, 0 0))', 15, "'0x10'"],
    ['POLYGON ((0 0 1, 1 0, 1 1, 0 0))', 20, "','"],
    ['POLYGON ((0 0, 1 0 5, 1 1, 0 0))', 19, "'5'"],
    ['POLYGON ((0 0, 1 0, 1 1, 0 0)) trailing', 31, "'trailing'"],
    ['POLYGON ((0 0, 1 0, 1 1, 0 0)', 29, 'end of input'],
    ['POLYGONZ ((0 0 1, 1 0 1, 1 1 1, 0 0 1))', 0, "'POLYGONZ'"],
    ['CIRCULARSTRING (0 0, 1 1, 2 0)', 0, "'CIRCULARSTRING'"],
    ['POLYGON (0 0, 1 0, 1 1, 0 0)', 9, "'0'"],
    ['POINT (1 2, 3 4)', 12, "'3'"],
    ['SRID=abc;POINT (1 2)', 5, "'abc'"],
    ['', 0, 'end of input'],
  ])('rejects %j at offset %i, found %s', (text, offset, found) => {
    const e = error(text);
    expect(e.offset).toBe(offset);
    expect(e.found).toBe(found);
    expect(e.message).toContain(e.expected);
  });

  it('refuses absurd nesting with an error instead of a stack overflow', () => {
    const deep = 'GEOMETRYCOLLECTION ('.repeat(100000) + 'POINT (1 2)' + ')'.repeat(100000);
    expect(error(deep).message).toContain('nested');
  });

  it('reads numbers bit-identical to parseFloat', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const numbers: string[] = [];
    for (let i = 0; i < 20000; i++) {
      const kind = i % 6;
      const v = (random() - 0.5) * 10 ** Math.floor(random() * 12 - 4);
      if (kind === 0) numbers.push(String(v));
      else if (kind === 1) numbers.push(v.toPrecision(1 + Math.floor(random() * 17)));
      else if (kind === 2) numbers.push(v.toExponential(Math.floor(random() * 16)));
      else if (kind === 3) numbers.push(v.toFixed(Math.floor(random() * 20)));
      else if (kind === 4)
        numbers.push(`${Math.floor(random() * 1e6)}.${'0'.repeat(Math.floor(random() * 25))}1`);
      else
        numbers.push(
          `${random() < 0.5 ? '-' : '+'}.${Math.floor(random() * 1e9)}e${Math.floor(random() * 60 - 30)}`,
        );
    }
    numbers.push(
      '0',
      '-0',
      '1e308',
      '1e-320',
      '9007199254740993',
      '123456789012345678901234567890',
      '.5',
      '5.',
    );
    const text = `LINESTRING (${numbers.map((n, i) => `${n} ${i}`).join(', ')})`;
    const line = ok(text).lines[0] ?? new Float64Array();
    numbers.forEach((n, i) => {
      expect(Object.is(line[2 * i], parseFloat(n)), n).toBe(true);
    });
  });
});
