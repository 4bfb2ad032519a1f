/**
 * The checks across the files of one batch, run after each file was checked on its own: from each file's
 * geometry (core/input/batch-geometry.ts: field boundaries, prescription zones, sample points, each with
 * where it is), with exact areas in the plane (core/planar/polygon-overlay.ts):
 *
 * - a prescription on no field of the batch (XF001), on several (XF002), or a zone reaching beyond its
 *   field by more than a share of its area (XF003, `rxOutsideShare`, default 5 %);
 * - a soil sample in no field (XF004), or in another field than the one its file names (XF005);
 * - the same ground in two files (XF006).
 *
 * Each diagnostic belongs to one file (the prescription, the Modus file, the later boundary file), at the
 * zone, sample or field, with `related` places in the other files. Fields are found through a grid of
 * cells over their boxes (field-index.ts), so a batch of many fields costs a few lookups per zone or sample.
 */
import type { Diagnostic, RelatedLocation } from '../diagnostics/diagnostic.ts';
import { areaAcres } from '../geodesy/area.ts';
import type { BatchPoint, BatchSample, BatchZone } from '../input/batch-geometry.ts';
import {
  intersectionArea,
  pointDistance,
  polygonDistance,
  PreparedPolygons,
} from '../planar/polygon-overlay.ts';
import { unionBbox, type Bbox } from '../planar/rings.ts';
import { boxesMeet, boxOf, FieldIndex, type IndexedField } from './field-index.ts';
import type { FileGeometry } from './across-files-apply.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import {
  batchGeometryLimited,
  pointsOutsideFields,
  rxAcrossFields,
  rxOutsideFields,
  rxZoneBeyondField,
  sameGroundInTwoFiles,
  sampleInOtherField,
  sampleOutsideFields,
} from './cross-file-rules.ts';
import { formatCount } from '../values/format-count.ts';

export interface AcrossFilesOptions {
  selection?: RuleSelection;
  /** A zone may lie outside its field by this share of its area (default 0.05). */
  rxOutsideShare?: number;
}

/** A field of the batch holds this share of a prescription's zones before they count as on it. */
const ON_FIELD_SHARE = 0.01;
/** Each of two fields has this share of its area in the other: the same ground. */
const SAME_GROUND_SHARE = 0.8;
/** Metres per degree of latitude (and of longitude at the equator), near enough for distances shown. */
const METRES_PER_DEGREE = 111_320;

const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

function prepared(entry: IndexedField): PreparedPolygons {
  entry.prepared ??= new PreparedPolygons(entry.field.polygons);
  return entry.prepared;
}

/** Of `fields`, the one whose outline is nearest the point (x, y), and how far; undefined when none. */
function closestField(
  fields: Iterable<IndexedField>,
  x: number,
  y: number,
): { field: IndexedField; distance: number } | undefined {
  const xScale = Math.cos((y * Math.PI) / 180);
  let closest: { field: IndexedField; distance: number } | undefined;
  for (const field of fields) {
    const distance = pointDistance(prepared(field), x, y, xScale);
    if (distance < (closest?.distance ?? Infinity)) closest = { field, distance };
  }
  return closest;
}

/** "row 3" from "Row 3": a record's label inside a sentence. */
const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** A file's name without its folders, for messages (the related place has the whole name). */
const baseName = (file: string): string =>
  file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);

/** How a message names a field: `"North 40" (fields.csv, row 3)`, or `row 3 of fields.csv`. */
function describeField(entry: IndexedField): string {
  const label = lowerFirst(entry.field.label);
  const file = baseName(entry.file);
  return entry.field.name !== undefined ? `"${entry.field.name}" (${file}, ${label})` : `${label} of ${file}`;
}

function fieldPlace(entry: IndexedField, message: string): RelatedLocation {
  return { message, location: { ...entry.field.location, file: entry.file } };
}

function distanceText(degrees: number): string {
  const metres = degrees * METRES_PER_DEGREE;
  if (metres < 1000) return `${Math.max(1, Math.round(metres / 10) * 10)} m`;
  if (metres < 10_000) return `${(metres / 1000).toFixed(1)} km`;
  return `${formatCount(Math.round(metres / 1000))} km`;
}

