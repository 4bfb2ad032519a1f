/**
 * Zones and rates of a prescription: geometry per record, the zone limit, the rate column and its values,
 * overlapping zones and whether the zones look like one field. Runs on what readShapefile returned, in
 * stages whose results (zone-stages.ts) the rules of the zones visit (zone-rules.ts): the facts are found
 * here, what is a problem is decided there. Everything is reported with record numbers.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { reprojectPointToWgs84, reprojectToWgs84 } from '../crs/reproject.ts';
import { DECIMAL_NUMBER, type DbfField, type DbfValue } from '../shapefile/read-dbf.ts';
import type { ShapefileResult, ShapeRecord } from '../shapefile/read-shapefile.ts';
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { zoneRulesInReportOrder } from './zone-rules.ts';
import type { RateValue, ZoneStage } from './zone-stages.ts';
import { chooseRateColumn } from './rate-column.ts';
import type { RxCrs } from './rx-crs.ts';
import { crowdedZones, findZoneOverlaps } from './zone-overlaps.ts';
import { reportZoneValidity } from './zone-validity.ts';

const MAX_ZONES = 100;
/** Overlaps of a zone with zones of lower records looked for: n copies of one zone are n(n-1)/2 pairs. */
const OVERLAPS_PER_ZONE = 5;
/** Zones farther apart than this are separate groups (km). */
const GROUP_GAP_KM = 2;
/**
 * Per-record problems (empty zones, rates, overlaps) reported per rule before the rest are summed up; the
 * rules of the whole prescription report once or twice.
 */
const MAX_REPORTS_PER_RULE = 50;

export interface ZoneSettings {
  rateColumn?: string;
  maxZones?: number;
}

export interface ZoneCheckResult {
  /** Polygons per record in WGS 84 longitude/latitude; undefined where they cannot be placed. */
  lonLat: (Float64Array[][] | undefined)[];
  rateField?: DbfField;
  rateReason?: 'setting' | 'byName' | 'onlyNumeric';
  /** Rate per record (index = record - 1): a finite non-negative number, or undefined. */
  rates: (number | undefined)[];
  /** WGS 84 extent of all zones. */
  bbox?: Bbox;
}

export interface ZoneCheckInput {
  shapefile: ShapefileResult;
  crs: RxCrs;
  names: { shp: string; dbf: string; prj?: string };
  settings: ZoneSettings;
}

/** A record's polygons that have points (the zone as checked). */
export function zonePolygons(rec: ShapeRecord): Float64Array[][] {
  return (rec.polygons ?? []).filter((p) => p.length > 0 && (p[0]?.length ?? 0) > 0);
}

/** Hand a stage's result to every rule of the zones, in report order. */
function visit(stage: ZoneStage, reporter: DiagnosticCollector): void {
  for (const rule of zoneRulesInReportOrder) rule.check?.(stage, reporter.contextFor(rule));
}

/**
 * `validity`: each record's validity diagnostics (index as `shapefile.records`), found ahead on worker
 * threads (zone-jobs.ts); without it, or for a record it leaves undefined, they are found here.
 */
