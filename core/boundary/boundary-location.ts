/**
 * Locations inside a checked boundary, with the same conventions as the geometry checks
 * (core/geometry/check-geometry.ts): the WKT may sit inside a larger document (a JSON string, a line of a
 * .wkt file); `base.lines` + `base.offset` (or `base.mapOffset` for an escaped string) place it there,
 * and without `lines` ranges are within the WKT itself. `base.location` (JSON path, row, record …) is kept.
 */

import type { Location, TextRange } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { GeometryCheckBase } from '../geometry/check-geometry.ts';
import type { ParsedGeometry } from '../geometry/geometry.ts';

export type BoundaryBase = GeometryCheckBase;

export class BoundaryPlace {
  private local: LineIndex | undefined;

  constructor(
    readonly wkt: string,
    readonly base: BoundaryBase,
  ) {}

  /** Document offset of a WKT offset. */
  doc(offset: number): number {
    if (this.base.mapOffset) return this.base.mapOffset(offset);
    return this.base.lines ? (this.base.offset ?? 0) + offset : offset;
  }

  range(start: number, end: number): TextRange {
    const lines = this.base.lines ?? (this.local ??= new LineIndex(this.wkt));
    return lines.range(this.doc(start), this.doc(end));
  }

  /** The whole geometry text (after any SRID= prefix). */
  geometry(geometry: ParsedGeometry): Location {
    const [start, end] = geometry.spans.geometry;
    return { ...this.base.location, range: this.range(start, end) };
  }

  /** One coordinate: its text span, its indices and the point itself. */
  coordinate(geometry: ParsedGeometry, polygon: number, ring: number, coordinate: number): Location {
    const spans = geometry.positions[polygon]?.[ring];
    const start = spans?.[2 * coordinate];
    const end = spans?.[2 * coordinate + 1];
    const location: Location = { ...this.base.location };
    if (start !== undefined && end !== undefined) location.range = this.range(start, end);
    location.polygon = polygon;
    location.ring = ring;
    location.coordinate = coordinate;
    const coords = geometry.polygons[polygon]?.[ring];
    const x = coords?.[2 * coordinate];
    const y = coords?.[2 * coordinate + 1];
    if (x !== undefined && y !== undefined) location.point = [x, y];
    return location;
  }
}
