/**
 * What the checks across the files of one batch (core/cross-file) need of each file, gathered by its kind
 * while it checks the file: its field boundaries, prescription zones, soil sample points and the points of
 * shared agronomic data, each with where it is in the file. Summaries only: polygons as the checks parsed them (in WGS 84 degrees), no text, no
 * attributes; past a budget of vertices a boundary keeps an outline of at most 16 vertices a ring, and past
 * a number of fields they are only counted, so a file of a million fields stays bounded. Plain data (typed arrays and numbers), so it can also cross to
 * another thread (the app's validation worker hands it to the screens).
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { PolygonRings } from '../planar/geometry.ts';

/** A field boundary: valid polygons in WGS 84. */
export interface BatchField {
  /** Index of its feature in the file's report (`Location.feature`). */
  feature: number;
  /** How the file's report names it: "Row 3", "feature 2", "line 5", "Field 1". */
  label: string;
  /** The field's name, when the file gives one. */
  name?: string;
  polygons: PolygonRings;
  /** Whether `polygons` is an outline (fewer vertices than the boundary has): areas are then approximate. */
  outline?: true;
  /** Where the boundary is in the file (row, JSON path, range, record). */
  location: Location;
}

/** A zone of a prescription. */
export interface BatchZone {
  feature: number;
  /** 1-based shapefile record. */
  record: number;
  rate?: number;
  polygons: PolygonRings;
  location: Location;
}

/** A soil sample's point, and the field its file names for it (its event's FMISProfile). */
export interface BatchSample {
  feature: number;
  /** The sample's number (SampleNumber), or its place in the file. */
  sample: string;
  point: [number, number];
  field?: string;
  location: Location;
}

/** A point of shared agronomic data (a planting, application or harvest record). */
export interface BatchPoint {
  feature: number;
  point: [number, number];
  location: Location;
}

export interface BatchGeometry {
  fields: BatchField[];
  zones: BatchZone[];
  samples: BatchSample[];
  points: BatchPoint[];
  /** Vertices of the fields kept whole so far (see keepField). */
  vertices: number;
  /** Fields not kept, past BATCH_FIELD_LIMIT (the checks across files say so). */
  dropped?: number;
}

/** Vertices of boundaries kept whole per file; past it, outlines (about 16 bytes a vertex: 64 MB). */
const BATCH_VERTEX_BUDGET = 4_000_000;
/** Fields kept per file at most (an outline and its place take about 600 bytes: 150 MB). */
export const BATCH_FIELD_LIMIT = 250_000;

export function emptyBatchGeometry(): BatchGeometry {
  return { fields: [], zones: [], samples: [], points: [], vertices: 0 };
}

/**
 * Polygons with at most `max` vertices a ring: every n-th vertex and the closing one. For drawing and for
 * the rough comparisons across files: a 100-vertex field on a map of a whole county is a few pixels.
 */
export function outlinePolygons(polygons: PolygonRings, max = 32): PolygonRings {
  return polygons.map((rings) =>
    rings.map((ring) => {
      const n = ring.length / 2;
      if (n <= max) return ring;
      const step = Math.ceil((n - 1) / (max - 1));
      const out: number[] = [];
      for (let i = 0; i < n - 1; i += step) out.push(ring[2 * i] as number, ring[2 * i + 1] as number);
      out.push(ring[2 * (n - 1)] as number, ring[2 * (n - 1) + 1] as number);
      return new Float64Array(out);
    }),
  );
}

/** Add a field: whole while the file's budget lasts, else its outline; past the limit, only counted. */
export function keepField(into: BatchGeometry, field: BatchField): void {
  if (into.fields.length >= BATCH_FIELD_LIMIT) {
    into.dropped = (into.dropped ?? 0) + 1;
    return;
  }
  let vertices = 0;
  for (const rings of field.polygons) for (const ring of rings) vertices += ring.length >> 1;
  if (into.vertices + vertices <= BATCH_VERTEX_BUDGET) {
    into.vertices += vertices;
    into.fields.push(field);
    return;
  }
  const long = field.polygons.some((rings) => rings.some((ring) => ring.length > 32));
  into.fields.push(long ? { ...field, polygons: outlinePolygons(field.polygons, 16), outline: true } : field);
}
