/**
 * What each kind says of a file beyond its problems: a summary for `fieldgate inspect`, reports and the app,
 * one type per kind, told apart by `type`. Plain JSON data, declared once here: the kinds build them, the
 * renderer and the reports read them (narrowing on `type`), and nothing declares them again by hand.
 */
import type { GeoJsonMultiPolygon, GeoJsonPolygon, ZoneFeatureProperties } from '../geojson/geojson.ts';
import type { JsonValue } from '../json/json-document.ts';

/** How a CSV batch was read, the mapping to save, each row's status and what its rows will be sent as. */
export type CsvBatchSummary = {
  type: 'csv-batch';
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  bom: boolean;
  /** 'bom' (a byte order mark), 'utf-8' (valid UTF-8), 'fallback' (not UTF-8: Windows-1252), 'chosen'. */
  encodingReason: 'bom' | 'utf-8' | 'fallback' | 'chosen';
  delimiter: ',' | ';' | '\t' | '|';
  /** The decimal mark numbers were read with. */
  decimalMark: ',' | '.';
  /** 1-based line of the header; 0 when the file had no rows. */
  headerLine: number;
  headers: string[];
  /** The mapping the file was read with: batch column → header, and constant values. */
  mapping: { kind?: string; columns?: Record<string, string>; values?: Record<string, string> };
  /**
   * The mapping used, with the headers that probably hold the required columns the file lacks (by their
   * names and values): what to pass next (`--mapping`). Only when some missing column has a likely header.
   */
  suggestedMapping?: { kind?: string; columns?: Record<string, string>; values?: Record<string, string> };
  /** Data rows read. */
  rows: number;
  rowStatus: Array<{
    row: number;
    line: number;
    status: 'ok' | 'warning' | 'error';
    errors: number;
    warnings: number;
  }>;
  /** `all` rows are in `rowStatus`, or (a big file) only those `with-problems`. */
  rowStatusOf: 'all' | 'with-problems';
  /** What the rows will become when sent (uploads per user, enrollments per program …). */
  plan: JsonValue;
};

/** A prescription ZIP: its members, CRS, table, rate column, rates, acres per rate class and zone map. */
export type RxSummary = {
  type: 'rx';
  members?: { shp: string; shx: string | null; dbf: string | null; prj: string | null; cpg: string | null };
  extraFiles?: string[];
  crs?: { name: string; code: string | null; known: boolean } | null;
  shapeType?: string | null;
  zoneCount?: number;
  fields?: Array<{ name: string; type: string; length: number; decimals: number }>;
  encoding?: string;
  rateColumn?: string | null;
  rateColumnChosenBy?: string | null;
  rate?: {
    min: number;
    max: number;
    mean: number;
    areaWeightedMean: number | null;
    zonesWithRate: number;
  } | null;
  totalAcres?: number | null;
  rateClasses?: Array<{ rate: number; upTo?: number; zones: number; acres: number }>;
  bbox?: number[] | null;
  /** The zones as GeoJSON, ids their record numbers (properties: record, rate, acres, the table's columns). */
  map?: {
    type: 'FeatureCollection';
    features: Array<{
      type: 'Feature';
      id: number;
      properties: ZoneFeatureProperties;
      geometry: GeoJsonPolygon | GeoJsonMultiPolygon | null;
    }>;
  };
};

export type ModusDepthSummary = {
  depthId: string;
  name?: string;
  startingDepth?: number;
  endingDepth?: number;
  columnDepth?: number;
  unit?: string;
  /** How many sample depths refer to it. */
  samples: number;
};

export type ModusAnalyteSummary = {
  element: string;
  modusTestId: string;
  unit: string;
  /** Results with a finite numeric value. */
  count: number;
  min?: number;
  max?: number;
};

export type ModusEventSummary = {
  eventCode?: string;
  eventDate?: string;
  eventType?: string;
  expirationDate?: string;
  lab: { name?: string; labId?: string; labEventId?: string };
  /** Soil, Plant, Nematode, Water or Residue. */
  sampleKind?: string;
  sampleCount: number;
  depths: ModusDepthSummary[];
  analytes: ModusAnalyteSummary[];
};

/** Shared agronomic data (a ZIP of CSV point files): each member's columns and points, and where they lie. */
export type AgronomicSummary = {
  type: 'agronomic-data';
  members: Array<{ name: string; columns: string[]; points: number; unreadable: number }>;
  points: number;
  /** [west, south, east, north], or null when no point was read. */
  bbox: [number, number, number, number] | null;
};

/** A Modus soil test: events, lab, samples, depths and analytes, and the sampleDate it would be sent with. */
export type ModusSummary = {
  type: 'modus';
  document: string;
  version?: string;
  eventCount: number;
  sampleCount: number;
  /** The first events (at most 100). */
  events: ModusEventSummary[];
  /** Set by upload preparation: the sampleDate to send and why. */
  upload?: {
    sampleDate?: string;
    suggested?: string;
    assumption?: string;
    source: 'given' | 'event-date' | 'none';
    /** sample-date findings on a suggested value (e.g. a date in the future). */
    notes?: string[];
  };
};

/** A GeoJSON, KML or shapefile of boundaries: how many, how many invalid, their acres and attributes. */
export type BoundaryFileSummary = {
  type: 'boundaries';
  features: number;
  invalid: number;
  acres: number;
  attributes: string[];
  /** The CRS the file was reprojected from, when it was not WGS 84. */
  reprojectedFrom?: string;
};

/** A .wkt file: boundaries, how many are valid, and their acres. */
export type WktSummary = { type: 'wkt'; boundaries: number; valid: number; acres: number };

export type KindSummary =
  CsvBatchSummary | RxSummary | ModusSummary | BoundaryFileSummary | WktSummary | AgronomicSummary;

/**
 * A summary as a JSON value (for renderers of any JSON): every summary type is JSON data by construction,
 * though TypeScript cannot see its named types (GeoJSON geometries) as index signatures.
 */
export function summaryJson(summary: KindSummary): JsonValue {
  return summary as unknown as JsonValue;
}
