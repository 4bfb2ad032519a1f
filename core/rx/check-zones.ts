/**
 * Zones and rates of a prescription: geometry per record, the zone limit, the rate column and its values,
 * overlapping zones and whether the zones look like one field. Runs on what readShapefile returned;
 * everything is reported with record numbers.
 */
import { reprojectPointToWgs84, reprojectToWgs84 } from '../crs/reproject.ts';
import { DECIMAL_NUMBER, type DbfField } from '../shapefile/read-dbf.ts';
import type { ShapefileResult, ShapeRecord } from '../shapefile/read-shapefile.ts';
import { ringBbox, unionBbox, type Bbox } from '../planar/rings.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import {
  coordinatesNotDegrees,
  extentImplausible,
  nullShape,
  rateColumn,
  rateColumnMissing,
  rateEmpty,
  rateInvalid,
  zoneCount,
  zonesOverlap,
} from './zone-rules.ts';
import { chooseRateColumn } from './rate-column.ts';
import type { RxCrs } from './rx-crs.ts';
import { findZoneOverlaps } from './zone-overlaps.ts';
import { reportZoneValidity } from './zone-validity.ts';

const MAX_ZONES = 100;
/** Zones farther apart than this are separate groups (km). */
const GROUP_GAP_KM = 2;
/** Zones spanning more than this in either direction are more than one field (km). */
const MAX_SPAN_KM = 10;
/** Per-record problems (empty zones, rates, overlaps) reported per rule before the rest are summed up. */
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

function zonePolygons(rec: ShapeRecord): Float64Array[][] {
  return (rec.polygons ?? []).filter((p) => p.length > 0 && (p[0]?.length ?? 0) > 0);
}

export function checkZones(input: ZoneCheckInput, collector: DiagnosticCollector): ZoneCheckResult {
  const { shapefile, crs, names } = input;
  const reporter = collector.capped(MAX_REPORTS_PER_RULE);
  const records = shapefile.records;
  const result: ZoneCheckResult = { lonLat: [], rates: [] };
  const polygons = records.map(zonePolygons);

  // Geometry per record: empty records, then OGC validity.
  for (const [i, rec] of records.entries()) {
    if (rec.malformed) continue;
    const zone = polygons[i] ?? [];
    if (zone.length === 0) {
      reporter.report(nullShape, {
        messageId: 'empty',
        data: { record: rec.record },
        location: { entry: names.shp, record: rec.record, row: rec.record },
        hint: 'Delete the record (shape and row), or draw the zone’s polygon.',
      });
      continue;
    }
    reportZoneValidity({ record: rec.record, polygons: zone }, names.shp, collector, (p) => toLonLat(p, crs));
  }

  const maxZones = input.settings.maxZones ?? MAX_ZONES;
  if (records.length === 0) {
    collector.report(zoneCount, {
      messageId: 'none',
      location: { entry: names.shp },
      hint: 'Export the prescription again; the shapefile holds no records.',
    });
  } else if (records.length > maxZones) {
    collector.report(zoneCount, {
      messageId: 'tooMany',
      data: { count: records.length, limit: maxZones },
      location: { entry: names.shp },
      hint: `Dissolve neighbouring zones that share a rate (one record per rate class), or use coarser zones, to get at most ${maxZones} records.`,
    });
  }

  const zoneBoxes = placeZones(input, polygons, result, collector);
  checkRates(input, result, collector, reporter);

  const overlaps = findZoneOverlaps(
    records.flatMap((r, i) => (r.malformed ? [] : [{ record: r.record, polygons: polygons[i] ?? [] }])),
  );
  for (const o of overlaps) {
    const point = toLonLat(o.point, crs);
    reporter.report(zonesOverlap, {
      messageId: 'overlap',
      data: {
        record: o.record,
        other: o.other,
        near: point ? ` near ${describeNear(point)}` : '',
      },
      location: point
        ? { entry: names.shp, record: o.record, row: o.record, point }
        : { entry: names.shp, record: o.record, row: o.record },
      related: [{ message: `zone ${o.other}`, location: { entry: names.shp, record: o.other } }],
      hint: 'Clip one zone by the other so that every spot of the field has one rate.',
    });
  }

  checkExtent(input, result, zoneBoxes, collector);
  reporter.finish();
  return result;
}

/**
 * The overlap point in words: latitude and longitude when it is in degrees; without a .prj the file's own
 * numbers (often projected metres) are shown as x and y, not called degrees.
 */
function describeNear(point: [number, number]): string {
  const [x, y] = point;
  if (Math.abs(x) <= 180 && Math.abs(y) <= 90) return `${y.toFixed(6)}, ${x.toFixed(6)} (lat, lon)`;
  return `x ${Number(x.toPrecision(12))}, y ${Number(y.toPrecision(12))} (the file's coordinates, not degrees)`;
}