export function checkZones(
  input: ZoneCheckInput,
  collector: DiagnosticCollector,
  validity?: readonly (Diagnostic[] | undefined)[],
): ZoneCheckResult {
  const { shapefile, crs, names } = input;
  const reporter = collector.capped(MAX_REPORTS_PER_RULE);
  const records = shapefile.records;
  const result: ZoneCheckResult = { lonLat: [], rates: [] };
  const polygons = records.map(zonePolygons);

  // Geometry per record: empty records, then OGC validity.
  for (const [i, rec] of records.entries()) {
    if (rec.malformed) continue;
    const zone = polygons[i] ?? [];
    visit({ stage: 'record', shp: names.shp, record: rec.record, polygons: zone.length }, reporter);
    if (zone.length === 0) continue;
    const found = validity?.[i];
    if (found) for (const d of found) collector.diagnostics.push(d);
    else
      reportZoneValidity({ record: rec.record, polygons: zone }, names.shp, collector, (p) =>
        toLonLat(p, crs),
      );
  }

  const limit = input.settings.maxZones ?? MAX_ZONES;
  visit({ stage: 'zones', shp: names.shp, count: records.length, limit }, reporter);

  const zoneBoxes = placeZones(input, polygons, result, reporter);
  checkRates(input, result, reporter);

  const overlaps = findZoneOverlaps(
    records.flatMap((r, i) => (r.malformed ? [] : [{ record: r.record, polygons: polygons[i] ?? [] }])),
    { perZone: OVERLAPS_PER_ZONE },
  );
  for (const o of overlaps) {
    const point = toLonLat(o.point, crs);
    visit({ stage: 'overlap', shp: names.shp, record: o.record, other: o.other, point }, reporter);
  }
  for (const record of crowdedZones(overlaps, OVERLAPS_PER_ZONE))
    visit({ stage: 'overlapCrowded', shp: names.shp, record, limit: OVERLAPS_PER_ZONE }, reporter);

  checkExtent(input, result, zoneBoxes, reporter);
  reporter.finish();
  return result;
}

/** A point in the zones' CRS as [longitude, latitude]; undefined where it cannot be placed. */
export function toLonLat(point: [number, number], crs: RxCrs): [number, number] | undefined {
  if (crs.state === 'wgs84' || crs.state === 'missing') return point;
  if (crs.state === 'known') {
    const [lon, lat] = reprojectPointToWgs84(point[0], point[1], crs.crs);
    return Number.isFinite(lon) && Number.isFinite(lat) ? [lon, lat] : undefined;
  }
  return undefined;
}

/** The extent of a zone's rings (in whatever CRS they are in). */
function zoneBbox(polygons: Float64Array[][] | undefined): Bbox | undefined {
  let box: Bbox | undefined;
  for (const ring of (polygons ?? []).flat()) if (ring.length >= 2) box = unionBbox(box, ringBbox(ring));
  return box;
}

/**
 * Put the zones (`polygons`, one entry per record) in WGS 84: as they are (stated or assumed WGS 84), or
 * reprojected from a known CRS. Returns each zone's WGS 84 extent (empty when the zones cannot be placed).
 */
function placeZones(
  input: ZoneCheckInput,
  polygons: Float64Array[][][],
  result: ZoneCheckResult,
  reporter: DiagnosticCollector,
): (Bbox | undefined)[] {
  const { shapefile, crs } = input;
  if (crs.state === 'unknown') return [];
  if (crs.state === 'wgs84' || crs.state === 'missing') {
    let worst: [number, number] | undefined;
    for (const zone of polygons) {
      for (const ring of zone.flat()) {
        for (let i = 0; i + 1 < ring.length; i += 2) {
          const x = ring[i] ?? 0;
          const y = ring[i + 1] ?? 0;
          if (Math.abs(x) > 180 || Math.abs(y) > 90) {
            if (!worst || Math.abs(x) + Math.abs(y) > Math.abs(worst[0]) + Math.abs(worst[1])) worst = [x, y];
          }
        }
      }
    }
    if (worst) {
      // Coordinates that are not degrees cannot be placed, whether or not that is reported.
      visit({ stage: 'notDegrees', shp: input.names.shp, crs: crs.state, farthest: worst }, reporter);
      return [];
    }
    shapefile.records.forEach((rec, i) => {
      result.lonLat[rec.record - 1] = polygons[i] ?? [];
    });
  } else {
    shapefile.records.forEach((rec, i) => {
      result.lonLat[rec.record - 1] = (polygons[i] ?? []).map((polygon) =>
        polygon.map((ring) => reprojectToWgs84(ring, crs.crs)),
      );
    });
  }
  const boxes = result.lonLat.map(zoneBbox);
  let box: Bbox | undefined;
  for (const b of boxes) if (b) box = unionBbox(box, b);
  if (box && box.every(Number.isFinite)) result.bbox = box;
  return boxes;
}

