/**
 * A field as the field rules see it, whatever it was read from: an item of a JSON field upload, a feature of
 * a GeoJSON/KML/shapefile boundary file, a line of a .wkt file or (next) a CSV row. Every property carries
 * its value and its own location, so a rule reports at the property's place in the source (JSON path and
 * range; CSV row, column and a range inside the cell; shapefile record and DBF field; feature index).
 */

import type { Location, TextEdit } from '../diagnostics/diagnostic.ts';
import type { LineIndex } from '../diagnostics/text-position.ts';
import type { PolygonRings } from '../geometry/geometry.ts';

/** What a value is in its source, for messages ("a number", "the text …"). */
export type RecordValueKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface RecordValue {
  kind: RecordValueKind;
  /** The value of a string, number or boolean; absent for null, object and array. */
  value?: string | number | boolean;
  /** The text as written, when it differs from `value` (a number's digits, a cell's text). */
  raw?: string;
  location: Location;
  /**
   * [start, end) of the whole written value in the source text (quotes included for a JSON string), when the
   * source is text a fix can edit. Absent for values without text of their own (a DBF field, a KML name).
   */
  span?: { start: number; end: number };
  /**
   * For a string whose characters sit in the source text: the source offset of each offset inside the
   * decoded value (and one past its end), so positions inside it (a WKT coordinate) survive escapes and
   * quoting. Absent when the value has no text of its own.
   */
  mapOffset?: (valueOffset: number) => number;
  /**
   * A number converted to acres from the unit it is written in (`raw`): a CSV column of hectares. Checks
   * compare `value`; a fix writes the number back in this unit.
   */
  unit?: AreaUnit;
}

/** An area unit other than acres: its name, its symbol, and the acres in one of it. */
export interface AreaUnit {
  name: string;
  symbol: string;
  acresPer: number;
}

/** How a source takes fixed polygons back: edits of its text, or a rebuilt file (an archive member). */
type GeometryWriteResult =
  | { edits: TextEdit[] }
  | { artifact: string }
  /** Why the source cannot take them ("its coordinates are in EPSG:3006 …"). */
  | { reason: string };

/** Writes a fixed geometry back into the source a record came from (a record-level replacement). */
export interface GeometryWriter {
  /** `decimals`: the input's precision, when known. */
  write(polygons: PolygonRings, multi: boolean, decimals: number | undefined): GeometryWriteResult;
}

/** A boundary that came as geometry, not WKT text (GeoJSON, KML, shapefile), in WGS 84 after reprojection. */
export interface RecordGeometry {
  polygons: PolygonRings;
  /** The source said MultiPolygon (kept as such even with one part). */
  multi: boolean;
  /** Where a coordinate is in the source, when the format knows (the [x, y] of GeoJSON, a KML tuple). */
  coordinateLocation?: (polygon: number, ring: number, coordinate: number) => Location | undefined;
  /** Writes fixed polygons back into the source; without it, geometry fixes are not offered. */
  writer?: GeometryWriter;
  /** Why fixes cannot be written back (reprojected coordinates …), when there is no writer. */
  noWriterReason?: string;
}

interface BoundaryValue extends RecordValue {
  /** Set when the boundary is geometry rather than WKT text; `value` is then absent. */
  geometry?: RecordGeometry;
}

/** The properties of FieldWithBoundaryAndHierarchy, and the upload's userName (a CSV column, a query). */
export type FieldRecordProperty =
  'clientName' | 'farmName' | 'name' | 'boundary' | 'acres' | 'source' | 'userName';

/** Where records come from. */
export type FieldRecordFormat = 'field-upload' | 'csv' | 'wkt' | 'geojson' | 'kml' | 'shapefile';

export interface FieldRecord {
  format: FieldRecordFormat;
  /** 1-based: item of the upload's "fields", CSV data row, line of a .wkt file, feature, shapefile record. */
  row: number;
  /** 0-based index of the record's feature in the report's `features`. */
  feature?: number;
  /** Where the whole record is (the JSON item, the CSV row, the GeoJSON feature, the shapefile record). */
  location: Location;
  /** For messages: "Field 3", "feature 3", "record 7 of fields.shp". */
  label: string;
  clientName?: RecordValue;
  farmName?: RecordValue;
  name?: RecordValue;
  boundary?: BoundaryValue;
  acres?: RecordValue;
  source?: RecordValue;
  userName?: RecordValue;
  /** Properties the source gives that a field does not have (a JSON key, a CSV column), at their names. */
  unknown?: Array<{ name: string; location: Location }>;
  /** Line index of the source text, when the record's values sit in text (for ranges of inner positions). */
  lines?: LineIndex;
}

/** The string of a property, or undefined when absent or not a string. */
export function recordString(record: FieldRecord, property: FieldRecordProperty): string | undefined {
  const v = record[property];
  return v?.kind === 'string' && typeof v.value === 'string' ? v.value : undefined;
}

export function describeValueKind(kind: RecordValueKind): string {
  return kind === 'object' ? 'an object' : kind === 'array' ? 'an array' : `a ${kind}`;
}

/** Formats whose records are rows (an upload item, a CSV row): their locations carry `row` (a .wkt reader puts its line numbers in the locations itself). */
const ROW_FORMATS: ReadonlySet<FieldRecordFormat> = new Set(['field-upload', 'csv']);

/**
 * A location with the record's row (for row-like sources) and feature added: what every diagnostic about a
 * record carries. Features of boundary files are placed by path, record or placemark instead of a row.
 */
export function atRecord(record: FieldRecord, location: Location): Location {
  const out: Location = { ...location };
  if (out.row === undefined && ROW_FORMATS.has(record.format)) out.row = record.row;
  if (record.feature !== undefined) out.feature = record.feature;
  return out;
}
