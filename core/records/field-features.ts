/**
 * Field records as GeoJSON features, so a map can draw what was checked: one feature per record, its
 * geometry as parsed (null when unreadable), and in `properties` what the record says and what the
 * boundary checks found.
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import type {
  FieldFeatureProperties,
  GeoJsonFeature,
  GeoJsonGeometry,
  GeoJsonPosition,
} from '../geojson/geojson.ts';
import type { PolygonRings } from '../geometry/geometry.ts';
import type { JsonValue } from '../json/json-document.ts';
import { keepField, type BatchField, type BatchGeometry } from '../input/batch-geometry.ts';
import { atRecord, type FieldRecord, type RecordValue } from './field-record.ts';

/** What the boundary checks found, as far as a feature shows it. */
export interface FeatureVerdict {
  /** As parsed: polygons, and for a point or line (not a boundary, but drawn all the same) its coordinates. */
  geometry?: { polygons: PolygonRings; type?: string; lines?: Float64Array[] };
  valid: boolean;
  areaAcres?: number;
}

function ringPositions(ring: Float64Array): GeoJsonPosition[] {
  const out: GeoJsonPosition[] = [];
  for (let i = 0; i + 1 < ring.length; i += 2) out.push([ring[i] as number, ring[i + 1] as number]);
  return out;
}

/**
 * Polygons as a GeoJSON Polygon (one part, unless `multi`) or MultiPolygon; null when there are none.
 * `coordinates` is made from the typed rings each time it is read (by the report writer, once per
 * feature): nested arrays of [x, y] take about four times the memory of the rings, and a report keeps
 * every feature until it is written. Assigning `coordinates` stores the new value as it is.
 */
function polygonsToGeoJson(polygons: PolygonRings, multi = false): GeoJsonGeometry | null {
  const parts = polygons.filter((rings) => rings.length > 0);
  if (parts.length === 0) return null;
  const single = parts.length === 1 && !multi;
  const geometry = { type: single ? 'Polygon' : 'MultiPolygon' } as GeoJsonGeometry;
  Object.defineProperty(geometry, 'coordinates', {
    enumerable: true,
    configurable: true,
    get: () => (single ? parts[0]!.map(ringPositions) : parts.map((rings) => rings.map(ringPositions))),
    set: (value: unknown) =>
      Object.defineProperty(geometry, 'coordinates', {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      }),
  });
  return geometry;
}

function plain(value: RecordValue | undefined): JsonValue | undefined {
  if (!value) return undefined;
  if (value.value !== undefined) return value.value;
  return value.kind === 'null' ? null : undefined;
}

const round = (n: number, digits: number): number => Number(n.toFixed(digits));

/** The feature of one record; `id` defaults to the record's feature index. */
export function fieldFeature(
  record: FieldRecord,
  verdict: FeatureVerdict | undefined,
  id = record.feature ?? record.row - 1,
): GeoJsonFeature<FieldFeatureProperties> {
  const geometrySource = verdict?.geometry ?? record.boundary?.geometry;
  const multi =
    record.boundary?.geometry?.multi ?? (verdict?.geometry?.type === 'MultiPolygon' ? true : undefined);
  let geometry = geometrySource ? polygonsToGeoJson(geometrySource.polygons, multi) : null;
  const line = verdict?.geometry?.lines?.[0];
  if (!geometry && line && line.length >= 2) {
    const type = verdict?.geometry?.type;
    if (type === 'Point') geometry = { type: 'Point', coordinates: [line[0] as number, line[1] as number] };
    else if (type === 'LineString' && line.length >= 4)
      geometry = { type: 'LineString', coordinates: ringPositions(line) };
  }
  const properties: FieldFeatureProperties = {
    row: record.row,
    label: record.label,
    statedAcres: typeof record.acres?.value === 'number' ? record.acres.value : null,
    areaAcres: verdict?.areaAcres !== undefined ? round(verdict.areaAcres, 4) : null,
    valid: verdict?.valid ?? false,
  };
  const name = plain(record.name);
  const client = plain(record.clientName);
  const farm = plain(record.farmName);
  if (name !== undefined) properties.name = name;
  if (client !== undefined) properties.client = client;
  if (farm !== undefined) properties.farm = farm;
  const acres = plain(record.acres);
  if (acres !== undefined) properties.acres = acres;
  return { type: 'Feature', id, geometry, properties };
}

/**
 * Add a checked field to the geometry the checks across files read (core/input/batch-geometry.ts): only a
 * boundary measured on the ellipsoid, which is one whose polygons are OGC-valid in WGS 84 degrees.
 * `location`: where the boundary is in the file, when the record's own is not yet placed there (a CSV
 * cell's).
 */
export function keepBatchField(
  into: BatchGeometry | undefined,
  record: FieldRecord,
  verdict: FeatureVerdict | undefined,
  id = record.feature ?? record.row - 1,
  location: Location = atRecord(record, record.boundary?.location ?? record.location),
): void {
  if (!into || !verdict?.geometry || verdict.areaAcres === undefined) return;
  const name = plain(record.name);
  const field: BatchField = {
    feature: id,
    label: record.label,
    polygons: verdict.geometry.polygons,
    location: { ...location, feature: id },
  };
  if (typeof name === 'string' && name.trim() !== '') field.name = name;
  keepField(into, field);
}
