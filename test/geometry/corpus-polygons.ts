import { existsSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { isRingCCW } from '../../core/geometry/ring-location.ts';
import { EXTERIOR, locateInRing } from '../../core/planar/point-in-ring.ts';
import { writePolygonsWkt } from '../../core/wkt/write-wkt.ts';
import { corpusPath } from '../support/corpus.ts';

/**
 * Every polygon of the corpus (test/corpus, and the GPL ofpetrial files when ../shared is there) as one-line WKT, for comparing verdicts with GEOS: the WKT columns of
 * the derived CSVs, the GeoJSON files, and the polygon shapefiles (plain and zipped, projected ones
 * included: validity does not depend on the coordinate system). A small reader is enough here; the
 * product's shapefile import lives elsewhere.
 */

export interface CorpusPolygon {
  source: string;
  id: string;
  wkt: string;
}

function read(path: string): Buffer {
  return readFileSync(corpusPath(path));
}

function fromCsv(path: string, idColumn: string): CorpusPolygon[] {
  const parsed = Papa.parse<Record<string, string>>(read(path).toString('utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data.map((row, i) => ({ source: path, id: row[idColumn] ?? String(i), wkt: row.WKT ?? '' }));
}

type Position = number[];

function ringsToArrays(rings: Position[][]): Float64Array[] {
  return rings.map((ring) => Float64Array.from(ring.flatMap((p) => [p[0] ?? NaN, p[1] ?? NaN])));
}

function fromGeoJson(path: string): CorpusPolygon[] {
  const doc = JSON.parse(read(path).toString('utf8')) as {
    features: { properties?: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }[];
  };
  const out: CorpusPolygon[] = [];
  doc.features.forEach((f, i) => {
    const g = f.geometry;
    const id = String(f.properties?.CSBID ?? i);
    if (g.type === 'Polygon') {
      out.push({ source: path, id, wkt: writePolygonsWkt([ringsToArrays(g.coordinates as Position[][])]) });
    } else if (g.type === 'MultiPolygon') {
      const polygons = (g.coordinates as Position[][][]).map(ringsToArrays);
      out.push({ source: path, id, wkt: writePolygonsWkt(polygons, { multi: true }) });
    }
  });
  return out;
}

/** Polygon records of a .shp file as WKT; rings grouped into polygons by orientation (outer = clockwise). */
export function shapefilePolygons(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: string[] = [];
  let offset = 100;
  while (offset + 8 <= bytes.byteLength) {
    const contentBytes = view.getInt32(offset + 4, false) * 2;
    const start = offset + 8;
    offset = start + contentBytes;
    const type = view.getInt32(start, true);
    if (type !== 5 && type !== 15 && type !== 25) continue;
    const numParts = view.getInt32(start + 36, true);
    const numPoints = view.getInt32(start + 40, true);
    const partsAt = start + 44;
    const pointsAt = partsAt + 4 * numParts;
    const rings: Float64Array[] = [];
    for (let p = 0; p < numParts; p++) {
      const from = view.getInt32(partsAt + 4 * p, true);
      const to = p + 1 < numParts ? view.getInt32(partsAt + 4 * (p + 1), true) : numPoints;
      const ring = new Float64Array(2 * (to - from));
      for (let k = from; k < to; k++) {
        ring[2 * (k - from)] = view.getFloat64(pointsAt + 16 * k, true);
        ring[2 * (k - from) + 1] = view.getFloat64(pointsAt + 16 * k + 8, true);
      }
      rings.push(ring);
    }
    const shells = rings.filter((r) => !isRingCCW(r, 0, r.length >> 1));
    const holes = rings.filter((r) => isRingCCW(r, 0, r.length >> 1));
    if (shells.length === 0) {
      out.push(writePolygonsWkt(rings.map((r) => [r])));
      continue;
    }
    const polygons: Float64Array[][] = shells.map((s) => [s]);
    for (const hole of holes) {
      const owner = shells.findIndex(
        (s) => locateInRing(hole[0] as number, hole[1] as number, s, 0, s.length >> 1) !== EXTERIOR,
      );
      (polygons[owner < 0 ? 0 : owner] as Float64Array[]).push(hole);
    }
    out.push(writePolygonsWkt(polygons));
  }
  return out;
}

function fromShapefile(path: string): CorpusPolygon[] {
  return shapefilePolygons(read(path)).map((wkt, i) => ({ source: path, id: String(i + 1), wkt }));
}

function fromZip(path: string): CorpusPolygon[] {
  const entries = unzipSync(read(path));
  const out: CorpusPolygon[] = [];
  for (const [name, bytes] of Object.entries(entries)) {
    if (!name.toLowerCase().endsWith('.shp')) continue;
    shapefilePolygons(bytes).forEach((wkt, i) =>
      out.push({ source: `${path}!${name}`, id: String(i + 1), wkt }),
    );
  }
  return out;
}

/** The files only ../shared has (GPL-3.0 ofpetrial data, not copied into the project). */
export const SHARED_ONLY_POLYGON_FILES = [
  'DIFM-Brain-ofpetrial/inst/extdata/boundary-simple1.shp',
  'DIFM-Brain-ofpetrial/inst/extdata/boundary-irregular1.shp',
  'DIFM-Brain-ofpetrial/inst/extdata/field_boundary_with_holes.shp',
  'DIFM-Brain-ofpetrial/inst/extdata/ssurgo-simple1.shp',
  'DIFM-Brain-ofpetrial/docs/reference/td.shp',
  'derived/ofpetrial_td.zip',
];

/** All corpus polygons: those of the project's copy, and those only ../shared has when it is there. */
export function corpusPolygons(): CorpusPolygon[] {
  const shared = (path: string, read: (p: string) => CorpusPolygon[]): CorpusPolygon[] =>
    existsSync(corpusPath(path)) ? read(path) : [];
  return [
    ...fromCsv('derived/us_csb_2024_sample_wgs84.csv', 'CSBID'),
    ...fromCsv('derived/se2023_wgs84.csv', 'blockid'),
    ...fromGeoJson('derived/us_csb_2024_sample_wgs84.geojson'),
    ...fromGeoJson('dev4Agriculture-isoxml-js/data/test.geojson'),
    ...shared('DIFM-Brain-ofpetrial/inst/extdata/boundary-simple1.shp', fromShapefile),
    ...shared('DIFM-Brain-ofpetrial/inst/extdata/boundary-irregular1.shp', fromShapefile),
    ...shared('DIFM-Brain-ofpetrial/inst/extdata/field_boundary_with_holes.shp', fromShapefile),
    ...shared('DIFM-Brain-ofpetrial/inst/extdata/ssurgo-simple1.shp', fromShapefile),
    ...shared('DIFM-Brain-ofpetrial/docs/reference/td.shp', fromShapefile),
    ...fromZip('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip'),
    ...fromZip('fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip'),
    ...shared('derived/ofpetrial_td.zip', fromZip),
    ...fromZip('derived/isoxml_test_rx.zip'),
  ];
}
