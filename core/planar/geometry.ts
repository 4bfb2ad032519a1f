/**
 * Geometry as the WKT reader produces it and the validity checks consume it: flat typed arrays, no objects
 * per point. Coordinates are interleaved x,y (longitude, latitude for WGS 84) in a `Float64Array`; a ring
 * keeps its points exactly as written, closing point included (an unclosed ring stays unclosed so the
 * checks can report it). Z and M values are read and dropped: only x and y are kept.
 */

export type GeometryType =
  | 'Point'
  | 'LineString'
  | 'Polygon'
  | 'MultiPoint'
  | 'MultiLineString'
  | 'MultiPolygon'
  | 'GeometryCollection';

/** Polygons as [polygon][ring]; ring 0 is the shell, the others are holes. An EMPTY part has no rings. */
export type PolygonRings = Float64Array[][];

/**
 * Character spans of each coordinate in the parsed text: [start0, end0, start1, end1, …], 0-based offsets
 * into the WKT, end exclusive. `start` is the first character of x, `end` one past the last number.
 */
type CoordinateSpans = Uint32Array;

export interface ParsedGeometry {
  type: GeometryType;
  /** Areal parts: one entry per polygon (a Polygon has one; a GeometryCollection lists its polygons). */
  polygons: PolygonRings;
  /** The WKT said Z (or had three values per coordinate). */
  hasZ: boolean;
  /** The WKT said M (or had four values per coordinate). */
  hasM: boolean;
  /** From an EWKT `SRID=n;` prefix. */
  srid?: number;
  /** The whole geometry is EMPTY, or has no coordinates at all. */
  empty: boolean;
  /** Number of EMPTY polygons or rings written inside a non-empty geometry (kept as empty entries). */
  emptyParts: number;
  /** Coordinate spans parallel to `polygons`: positions[p][r] holds two offsets per coordinate. */
  positions: CoordinateSpans[][];
  /** For each polygon, [open, close) of each ring's "( … )" text, two offsets per ring. */
  ringSpans: Uint32Array[];
  /** For each polygon, [start, end) of its text: "(( … ))" or "EMPTY". */
  polygonSpans: Uint32Array;
  /** Non-areal parts (points, line strings) in order, with their coordinate spans. */
  lines: Float64Array[];
  linePositions: CoordinateSpans[];
  /** Geometry types of the members of a GeometryCollection, in order. */
  memberTypes?: GeometryType[];
  /** Spans of notable tokens in the text, for precise diagnostics and fixes. */
  spans: GeometrySpans;
  /**
   * Set by the WKT reader when every coordinate (of polygons only, no Z or M) is written "x y" as
   * formatNumber writes the values and joined to the next of its ring by ", ": a writer may copy the
   * text as it is. `decimals`: the most decimals any of those numbers has.
   */
  canonicalText?: { decimals: number };
}

export interface GeometrySpans {
  /** [start, end) of the EWKT prefix "SRID=n;" including the semicolon and any whitespace after it. */
  srid?: [number, number];
  /** [start, end) of the geometry type keyword ("POLYGON"). */
  type: [number, number];
  /** [start, end) of a Z, M or ZM keyword. */
  dimensions?: [number, number];
  /** [start, end) of the whole geometry text after the SRID prefix, trailing whitespace excluded. */
  geometry: [number, number];
}

/** Total number of points over all rings. */
export function polygonPointCount(polygons: PolygonRings): number {
  let n = 0;
  for (const polygon of polygons) for (const ring of polygon) n += ring.length >> 1;
  return n;
}

/** Whether a geometry type is one the service accepts as a field boundary. */
export function isArealType(type: GeometryType): boolean {
  return type === 'Polygon' || type === 'MultiPolygon';
}
