import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { intersectionArea, PreparedPolygons } from '../../core/planar/polygon-overlay.ts';
import type { PolygonRings } from '../../core/planar/geometry.ts';
import { isValidPolygons } from '../../core/geometry/validity.ts';
import { parseWkt } from '../../core/wkt/parse-wkt.ts';
import { writePolygonsWkt } from '../../core/wkt/write-wkt.ts';
import { corpusPolygons } from './corpus-polygons.ts';
import { GEOS_PYTHON, geosUnavailableReason } from './geos.ts';

/**
 * The intersection areas of the checks across files (core/planar/polygon-overlay.ts) against GEOS's
 * (shapely: a.intersection(b).area), on real fields of the corpus: each with its neighbours (which share
 * edges, the hard case), with itself, and with itself moved by part of its size.
 */

const unavailable = geosUnavailableReason();
if (unavailable) console.warn(`overlay differential test skipped: ${unavailable}`);

const script = `import sys, shapely.wkt
for line in sys.stdin:
    a, b = line.rstrip('\\n').split('\\t')
    print(repr(shapely.wkt.loads(a).intersection(shapely.wkt.loads(b)).area))
`;

function moved(polygons: PolygonRings, dx: number, dy: number): PolygonRings {
  return polygons.map((rings) => rings.map((ring) => ring.map((v, i) => v + (i % 2 === 0 ? dx : dy))));
}

describe.skipIf(unavailable !== undefined)('intersection areas agree with GEOS', () => {
  it('on corpus fields: neighbours sharing edges, identical and moved copies', () => {
    const fields = corpusPolygons()
      .map((p) => parseWkt(p.wkt))
      .flatMap((r) => (r.ok && r.geometry.polygons.length > 0 ? [r.geometry.polygons] : []))
      .filter((polygons) => {
        // Degrees only (the projected shapefiles are the same fields again), valid only.
        const x = polygons[0]?.[0]?.[0] ?? 1000;
        return Math.abs(x) <= 180 && isValidPolygons(polygons);
      });
    const prepared = fields.map((f) => new PreparedPolygons(f));
    const pairs: Array<[PolygonRings, PolygonRings]> = [];
    fields.forEach((a, i) => {
      const [xmin, ymin, xmax, ymax] = prepared[i]!.bbox;
      pairs.push([a, a]);
      pairs.push([a, moved(a, (xmax - xmin) * 0.3, (ymax - ymin) * 0.2)]);
      fields.forEach((b, j) => {
        if (j <= i) return;
        const o = prepared[j]!.bbox;
        if (o[0] <= xmax && o[2] >= xmin && o[1] <= ymax && o[3] >= ymin) pairs.push([a, b]);
      });
    });
    expect(fields.length).toBeGreaterThan(150);
    expect(pairs.length).toBeGreaterThan(400);
    const input = pairs
      .map(([a, b]) => `${writePolygonsWkt(a, { multi: true })}\t${writePolygonsWkt(b, { multi: true })}`)
      .join('\n');
    const r = spawnSync(GEOS_PYTHON, ['-c', script], {
      input: `${input}\n`,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    expect(r.status, r.stderr).toBe(0);
    const geos = r.stdout.trim().split('\n').map(Number);
    expect(geos).toHaveLength(pairs.length);
    const worst: string[] = [];
    let touching = 0;
    pairs.forEach(([a, b], k) => {
      const pa = new PreparedPolygons(a);
      const pb = new PreparedPolygons(b);
      const ours = intersectionArea(pa, pb);
      const theirs = geos[k] as number;
      if (theirs === 0) touching++;
      // Relative to the smaller polygon: a share off by at most 1e-5 (GEOS and we differ by a few parts in
      // a million where two fields' edges run together a hair apart, as CSB's neighbours do).
      const scale = Math.min(pa.area, pb.area);
      if (Math.abs(ours - theirs) > 1e-5 * scale)
        worst.push(`pair ${k}: ours ${ours}, GEOS ${theirs}, area ${scale}`);
      // The other way round: the same up to slivers along shared edges.
      const back = intersectionArea(pb, pa);
      if (Math.abs(back - ours) > 1e-5 * scale) worst.push(`pair ${k} reversed: ${back} against ${ours}`);
    });
    expect(worst.slice(0, 5)).toEqual([]);
    // Neighbours that only share edges are there, and come out as 0 on both sides.
    expect(touching).toBeGreaterThan(20);
  });
});
