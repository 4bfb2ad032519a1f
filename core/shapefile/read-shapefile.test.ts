import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { needsShared, sharedPath } from '../../test/support/corpus.ts';
import { buildShapefile, reversed, square } from '../../test/rx/build-shapefile.ts';
import { readShapefile } from './read-shapefile.ts';
import { signedArea } from '../planar/rings.ts';
import { groupRings } from './group-rings.ts';
import { chooseTextEncoding, encodingLabel } from './text-encoding.ts';
import { transformShpCoordinates } from './transform-shp.ts';

const ofpetrial = needsShared('corpus/DIFM-Brain-ofpetrial');
const set = (base: string) => {
  const read = (ext: string) => readFileSync(sharedPath(`corpus/DIFM-Brain-ofpetrial/${base}.${ext}`));
  return { shp: read('shp'), shx: read('shx'), dbf: read('dbf') };
};

describe.skipIf(ofpetrial.missing)(ofpetrial.title('readShapefile on the ofpetrial sets'), () => {
  it('td: 609 polygon records with their rates, no structural issue', () => {
    const r = readShapefile(set('docs/reference/td'));
    expect(r.diagnostics).toEqual([]);
    expect(r.shapeTypeName).toBe('Polygon');
    expect(r.counts).toEqual({ shp: 609, shx: 609, dbf: 609 });
    expect(r.fields.map((f) => `${f.name}:${f.type}${f.length}.${f.decimals}`)).toEqual([
      'rate:N24.15',
      'strip_id:N24.15',
      'plot_id:N24.15',
      'type:C80.0',
    ]);
    expect(r.records[0]).toMatchObject({
      record: 1,
      deleted: false,
      attributes: { rate: 100, type: 'experiment' },
    });
    const rates = new Set(r.records.map((x) => x.attributes.rate));
    expect([...rates].sort()).toEqual([100, 140, 180, 220, 260]);
  });

  it('boundary-irregular1: one polygon of 151 vertices', () => {
    const r = readShapefile(set('inst/extdata/boundary-irregular1'));
    expect(r.records[0]?.polygons?.map((p) => p.map((ring) => ring.length / 2))).toEqual([[151]]);
    expect(r.records[0]?.attributes).toEqual({ Field: 'Kane 1 East', Obj__Id: 1, Bnd_Name: 'Kane 1 East' });
  });

  it('field_boundary_with_holes: the hole is grouped with its shell', () => {
    const r = readShapefile(set('inst/extdata/field_boundary_with_holes'));
    const polygons = r.records[0]?.polygons ?? [];
    expect(polygons).toHaveLength(1);
    expect(polygons[0]?.map((ring) => ring.length / 2)).toEqual([35, 27]);
    expect(signedArea(polygons[0]![0]!)).toBeLessThan(0); // shell clockwise, as stored
  });
});

describe('groupRings', () => {
  const ring = (r: number[]) => Float64Array.from(r);

  it('puts counter-clockwise holes into the smallest clockwise shell containing them', () => {
    const big = ring(square(0, 0, 10));
    const small = ring(square(20, 0, 5));
    const hole = ring(reversed(square(21, 1, 1)));
    expect(groupRings([big, small, hole])).toEqual([[big], [small, hole]]);
  });

  it('treats an orphan counter-clockwise ring as an outer ring', () => {
    const a = ring(square(0, 0, 1));
    const b = ring(reversed(square(5, 5, 1)));
    expect(groupRings([a, b])).toEqual([[a], [b]]);
  });

  it('groups by nesting when every ring runs counter-clockwise', () => {
    const shell = ring(reversed(square(0, 0, 10)));
    const hole = ring(reversed(square(2, 2, 2)));
    const island = ring(reversed(square(2.5, 2.5, 1)));
    expect(groupRings([shell, hole, island])).toEqual([[shell, hole], [island]]);
  });
});

describe('record kinds', () => {
  it('reads PolygonZ (dropping Z/M), points and Null records', () => {
    const z = readShapefile(buildShapefile({ shapeType: 15, records: [[square(0, 0, 1)]] }));
    expect(z.diagnostics).toEqual([]);
    expect(Array.from(z.records[0]?.polygons?.[0]?.[0] ?? [])).toEqual(square(0, 0, 1));
    const points = readShapefile(buildShapefile({ shapeType: 1, records: [[3, 4], null] }));
    expect(points.diagnostics).toEqual([]);
    expect(Array.from(points.records[0]?.points ?? [])).toEqual([3, 4]);
    expect(points.records[1]?.shapeType).toBe(0);
  });

  it("holds a record's points once: its parts are views of them, in order, not copies", () => {
    const shell = square(0, 0, 1);
    const hole = reversed(square(0.2, 0.2, 0.2));
    const r = readShapefile(buildShapefile({ records: [[shell, hole]] }));
    const parts = r.records[0]?.parts ?? [];
    expect(parts.map((p) => Array.from(p))).toEqual([shell, hole]);
    const points = (shell.length + hole.length) * 8;
    expect(parts.map((p) => [p.buffer.byteLength, p.byteOffset])).toEqual([
      [points, 0],
      [points, shell.length * 8],
    ]);
    expect(r.records[0]?.polygons?.[0]).toEqual(parts);
  });

  it('survives random damage without throwing', () => {
    const files = buildShapefile({
      records: [[square(0, 0, 1), reversed(square(0.2, 0.2, 0.2))], [square(1, 0, 1)]],
    });
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 300; k++) {
      const shp = files.shp.slice();
      const dbf = files.dbf.slice();
      for (let i = 0; i < 4; i++) shp[Math.floor(random() * shp.length)] = Math.floor(random() * 256);
      dbf[Math.floor(random() * dbf.length)] = Math.floor(random() * 256);
      expect(() => readShapefile({ shp, shx: files.shx, dbf })).not.toThrow();
    }
  });
});

describe('text encodings', () => {
  it('maps .cpg names and language driver ids', () => {
    expect(encodingLabel('UTF-8')).toBe('utf-8');
    expect(encodingLabel(' 1252 ')).toBe('windows-1252');
    expect(encodingLabel('ANSI 1251')).toBe('windows-1251');
    expect(encodingLabel('8859_2')).toBe('iso-8859-2');
    expect(encodingLabel('nonsense')).toBeUndefined();
    expect(chooseTextEncoding(undefined, 0x57).encoding).toMatchObject({
      name: 'ISO-8859-1',
      source: 'ldid',
    });
    expect(chooseTextEncoding(undefined, 0).encoding).toMatchObject({
      name: 'ISO-8859-1',
      source: 'default',
    });
    expect(chooseTextEncoding(undefined, 0x01).encoding.decode(Uint8Array.of(0x81))).toBe('ü');
  });
});

describe('transformShpCoordinates', () => {
  it('moves every point and recomputes the boxes, keeping the structure', () => {
    const files = buildShapefile({ records: [[square(0, 0, 1)], null, [square(2, 0, 1)]] });
    const moved = transformShpCoordinates(files.shp, files.shx, (xy) =>
      xy.map((v, i) => (i % 2 ? v + 10 : v * 2)),
    );
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(moved.shp.length).toBe(files.shp.length);
    const r = readShapefile({ shp: moved.shp, shx: moved.shx! });
    expect(r.diagnostics).toEqual([]);
    expect(r.bbox).toEqual([0, 10, 6, 11]);
    expect(transformShpCoordinates(files.shp, undefined, (xy) => xy.map(() => NaN))).toEqual({
      ok: false,
      reason: 'record 1, point 0 cannot be transformed',
    });
  });
});
