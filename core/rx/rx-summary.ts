/**
 * The prescription summary for `inspect` and the app: members, CRS, zone count, rate column and
 * statistics, area per rate class in acres on the WGS 84 ellipsoid, and a GeoJSON FeatureCollection of
 * the zones (RFC 7946: WGS 84, exterior rings counter-clockwise) for the map preview.
 */
import type { RxSummary } from '../input/kind-summary.ts';
import type {
  GeoJsonMultiPolygon,
  GeoJsonPolygon,
  GeoJsonPosition,
  ZoneFeatureProperties,
} from '../geojson/geojson.ts';
import type { JsonValue } from '../json/json-document.ts';
import { areaAcres } from '../geodesy/area.ts';
import type { DbfValue } from '../shapefile/read-dbf.ts';
import type { ShapefileResult } from '../shapefile/read-shapefile.ts';
import { signedArea } from '../planar/rings.ts';
import type { ZoneCheckResult } from './check-zones.ts';
import type { RxCrs } from './rx-crs.ts';
import type { RxMembers } from './rx-members.ts';

/** More distinct rates than this are summarised in equal-width classes. */
const MAX_RATE_CLASSES = 25;
const BINS = 10;

export interface RateClass {
  /** The rate, or for binned classes the lower bound. */
  rate: number;
  /** Upper bound, for binned classes. */
  upTo?: number;
  zones: number;
  acres: number;
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

function jsonValue(v: DbfValue): JsonValue {
  return typeof v === 'number' && !Number.isFinite(v) ? null : v;
}

/** Rings as GeoJSON positions, shell counter-clockwise and holes clockwise, rounded to 1e-8°. */
function geoJsonPolygon(polygon: Float64Array[]): GeoJsonPosition[][] {
  return polygon.map((ring, i) => {
    const ccw = signedArea(ring) > 0;
    const wantCcw = i === 0;
    const n = ring.length >> 1;
    // Made at its length: grown point by point, a ring's list left its smaller copies behind.
    const positions = new Array<GeoJsonPosition>(n);
    for (let k = 0; k < n; k++) {
      const j = ccw === wantCcw ? k : n - 1 - k;
      positions[k] = [round(ring[2 * j] ?? 0, 8), round(ring[2 * j + 1] ?? 0, 8)];
    }
    return positions;
  });
}

export function rateClasses(rates: (number | undefined)[], acres: (number | undefined)[]): RateClass[] {
  const distinct = [...new Set(rates.filter((r): r is number => r !== undefined))].sort((a, b) => a - b);
  if (distinct.length === 0) return [];
  const classes: RateClass[] = [];
  if (distinct.length <= MAX_RATE_CLASSES) {
    const index = new Map(distinct.map((r, i) => [r, i]));
    for (const r of distinct) classes.push({ rate: r, zones: 0, acres: 0 });
    rates.forEach((r, i) => {
      if (r === undefined) return;
      const c = classes[index.get(r) ?? 0] as RateClass;
      c.zones++;
      c.acres += acres[i] ?? 0;
    });
  } else {
    const lo = distinct[0] ?? 0;
    const hi = distinct[distinct.length - 1] ?? 0;
    const width = (hi - lo) / BINS;
    for (let b = 0; b < BINS; b++)
      classes.push({ rate: lo + b * width, upTo: lo + (b + 1) * width, zones: 0, acres: 0 });
    rates.forEach((r, i) => {
      if (r === undefined) return;
      const c = classes[Math.min(BINS - 1, Math.floor((r - lo) / width))] as RateClass;
      c.zones++;
      c.acres += acres[i] ?? 0;
    });
  }
  return classes.map((c) => ({ ...c, acres: round(c.acres, 3) }));
}

export interface RxSummaryInput {
  members?: RxMembers;
  shapefile?: ShapefileResult;
  crs?: RxCrs;
  zones?: ZoneCheckResult;
}

/**
 * `map: false` leaves the zones' GeoJSON out (about 70 bytes a point, four times the .shp's 16: most of the
 * memory a big prescription takes), for a report that shows none; rxZoneMap gives it when wanted.
 */
export function buildRxSummary(input: RxSummaryInput, { map = true }: { map?: boolean } = {}): RxSummary {
  const { members, shapefile, crs, zones } = input;
  const summary: RxSummary = { type: 'rx' };
  if (members) {
    summary.members = {
      shp: members.shp.name,
      shx: members.shx?.name ?? null,
      dbf: members.dbf?.name ?? null,
      prj: members.prj?.name ?? null,
      cpg: members.cpg?.name ?? null,
    };
    summary.extraFiles = members.extras.map((e) => e.name);
  }
  if (crs) {
    summary.crs =
      crs.state === 'missing'
        ? null
        : crs.state === 'unknown'
          ? { name: crs.name, code: null, known: false }
          : { name: crs.crs.name, code: crs.crs.code ?? null, known: true };
  }
  if (!shapefile) return summary;
  summary.shapeType = shapefile.shapeTypeName ?? null;
  summary.zoneCount = shapefile.records.length;
  summary.fields = shapefile.fields.map((f) => ({
    name: f.name,
    type: f.type,
    length: f.length,
    decimals: f.decimals,
  }));
  if (shapefile.encoding) summary.encoding = shapefile.encoding;
  if (!zones) return summary;

  summary.rateColumn = zones.rateField?.name ?? null;
  summary.rateColumnChosenBy = zones.rateReason ?? null;
  const acres = zones.lonLat.map((polygons) => (polygons ? areaAcres(polygons) : undefined));
  const valid = zones.rates.filter((r): r is number => r !== undefined);
  if (valid.length > 0) {
    const sum = valid.reduce((s, r) => s + r, 0);
    let weighted = 0;
    let weight = 0;
    zones.rates.forEach((r, i) => {
      const a = acres[i];
      if (r !== undefined && a !== undefined && Number.isFinite(a)) {
        weighted += r * a;
        weight += a;
      }
    });
    summary.rate = {
      min: Math.min(...valid),
      max: Math.max(...valid),
      mean: round(sum / valid.length, 6),
      areaWeightedMean: weight > 0 ? round(weighted / weight, 6) : null,
      zonesWithRate: valid.length,
    };
  } else summary.rate = null;
  const placed = acres.filter((a): a is number => a !== undefined && Number.isFinite(a));
  summary.totalAcres =
    placed.length > 0
      ? round(
          placed.reduce((s, a) => s + a, 0),
          3,
        )
      : null;
  summary.rateClasses = rateClasses(zones.rates, acres);
  summary.bbox = zones.bbox ? zones.bbox.map((v) => round(v, 8)) : null;

  if (map) {
    const features = zoneMapFeatures(shapefile, zones, acres);
    if (features) summary.map = { type: 'FeatureCollection', features };
  }
  return summary;
}

type ZoneMapFeatures = NonNullable<RxSummary['map']>['features'];

/** The zones as the summary's map has them (undefined where they cannot be placed). */
export function rxZoneMap(input: RxSummaryInput): ZoneMapFeatures | undefined {
  const { shapefile, zones } = input;
  if (!shapefile || !zones) return undefined;
  return zoneMapFeatures(
    shapefile,
    zones,
    zones.lonLat.map((polygons) => (polygons ? areaAcres(polygons) : undefined)),
  );
}

function zoneMapFeatures(
  shapefile: ShapefileResult,
  zones: ZoneCheckResult,
  acres: (number | undefined)[],
): ZoneMapFeatures | undefined {
  if (!zones.bbox) return undefined;
  const features: ZoneMapFeatures = [];
  for (const rec of shapefile.records) {
    const polygons = zones.lonLat[rec.record - 1];
    const rate = zones.rates[rec.record - 1];
    const properties: ZoneFeatureProperties = { record: rec.record, rate: rate ?? null };
    for (const [k, v] of Object.entries(rec.attributes)) if (!(k in properties)) properties[k] = jsonValue(v);
    if (acres[rec.record - 1] !== undefined) properties.acres = round(acres[rec.record - 1] ?? 0, 4);
    let geometry: GeoJsonPolygon | GeoJsonMultiPolygon | null = null;
    if (polygons && polygons.length === 1) {
      geometry = { type: 'Polygon', coordinates: geoJsonPolygon(polygons[0] as Float64Array[]) };
    } else if (polygons && polygons.length > 1) {
      geometry = { type: 'MultiPolygon', coordinates: polygons.map(geoJsonPolygon) };
    }
    features.push({ type: 'Feature', id: rec.record, properties, geometry });
  }
  return features;
}
