/**
 * What every boundary import (GeoJSON, KML, zipped shapefile) produces before attribute mapping: one
 * feature per field with its polygons in WGS 84 longitude/latitude, its attributes and where it came from.
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import type { CrsDefinition } from '../crs/crs-catalog.ts';
import type { GeometryWriter } from '../records/field-record.ts';

export type AttributeValue = string | number | boolean | null;

export interface BoundaryFeature {
  /** 1-based position among the file's features (records, placemarks). */
  index: number;
  /** For messages: "feature 3", "record 7", "placemark 'North 40'". */
  label: string;
  /** Polygons as [polygon][ring] with interleaved lon,lat (after reprojection). */
  polygons: Float64Array[][];
  /** The source said MultiPolygon (kept in the WKT even with one part). */
  multi: boolean;
  properties: Record<string, AttributeValue>;
  /** Where the feature is in the file (JSON path and range, KML line, shapefile entry and record). */
  location: Location;
  /** Where its geometry is; diagnostics about the boundary point here. */
  geometryLocation: Location;
  /**
   * Location of one coordinate in the source file, when the format has finer positions than the
   * geometry (GeoJSON: the [x, y] array; KML: the <coordinates> element).
   */
  coordinateLocation?: (polygon: number, ring: number, coordinate: number) => Location | undefined;
  /** Location of one attribute's value (GeoJSON: the property; shapefile: the record's DBF field). */
  attributeLocation?: (name: string) => Location | undefined;
  /** Writes a fixed geometry back in the file's format (GeoJSON coordinates, KML <coordinates> …). */
  writer?: GeometryWriter;
}

/** A feature of the file that could not be read as a boundary (no geometry, not a polygon, bad coordinates). */
export interface SkippedFeature {
  /** How many readable features came before it: where it sits among them in file order. */
  after: number;
  label: string;
  location: Location;
  properties: Record<string, AttributeValue>;
  /** The diagnostics the import reported about it: [from, to) in the collector's list. */
  diagnostics: [number, number];
}

export interface BoundaryImport {
  format: 'geojson' | 'kml' | 'shapefile';
  features: BoundaryFeature[];
  /** Features that could not be read, so a map still lists them (with no geometry). */
  skipped?: SkippedFeature[];
  /** Attribute names in file order (union over features). */
  attributes: string[];
  /** The source CRS when the import reprojected (or took a datum as WGS 84). */
  reprojectedFrom?: CrsDefinition;
  /** The import could not produce anything usable (unreadable file, unknown CRS). */
  failed: boolean;
}