function percent(share: number): string {
  const p = share * 100;
  return `${p >= 10 ? Math.round(p) : Number(p.toFixed(1))} %`;
}

function pointText([lon, lat]: [number, number]): string {
  const part = (v: number, positive: string, negative: string): string =>
    `${Math.abs(v).toFixed(5)} ${v < 0 ? negative : positive}`;
  return `${part(lon, 'E', 'W')} ${part(lat, 'N', 'S')}`;
}

function acresText(acres: number): string {
  return acres >= 100 ? String(Math.round(acres)) : String(Number(acres.toPrecision(3)));
}

/** Run the checks across files; every diagnostic has its `location.file`. */
export function checkAcrossFiles(
  files: readonly FileGeometry[],
  options: AcrossFilesOptions = {},
): Diagnostic[] {
  const collector = new DiagnosticCollector(options.selection);
  const index = new FieldIndex();
  files.forEach((f, order) => {
    for (const field of f.geometry.fields) {
      const entry: IndexedField = { file: f.file, order, field, bbox: boxOf(field.polygons) };
      if (field.name !== undefined) entry.key = nameKey(field.name);
      if (entry.bbox.every(Number.isFinite)) index.add(entry);
    }
  });
  if (index.all.length === 0) return [];
  const out: Diagnostic[] = [];
  const take = (file: string): void => {
    for (const d of collector.take()) out.push({ ...d, location: { file, ...d.location } });
  };
  const limit = options.rxOutsideShare ?? 0.05;
  files.forEach((f, order) => {
    const dropped = f.geometry.dropped ?? 0;
    if (dropped > 0)
      collector.report(batchGeometryLimited, {
        messageId: 'limited',
        data: { limit: formatCount(f.geometry.fields.length), dropped: dropped },
        location: {},
        hint: 'Split the file, or give the prescriptions and soil tests with the part that holds their fields.',
      });
    if (f.geometry.fields.length > 0 && collector.isEnabled(sameGroundInTwoFiles))
      sameGround(order, index, collector);
    if (f.geometry.zones.length > 0) checkPrescription(f.geometry.zones, index, limit, collector);
    if (f.geometry.samples.length > 0) checkSamples(f.geometry.samples, index, collector);
    if (f.geometry.points.length > 0 && collector.isEnabled(pointsOutsideFields))
      countPointsOutside(f.geometry.points, index, collector);
    take(f.file);
  });
  return out;
}

function sameGround(order: number, index: FieldIndex, collector: DiagnosticCollector): void {
  // Each pair once, on the later file: the first file has no earlier one.
  if (order === 0) return;
  for (const mine of index.all) {
    if (mine.order !== order) continue;
    const a = prepared(mine);
    if (a.area <= 0) continue;
    for (const other of index.near(mine.bbox)) {
      // Fields of one file are that file's own checks' business.
      if (other.order >= order) continue;
      const b = prepared(other);
      if (b.area <= 0) continue;
      const box = [
        Math.max(mine.bbox[0], other.bbox[0]),
        Math.max(mine.bbox[1], other.bbox[1]),
        Math.min(mine.bbox[2], other.bbox[2]),
        Math.min(mine.bbox[3], other.bbox[3]),
      ];
      // The boxes' overlap bounds the fields' overlap: no need to measure neighbours that only touch.
      const boxArea = Math.max(0, (box[2] ?? 0) - (box[0] ?? 0)) * Math.max(0, (box[3] ?? 0) - (box[1] ?? 0));
      if (boxArea < SAME_GROUND_SHARE * Math.min(a.area, b.area)) continue;
      const shared = intersectionArea(a, b);
      const shareA = shared / a.area;
      const shareB = shared / b.area;
      if (shareA < SAME_GROUND_SHARE) continue;
      const same = shareB >= SAME_GROUND_SHARE;
      collector.report(sameGroundInTwoFiles, {
        messageId: same ? 'same' : 'inside',
        ...(same ? {} : { severity: 'warning' as const }),
        data: {
          field: describeField(mine),
          other: describeField(other),
          share: percent(same ? Math.min(shareA, shareB) : shareA),
        },
        location: mine.field.location,
        related: [fieldPlace(other, same ? 'the same ground in another file' : 'the larger field')],
        hint: same
          ? 'Keep the field in one file, under one name; if both are meant, correct the boundary that is wrong.'
          : 'Check which boundary is right: a field drawn inside another is sent as a second field on the same ground.',
      });
      break;
    }
  }
}