/** A rate as the .dbf holds it: numbers and text that is a decimal number are numbers. */
function rateValue(raw: DbfValue | undefined): RateValue {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { kind: 'empty' };
  if (typeof raw === 'number') return { kind: 'number', value: raw };
  if (typeof raw === 'string' && DECIMAL_NUMBER.test(raw.trim()))
    return { kind: 'number', value: Number(raw) };
  return { kind: 'text', text: String(raw) };
}

function checkRates(input: ZoneCheckInput, result: ZoneCheckResult, reporter: DiagnosticCollector): void {
  const { shapefile, names } = input;
  const dbfRows = shapefile.counts.dbf;
  if (dbfRows === undefined) return; // no .dbf: reported as a missing member
  const fields = shapefile.fields;
  const setting = input.settings.rateColumn;
  const choice = chooseRateColumn(fields, setting);
  const columns = fields.map((f) => f.name);
  visit({ stage: 'rateColumn', dbf: names.dbf, choice, setting, columns }, reporter);
  if (!choice.ok) return;
  const field = choice.field;
  result.rateField = field;
  result.rateReason = choice.reason;
  for (const rec of shapefile.records) {
    const value = rateValue(rec.attributes[field.name]);
    const { record } = rec;
    const hasRow = record <= dbfRows;
    visit({ stage: 'rate', dbf: names.dbf, record, column: field.name, value, hasRow }, reporter);
    // Only a finite rate of 0 or more is a rate; the rules report the others.
    if (value.kind === 'number' && Number.isFinite(value.value) && value.value >= 0)
      result.rates[record - 1] = value.value;
  }
}

const KM_PER_DEGREE_LAT = 110.574;

function checkExtent(
  input: ZoneCheckInput,
  result: ZoneCheckResult,
  zoneBoxes: (Bbox | undefined)[],
  reporter: DiagnosticCollector,
): void {
  const box = result.bbox;
  if (!box) return;
  const midLat = ((box[1] + box[3]) / 2) * (Math.PI / 180);
  const kmPerDegreeLon = 111.32 * Math.cos(midLat);
  const width = (box[2] - box[0]) * kmPerDegreeLon;
  const height = (box[3] - box[1]) * KM_PER_DEGREE_LAT;

  // Single-linkage groups: zones whose boxes lie within GROUP_GAP_KM of each other belong together.
  const zones = zoneBoxes
    .map((b, i) => (b && b.every(Number.isFinite) ? { record: i + 1, box: b } : undefined))
    .filter((z): z is { record: number; box: Bbox } => z !== undefined)
    .sort((a, b) => a.box[0] - b.box[0]);
  const parent = zones.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] ?? i] ?? i;
    return i;
  };
  const gapX = GROUP_GAP_KM / Math.max(1e-6, kmPerDegreeLon);
  const gapY = GROUP_GAP_KM / KM_PER_DEGREE_LAT;
  for (let i = 0; i < zones.length; i++) {
    const a = zones[i]?.box as Bbox;
    for (let j = i + 1; j < zones.length; j++) {
      const b = zones[j]?.box as Bbox;
      if (b[0] > a[2] + gapX) break;
      if (b[1] > a[3] + gapY || a[1] > b[3] + gapY) continue;
      parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, Bbox>();
  zones.forEach((z, i) => {
    const r = root(i);
    groups.set(r, unionBbox(groups.get(r), z.box));
  });
  let far = 0;
  if (groups.size > 1) {
    const boxes = [...groups.values()];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as Bbox;
        const b = boxes[j] as Bbox;
        const dx = Math.max(0, a[0] - b[2], b[0] - a[2]) * kmPerDegreeLon;
        const dy = Math.max(0, a[1] - b[3], b[1] - a[3]) * KM_PER_DEGREE_LAT;
        far = Math.max(far, Math.hypot(dx, dy));
      }
    }
  }
  visit(
    {
      stage: 'extent',
      shp: input.names.shp,
      groups: groups.size,
      farthestKm: far,
      widthKm: width,
      heightKm: height,
    },
    reporter,
  );
}