function toLonLat(point: [number, number], crs: RxCrs): [number, number] | undefined {
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
  collector: DiagnosticCollector,
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
      const fmt = (v: number): string => String(Number(v.toPrecision(10)));
      collector.report(coordinatesNotDegrees, {
        messageId: 'outOfRange',
        data: {
          x: fmt(worst[0]),
          y: fmt(worst[1]),
          prj: crs.state === 'missing' ? ' (there is no .prj)' : ', although the .prj says WGS 84',
        },
        location: { entry: input.names.shp },
        hint:
          crs.state === 'missing'
            ? 'Zip the .prj that came with the shapefile; Fieldgate can then reproject the zones (unsafe fix).'
            : 'The .prj does not match the coordinates; zip the original .prj, or reproject the zones to WGS 84.',
      });
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

function checkRates(
  input: ZoneCheckInput,
  result: ZoneCheckResult,
  collector: DiagnosticCollector,
  reporter: DiagnosticCollector,
): void {
  const { shapefile, names } = input;
  if (shapefile.counts.dbf === undefined) return; // no .dbf: reported as a missing member
  const fields = shapefile.fields;
  const choice = chooseRateColumn(fields, input.settings.rateColumn);
  const list = (xs: string[]): string => (xs.length === 0 ? 'none' : xs.map((x) => `"${x}"`).join(', '));
  if (!choice.ok) {
    collector.report(rateColumnMissing, {
      messageId: choice.reason,
      data: {
        column: input.settings.rateColumn ?? '',
        columns: list(choice.candidates),
        count: choice.candidates.length,
      },
      location: { entry: names.dbf },
      hint:
        choice.reason === 'setting'
          ? `Set settings.rateColumn to one of ${list(fields.map((f) => f.name))}.`
          : 'Name the rate column RATE (or Rx, Target, DOSE), or set settings.rateColumn.',
    });
    return;
  }
  const field = choice.field;
  result.rateField = field;
  result.rateReason = choice.reason;
  const others = choice.others.length > 0 ? `; other candidates: ${list(choice.others)}` : '';
  collector.report(rateColumn, {
    messageId: choice.reason,
    data: { column: field.name, others },
    location: { entry: names.dbf, field: field.name },
  });
  const textual = field.type === 'C';
  if (textual) {
    collector.report(rateColumn, {
      messageId: 'text',
      data: { column: field.name, type: `${field.type} ${field.length}` },
      location: { entry: names.dbf, field: field.name },
      severity: 'warning',
      hint: 'Store the rates in a numeric field (N or F) so every reader sees numbers.',
    });
  }
  for (const rec of shapefile.records) {
    const location = { entry: names.dbf, record: rec.record, row: rec.record, field: field.name };
    const raw = rec.attributes[field.name];
    let value: number | undefined;
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
      if (shapefile.counts.dbf !== undefined && rec.record <= shapefile.counts.dbf) {
        reporter.report(rateEmpty, {
          messageId: 'empty',
          data: { record: rec.record, column: field.name },
          location,
          hint: 'Give the zone a rate; use 0 for zones that get nothing.',
        });
      }
    } else if (typeof raw === 'number') {
      value = raw;
    } else if (typeof raw === 'string' && DECIMAL_NUMBER.test(raw.trim())) {
      value = Number(raw);
    } else {
      reporter.report(rateInvalid, {
        messageId: 'notNumber',
        data: { record: rec.record, value: String(raw) },
        location,
        hint: 'Write the rate as a number with a decimal point, e.g. 12.5.',
      });
    }
    if (value === undefined) continue;
    if (!Number.isFinite(value)) {
      reporter.report(rateInvalid, {
        messageId: 'notFinite',
        data: { record: rec.record, value: String(value) },
        location,
        hint: 'Give the zone a real rate; use 0 for zones that get nothing.',
      });
    } else if (value < 0) {
      reporter.report(rateInvalid, {
        messageId: 'negative',
        data: { record: rec.record, value },
        location,
        hint:
          value <= -999
            ? 'This looks like a no-data marker; use 0 for zones that get nothing, or delete the zone.'
            : 'Rates must be 0 or more.',
      });
    } else result.rates[rec.record - 1] = value;
  }
}

const KM_PER_DEGREE_LAT = 110.574;

function checkExtent(
  input: ZoneCheckInput,
  result: ZoneCheckResult,
  zoneBoxes: (Bbox | undefined)[],
  collector: DiagnosticCollector,
): void {
  const box = result.bbox;
  if (!box) return;
  const midLat = ((box[1] + box[3]) / 2) * (Math.PI / 180);
  const kmPerDegreeLon = 111.32 * Math.cos(midLat);
  const width = (box[2] - box[0]) * kmPerDegreeLon;
  const height = (box[3] - box[1]) * KM_PER_DEGREE_LAT;
  const location = { entry: input.names.shp };

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
  if (groups.size > 1) {
    const boxes = [...groups.values()];
    let far = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as Bbox;
        const b = boxes[j] as Bbox;
        const dx = Math.max(0, a[0] - b[2], b[0] - a[2]) * kmPerDegreeLon;
        const dy = Math.max(0, a[1] - b[3], b[1] - a[3]) * KM_PER_DEGREE_LAT;
        far = Math.max(far, Math.hypot(dx, dy));
      }
    }
    collector.report(extentImplausible, {
      messageId: 'apart',
      data: { groups: groups.size, distance: far.toFixed(1) },
      location,
      hint: 'Put each field’s prescription in its own ZIP, and check for zones with misplaced coordinates.',
    });
  } else if (width > MAX_SPAN_KM || height > MAX_SPAN_KM) {
    collector.report(extentImplausible, {
      messageId: 'large',
      data: { width: width.toFixed(1), height: height.toFixed(1) },
      location,
      hint: 'Check that the ZIP holds one field’s zones.',
    });
  }
}