function zonesBox(zones: readonly BatchZone[]): Bbox {
  let box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const z of zones) box = unionBbox(box, boxOf(z.polygons));
  return box;
}

function checkPrescription(
  zones: readonly BatchZone[],
  index: FieldIndex,
  limit: number,
  collector: DiagnosticCollector,
): void {
  const wanted = [rxOutsideFields, rxAcrossFields, rxZoneBeyondField].some((r) => collector.isEnabled(r));
  if (!wanted) return;
  const box = zonesBox(zones);
  if (!box.every(Number.isFinite)) return;
  const prepZones = zones.map((z) => ({ zone: z, prepared: new PreparedPolygons(z.polygons) }));
  const total = prepZones.reduce((s, z) => s + z.prepared.area, 0);
  if (total <= 0) return;
  const candidates = index.near(box);
  // Area of each zone in each candidate field.
  const shared = candidates.map((field) =>
    prepZones.map((z) =>
      boxesMeet(z.prepared.bbox, field.bbox) ? intersectionArea(z.prepared, prepared(field)) : 0,
    ),
  );
  const perField = shared.map((list) => list.reduce((s, a) => s + a, 0));
  const largest = prepZones.reduce((best, z) => (z.prepared.area > best.prepared.area ? z : best));
  if (perField.every((a) => a <= 0)) {
    const near = index.nearest(box, 5);
    const xScale = Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180);
    let best: { field: IndexedField; d: number } | undefined;
    const all = new PreparedPolygons(zones.flatMap((z) => z.polygons));
    for (const field of near) {
      const d = polygonDistance(all, prepared(field), xScale);
      if (!best || d < best.d) best = { field, d };
    }
    if (!best) return;
    collector.report(rxOutsideFields, {
      messageId: 'outside',
      data: { zones: zones.length, nearest: describeField(best.field), distance: distanceText(best.d) },
      location: largest.zone.location,
      related: [fieldPlace(best.field, 'the nearest field')],
      hint: 'Check that the prescription is the one for this field and in the right coordinate system (its .prj); or add its field’s boundary to the batch.',
    });
    return;
  }
  const on = candidates
    .map((field, i) => ({ field, i, share: (perField[i] ?? 0) / total }))
    .filter((x) => x.share >= ON_FIELD_SHARE)
    .sort((a, b) => b.share - a.share);
  if (on.length >= 2) {
    // At the zone with most of its area on the second field, so the map shows both.
    const second = on[1]!;
    let at = largest;
    let most = -1;
    prepZones.forEach((z, k) => {
      const a = shared[second.i]?.[k] ?? 0;
      if (a > most) {
        most = a;
        at = z;
      }
    });
    collector.report(rxAcrossFields, {
      messageId: 'several',
      data: {
        count: on.length,
        fields: on.map((x) => `${describeField(x.field)}, ${percent(x.share)}`).join('; '),
      },
      location: at.zone.location,
      related: on.map((x) => fieldPlace(x.field, `${percent(x.share)} of the zones`)),
      hint: 'A prescription is for one field: split it per field, or move it onto the field it was made for.',
    });
    return;
  }
  // Its field: the one holding most of it.
  let main = 0;
  perField.forEach((a, i) => {
    if (a > (perField[main] ?? 0)) main = i;
  });
  const field = candidates[main];
  if (!field) return;
  prepZones.forEach((z, k) => {
    const area = z.prepared.area;
    if (area <= 0) return;
    const outside = 1 - (shared[main]?.[k] ?? 0) / area;
    if (outside <= limit) return;
    const acres = areaAcres(z.zone.polygons);
    collector.report(rxZoneBeyondField, {
      messageId: 'beyond',
      data: {
        record: z.zone.record,
        rate: z.zone.rate !== undefined ? `rate ${z.zone.rate}` : 'no rate',
        field: describeField(field),
        share: percent(outside),
        acres: acresText(acres),
        limit: percent(limit),
      },
      location: z.zone.location,
      related: [fieldPlace(field, 'the field')],
      hint: 'Clip the zone to the field boundary, or check that prescription and boundary are of the same field and neither was moved.',
    });
  });
}

