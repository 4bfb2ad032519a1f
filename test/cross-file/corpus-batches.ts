/**
 * Batches of files made from the real data of test/corpus, each in a clean version and with one mistake
 * planted, for the checks across files (core/cross-file) and the land mask (WGS008):
 *
 * - rx-moved: CSB fields of Union County, New Mexico (fields.csv) with a prescription drawn on one of them
 *   (its outline cut in two zones at its middle meridian, rates 12 and 15.7); planted: the prescription
 *   moved onto the neighbouring field (by the step between the two fields' centres).
 * - samples-shifted: the same fields with the A&L lab result of Enyart East 50 (lab-modus.xml: 20 samples),
 *   its event naming that field and each sample given a point on a grid inside it; planted: every point
 *   500 m north (the field is 470 m from south to north: every sample leaves it).
 * - duplicate-field: the fields in fields.csv and three more in more-fields.geojson; planted: a field of the
 *   CSV again in the GeoJSON under another name.
 * - swapped-axes: parcels of Brandenburg (antrag.zip, reprojected to WGS 84: the first six with no finding
 *   of their own) in fields.csv; planted: one parcel written latitude first (in range: 53.18 12.92 is a
 *   valid point, in the Arabian Sea).
 *
 * Written to test/corpus/derived/batches/<batch>/<clean|mistake>/ by corpus-batches.test.ts
 * (UPDATE_FIXTURES=1), which checks the committed files are these; provenance in NOTICE.
 */
import { readFileSync } from 'node:fs';
import { writeZip } from '../../core/archive/zip-writer.ts';
import { checkBoundary } from '../../core/boundary/check-boundary.ts';
import { importBoundaries } from '../../core/boundary/import-boundaries.ts';
import { isValidPolygons } from '../../core/geometry/validity.ts';
import type { PolygonRings } from '../../core/planar/geometry.ts';
import { signedArea } from '../../core/planar/rings.ts';
import { DiagnosticCollector } from '../../core/rules/reporter.ts';
import { writePolygonsWkt } from '../../core/wkt/write-wkt.ts';
import { buildShapefile } from '../rx/build-shapefile.ts';
import { corpusPath } from '../support/corpus.ts';

export interface BatchFileBytes {
  name: string;
  bytes: Uint8Array;
}

export interface CorpusBatch {
  batch: 'rx-moved' | 'samples-shifted' | 'duplicate-field' | 'swapped-axes';
  variant: 'clean' | 'mistake';
  files: BatchFileBytes[];
}

