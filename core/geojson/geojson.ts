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

export interface GeoJsonFeature {
  type: 'Feature';
  /** 0-based index of the feature in its report: `Location.feature` points here. */
  id: number;
  /** null when the input's geometry could not be read (a WKT syntax error, an unreadable shape). */
  geometry: GeoJsonGeometry | null;
  /** What the input says of the feature (field name, rate, sample id …) and what the check found. */
  properties: { [key: string]: JsonValue };
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
    if (geometry && Object.getOwnPropertyDescriptor(geometry, 'coordinates')?.get)
      // Assigning stores the value as a plain property (the accessor's setter).
      geometry.coordinates = geometry.coordinates;
  }
}