function checkSamples(
  samples: readonly BatchSample[],
  index: FieldIndex,
  collector: DiagnosticCollector,
): void {
  if (!collector.isEnabled(sampleOutsideFields) && !collector.isEnabled(sampleInOtherField)) return;
  for (const sample of samples) {
    const [x, y] = sample.point;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const inside = index.near([x, y, x, y]).filter((f) => prepared(f).covers(x, y));
    const named = sample.field !== undefined ? nameKey(sample.field) : undefined;
    const namedFields = named !== undefined ? index.all.filter((f) => f.key === named) : [];
    if (inside.length === 0) {
      if (namedFields.length > 0) {
        const { field: best, distance: d } = closestField(namedFields, x, y) ?? {
          field: namedFields[0]!,
          distance: Infinity,
        };
        collector.report(sampleOutsideFields, {
          messageId: 'outsideNamed',
          data: {
            sample: sample.sample,
            place: pointText(sample.point),
            named: describeField(best),
            distance: distanceText(d),
          },
          location: sample.location,
          related: [fieldPlace(best, 'the field the file names')],
          hint: 'Check the sample’s coordinates (longitude first, signs, datum), or that the file is the one of this field.',
        });
        continue;
      }
      const closest = closestField(index.nearest([x, y, x, y], 5), x, y);
      if (!closest) continue;
      const { field: best, distance: d } = closest;
      collector.report(sampleOutsideFields, {
        messageId: 'outside',
        data: {
          sample: sample.sample,
          place: pointText(sample.point),
          nearest: describeField(best),
          distance: distanceText(d),
        },
        location: sample.location,
        related: [fieldPlace(best, 'the nearest field')],
        hint: 'Check the sample’s coordinates (longitude first, signs, datum), or add the boundary of the field it was taken in.',
      });
      continue;
    }
    if (namedFields.length === 0 || inside.some((f) => f.key === named)) continue;
    const actual = inside[0]!;
    collector.report(sampleInOtherField, {
      messageId: 'other',
      data: {
        sample: sample.sample,
        place: pointText(sample.point),
        actual: describeField(actual),
        named: describeField(namedFields[0]!),
      },
      location: sample.location,
      related: [
        fieldPlace(actual, 'the field it lies in'),
        fieldPlace(namedFields[0]!, 'the field the file names'),
      ],
      hint: 'Send the soil test with the field its samples were taken in, or correct the field the file names (FMISProfile <Field>).',
    });
  }
}

/** One note per file of shared data: how many of its points lie outside every field, and the first. */
function countPointsOutside(
  points: readonly BatchPoint[],
  index: FieldIndex,
  collector: DiagnosticCollector,
): void {
  let outside = 0;
  let first: BatchPoint | undefined;
  for (const p of points) {
    const [x, y] = p.point;
    if (index.near([x, y, x, y]).some((f) => prepared(f).covers(x, y))) continue;
    outside++;
    first ??= p;
  }
  if (!first) return;
  const [x, y] = first.point;
  const closest = closestField(index.nearest([x, y, x, y], 5), x, y);
  if (!closest) return;
  const { field: best, distance: d } = closest;
  collector.report(pointsOutsideFields, {
    messageId: 'outside',
    data: {
      outside,
      total: points.length,
      place: pointText(first.point),
      distance: distanceText(d),
      nearest: describeField(best),
    },
    location: first.location,
    related: [fieldPlace(best, 'the field nearest the first')],
    hint: 'Points of other fields are no problem; if they are of this grower’s fields, add those fields’ boundaries to the batch.',
  });
}

export { acrossFilesApply, type FileGeometry } from './across-files-apply.ts';
