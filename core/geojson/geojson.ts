/**
 * GeoJSON (RFC 7946) as Fieldgate returns it: every file kind that has geometry hands its features to the
 * caller, so a map can draw what was checked. Plain, JSON-serialisable data; longitude first.
 */
import type { JsonValue } from '../json/json-document.ts';

/** [longitude, latitude] (or [x, y] for projected input that could not be reprojected). */
export type GeoJsonPosition = [number, number];

interface GeoJsonPoint {
  type: 'Point';
  coordinates: GeoJsonPosition;
}

interface GeoJsonLineString {
  type: 'LineString';
  coordinates: GeoJsonPosition[];
}

export interface GeoJsonPolygon {
  type: 'Polygon';
  coordinates: GeoJsonPosition[][];
}

export interface GeoJsonMultiPolygon {
  type: 'MultiPolygon';
  coordinates: GeoJsonPosition[][][];
}

export type GeoJsonGeometry = GeoJsonPoint | GeoJsonLineString | GeoJsonPolygon | GeoJsonMultiPolygon;

/** What a feature's `properties` hold, whatever its kind: JSON values by name. */
export type FeatureProperties = { [key: string]: JsonValue };

/**
 * A field's feature (field uploads, .wkt, GeoJSON, KML and shapefile boundaries, CSV batches of fields): what
 * the record says and what the boundary checks found.
 */
export type FieldFeatureProperties = FeatureProperties & {
  /** 1-based row of the field in its file (upload item, line, CSV row, shapefile record). */
  row: number;
  /** How reports name the field ("row 3 (North 40)"). */
  label: string;
  /** The field's, its client's and its farm's names, when the record has them. */
  name?: JsonValue;
  client?: JsonValue;
  farm?: JsonValue;
  /** The acres as the record states them (a number, or the text given when it is not one). */
  acres?: JsonValue;
  /** The stated acres when they are a number, else null. */
  statedAcres: number | null;
  /** The boundary's area on the WGS 84 ellipsoid in acres (4 decimals); null when it could not be measured. */
  areaAcres: number | null;
  /** Whether the boundary passed the geometry checks (OGC-valid, in WGS 84). */
  valid: boolean;
};

/** A prescription zone's feature: its shapefile record, rate and acres, and its table's other columns. */
export type ZoneFeatureProperties = FeatureProperties & {
  /** 1-based shapefile record number. */
  record: number;
  /** The zone's rate from the rate column; null when the record has none that reads as a number. */
  rate: number | null;
  /** The zone's area on the WGS 84 ellipsoid in acres (4 decimals), when it could be measured. */
  acres?: number;
};

/** A soil sample's feature (a Modus file's sample with a point). */
export type SampleFeatureProperties = FeatureProperties & {
  /** The sample's number in the lab's file, when it has one. */
  sampleNumber?: string;
  /**
   * The DepthIDs of the sample's <Depth> elements in document order: a problem whose path is under its
   * `Depth` n is about depth `depths[n]` (the event's DepthRef of that id says how deep).
   */
  depths?: string[];
};

/** Whether a feature is a field's (its properties FieldFeatureProperties): narrows `properties`. */
export function isFieldFeature(feature: GeoJsonFeature): feature is GeoJsonFeature<FieldFeatureProperties> {
  const p = feature.properties;
  return typeof p.row === 'number' && 'statedAcres' in p && 'areaAcres' in p && typeof p.valid === 'boolean';
}

/** Whether a feature is a prescription zone's (its properties ZoneFeatureProperties): narrows `properties`. */
export function isZoneFeature(feature: GeoJsonFeature): feature is GeoJsonFeature<ZoneFeatureProperties> {
  const p = feature.properties;
  return typeof p.record === 'number' && (typeof p.rate === 'number' || p.rate === null);
}

/**
 * A GeoJSON feature; `P` the properties of its kind (FieldFeatureProperties, ZoneFeatureProperties,
 * SampleFeatureProperties), or any JSON values by name.
 */
export interface GeoJsonFeature<P extends FeatureProperties = FeatureProperties> {
  type: 'Feature';
  /** 0-based index of the feature in its report: `Location.feature` points here. */
  id: number;
  /** null when the input's geometry could not be read (a WKT syntax error, an unreadable shape). */
  geometry: GeoJsonGeometry | null;
  /** What the input says of the feature (field name, rate, sample id …) and what the check found. */
  properties: P;
}

export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: GeoJsonFeature[];
}

/**
 * The features as plain data: coordinates a kind makes each time they are read (core/records/field-features.ts,
 * to hold typed rings instead of nested arrays while a run goes on) are made once and stored, so a caller
 * gets objects with no accessors (`structuredClone`, spreading and comparing see what JSON does).
 */
export function settleFeatures(features: readonly GeoJsonFeature[]): void {
  for (const feature of features) {
    const geometry = feature.geometry;
    if (!geometry || !Object.getOwnPropertyDescriptor(geometry, 'coordinates')?.get) continue;
    const made = geometry.coordinates;
    // Assigning stores the value as a plain property (the accessor's setter).
    geometry.coordinates = made;
  }
}