interface SourceField {
  id: string;
  acres: number;
  polygons: PolygonRings;
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The CSB fields of the GeoJSON sample (CSBID, CSBACRES), in file order. */
function csbFields(): SourceField[] {
  const doc = JSON.parse(readFileSync(corpusPath('derived/us_csb_2024_sample_wgs84.geojson'), 'utf8')) as {
    features: Array<{
      properties: { CSBID: string; CSBACRES: number };
      geometry: { type: string; coordinates: number[][][] | number[][][][] };
    }>;
  };
  return doc.features.map((f) => {
    const g = f.geometry;
    const polygons = (
      g.type === 'Polygon' ? [g.coordinates as number[][][]] : (g.coordinates as number[][][][])
    ).map((rings) => rings.map((ring) => Float64Array.from(ring.flat())));
    return { id: f.properties.CSBID, acres: f.properties.CSBACRES, polygons };
  });
}

/** The fields of the New Mexico batches: field 5 (the prescription's and the samples'), its neighbours. */
const FIELD_SET = [
  '351724000000002',
  '351724000000003',
  '351724000000004',
  '351724000000005',
  '351724000000007',
  '351724000000008',
];
const MORE_FIELDS = ['351724000000009', '351724000000010', '351724000000011'];
const TARGET = '351724000000005';
const NEIGHBOUR = '351724000000010';
/** The field planted again, under another name, in the GeoJSON. */
const DUPLICATED = '351724000000007';

const nameOf = (id: string): string => `CSB ${id}`;

function fieldsCsv(
  fields: readonly SourceField[],
  wkt: (f: SourceField) => string = (f) => writePolygonsWkt(f.polygons),
): Uint8Array {
  const rows = fields.map((f) => `Ault Farms,Enyart,${nameOf(f.id)},"${wkt(f)}",${f.acres.toFixed(2)}`);
  return text(`clientName,farmName,name,boundary,acres\n${rows.join('\n')}\n`);
}

function moreFieldsGeoJson(fields: ReadonlyArray<{ field: SourceField; name: string }>): Uint8Array {
  const features = fields.map(({ field, name }) => {
    const coordinates = field.polygons.map((rings) =>
      rings.map((ring) => Array.from({ length: ring.length / 2 }, (_, i) => [ring[2 * i], ring[2 * i + 1]])),
    );
    const geometry =
      coordinates.length === 1
        ? { type: 'Polygon', coordinates: coordinates[0] }
        : { type: 'MultiPolygon', coordinates };
    return { type: 'Feature', properties: { name, acres: Number(field.acres.toFixed(2)) }, geometry };
  });
  return text(`${JSON.stringify({ type: 'FeatureCollection', features }, null, 1)}\n`);
}

/** The part of a ring on one side of the meridian x = at (Sutherland–Hodgman). */
function clipRing(ring: Float64Array, at: number, west: boolean): Float64Array {
  const inside = (x: number): boolean => (west ? x <= at : x >= at);
  const out: number[] = [];
  const n = ring.length / 2 - 1;
  for (let i = 0; i < n; i++) {
    const ax = ring[2 * i] as number;
    const ay = ring[2 * i + 1] as number;
    const bx = ring[2 * i + 2] as number;
    const by = ring[2 * i + 3] as number;
    if (inside(ax)) out.push(ax, ay);
    if (inside(ax) !== inside(bx)) out.push(at, ay + ((at - ax) / (bx - ax)) * (by - ay));
  }
  out.push(out[0] as number, out[1] as number);
  return Float64Array.from(out);
}

/** Clockwise, as shapefiles want outer rings. */
function clockwise(ring: Float64Array): number[] {
  const points = Array.from(ring);
  if (signedArea(ring) <= 0) return points;
  const out: number[] = [];
  for (let i = points.length - 2; i >= 0; i -= 2) out.push(points[i] as number, points[i + 1] as number);
  return out;
}

const PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** A prescription of two zones: the field's outline cut at its middle meridian, moved by (dx, dy). */
function prescriptionZip(field: SourceField, dx: number, dy: number): Uint8Array {
  const shell = field.polygons[0]?.[0] as Float64Array;
  let xmin = Infinity;
  let xmax = -Infinity;
  for (let i = 0; i < shell.length; i += 2) {
    xmin = Math.min(xmin, shell[i] as number);
    xmax = Math.max(xmax, shell[i] as number);
  }
  const middle = (xmin + xmax) / 2;
  const zones = [clipRing(shell, middle, true), clipRing(shell, middle, false)].map((ring) =>
    ring.map((v, i) => Number((v + (i % 2 === 0 ? dx : dy)).toFixed(9))),
  );
  for (const zone of zones)
    if (!isValidPolygons([[zone]]))
      throw new Error(`a zone of field ${field.id} is not valid: choose another`);
  const shapefile = buildShapefile({
    records: zones.map((zone) => [clockwise(zone)]),
    fields: [
      { name: 'id', type: 'N', length: 9 },
      { name: 'DOSE', type: 'N', length: 24, decimals: 15 },
    ],
    rows: [
      [1, 12],
      [2, 15.7],
    ],
  });
  return writeZip([
    { name: 'rx.shp', bytes: shapefile.shp },
    { name: 'rx.shx', bytes: shapefile.shx },
    { name: 'rx.dbf', bytes: shapefile.dbf },
    { name: 'rx.prj', bytes: text(PRJ) },
  ]);
}

function centre(field: SourceField): [number, number] {
  let xmin = Infinity;
  let ymin = Infinity;
  let xmax = -Infinity;
  let ymax = -Infinity;
  for (const rings of field.polygons)
    for (let i = 0; i < (rings[0]?.length ?? 0); i += 2) {
      const x = rings[0]![i] as number;
      const y = rings[0]![i + 1] as number;
      xmin = Math.min(xmin, x);
      xmax = Math.max(xmax, x);
      ymin = Math.min(ymin, y);
      ymax = Math.max(ymax, y);
    }
  return [(xmin + xmax) / 2, (ymin + ymax) / 2];
}

/** Whether a point is inside a ring (even-odd). */
function inRing(ring: Float64Array, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const xi = ring[i] as number;
    const yi = ring[i + 1] as number;
    const xj = ring[j] as number;
    const yj = ring[j + 1] as number;
    if (yi > y !== yj > y && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}

/** `count` points on a grid inside the field, a little way in from its edges. */
function samplePoints(field: SourceField, count: number): Array<[number, number]> {
  const shell = field.polygons[0]?.[0] as Float64Array;
  const [cx, cy] = centre(field);
  const points: Array<[number, number]> = [];
  for (let step = 0.0004; points.length < count && step > 0.00002; step *= 0.8) {
    points.length = 0;
    for (let y = cy - 0.01; y <= cy + 0.01; y += step)
      for (let x = cx - 0.01; x <= cx + 0.01; x += step) {
        const margin = step / 3;
        if (
          [
            [0, 0],
            [margin, 0],
            [-margin, 0],
            [0, margin],
            [0, -margin],
          ].every(([dx, dy]) => inRing(shell, x + dx!, y + dy!))
        )
          points.push([Number(x.toFixed(7)), Number(y.toFixed(7))]);
      }
  }
  // Spread over the grid: every n-th point.
  const every = points.length / count;
  return Array.from({ length: count }, (_, i) => points[Math.floor(i * every)] as [number, number]);
}

/** lab-modus.xml with its event naming `fieldName` and the points given to its samples in order. */
function soilTest(fieldName: string, points: ReadonlyArray<[number, number]>): Uint8Array {
  const source = readFileSync(
    corpusPath('oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/lab-modus.xml'),
    'utf8',
  );
  const named = source.replace(
    '<Field ID="SCHALE MIKESELL 39.02 AC"></Field>',
    `<Field ID="${fieldName}"></Field>`,
  );
  if (named === source) throw new Error('lab-modus.xml changed: its FMISProfile field is not where it was');
  let k = 0;
  const placed = named.replace(/<\/SampleMetaData>/g, () => {
    const p = points[k++];
    if (!p) throw new Error('more samples than points');
    return `<Geometry epsg="4326">POINT (${p[0]} ${p[1]})</Geometry>\n</SampleMetaData>`;
  });
  if (k !== points.length) throw new Error(`lab-modus.xml has ${k} samples, not ${points.length}`);
  return text(placed);
}

/** Metres north as degrees of latitude. */
const northDegrees = (metres: number): number => metres / 111_320;

/** Parcels of Brandenburg, reprojected to WGS 84 by the boundary import: the first `count` with no finding. */
function brandenburgFields(count: number): SourceField[] {
  const zip = readFileSync(corpusPath('fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip'));
  const imported = importBoundaries(
    { name: 'antrag.zip', bytes: new Uint8Array(zip) },
    'shapefile',
    new DiagnosticCollector(),
  );
  const out: SourceField[] = [];
  for (const f of imported.features) {
    if (out.length >= count) break;
    const polygons = f.polygons.map((rings) => rings.map((ring) => ring.map((v) => Number(v.toFixed(8)))));
    const collector = new DiagnosticCollector();
    checkBoundary(writePolygonsWkt(polygons), {}, collector);
    if (collector.diagnostics.length === 0) out.push({ id: String(f.index), acres: 0, polygons });
  }
  return out;
}

function swappedWkt(field: SourceField): string {
  const swapped = field.polygons.map((rings) =>
    rings.map((ring) => ring.map((_, i) => ring[i % 2 === 0 ? i + 1 : i - 1] as number)),
  );
  return writePolygonsWkt(swapped);
}

/** Every batch, clean and with its mistake. */
export function corpusBatches(): CorpusBatch[] {
  const csb = csbFields();
  const byId = (id: string): SourceField => {
    const f = csb.find((x) => x.id === id);
    if (!f) throw new Error(`no CSB field ${id}`);
    return f;
  };
  const fields = FIELD_SET.map(byId);
  const target = byId(TARGET);
  const neighbour = byId(NEIGHBOUR);
  const csv = fieldsCsv([...fields, neighbour]);
  const [tx, ty] = centre(target);
  const [nx, ny] = centre(neighbour);
  const points = samplePoints(target, 20);
  const shift = northDegrees(500);
  const more = MORE_FIELDS.map((id) => ({ field: byId(id), name: nameOf(id) }));
  const bb = brandenburgFields(6);
  const bbCsv = (swapFirst: boolean): Uint8Array =>
    text(
      `clientName,farmName,name,boundary\n${bb
        .map(
          (f, i) =>
            `Land Brandenburg,antrag,Parcel ${f.id},"${swapFirst && i === 2 ? swappedWkt(f) : writePolygonsWkt(f.polygons)}"`,
        )
        .join('\n')}\n`,
    );
  return [
    {
      batch: 'rx-moved',
      variant: 'clean',
      files: [
        { name: 'fields.csv', bytes: csv },
        { name: 'rx.zip', bytes: prescriptionZip(target, 0, 0) },
      ],
    },
    {
      batch: 'rx-moved',
      variant: 'mistake',
      files: [
        { name: 'fields.csv', bytes: csv },
        { name: 'rx.zip', bytes: prescriptionZip(target, nx - tx, ny - ty) },
      ],
    },
    {
      batch: 'samples-shifted',
      variant: 'clean',
      files: [
        { name: 'fields.csv', bytes: csv },
        { name: 'soil.xml', bytes: soilTest(nameOf(TARGET), points) },
      ],
    },
    {
      batch: 'samples-shifted',
      variant: 'mistake',
      files: [
        { name: 'fields.csv', bytes: csv },
        {
          name: 'soil.xml',
          bytes: soilTest(
            nameOf(TARGET),
            points.map(([x, y]) => [x, Number((y + shift).toFixed(7))]),
          ),
        },
      ],
    },
    {
      batch: 'duplicate-field',
      variant: 'clean',
      files: [
        { name: 'fields.csv', bytes: fieldsCsv(fields) },
        { name: 'more-fields.geojson', bytes: moreFieldsGeoJson(more) },
      ],
    },
    {
      batch: 'duplicate-field',
      variant: 'mistake',
      files: [
        { name: 'fields.csv', bytes: fieldsCsv(fields) },
        {
          name: 'more-fields.geojson',
          bytes: moreFieldsGeoJson([...more, { field: byId(DUPLICATED), name: 'Home 16' }]),
        },
      ],
    },
    { batch: 'swapped-axes', variant: 'clean', files: [{ name: 'fields.csv', bytes: bbCsv(false) }] },
    { batch: 'swapped-axes', variant: 'mistake', files: [{ name: 'fields.csv', bytes: bbCsv(true) }] },
  ];
}

/** Facts the test checks the findings against. */
export const batchFacts = {
  target: nameOf(TARGET),
  neighbour: nameOf(NEIGHBOUR),
  duplicated: nameOf(DUPLICATED),
};
