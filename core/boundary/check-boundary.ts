/**
 * The boundary pipeline: one WKT field boundary through every boundary rule group, in order.
 *
 *   wkt-syntax + ogc-validity (core/geometry/check-geometry.ts) → service-limits (points)
 *   → wgs84 (range, swapped axes, projected; then on land, core/land) → area on the WGS 84 ellipsoid
 *   → service-limits (acres)
 *   → acreage (stated acres)
 *
 * Later steps stand down when an earlier one makes them meaningless: nothing after a syntax error; no
 * area (so no acre limits and no acreage comparison) unless the coordinates are WGS 84 degrees and the
 * polygons are OGC-valid, since a bow-tie or projected metres have no area worth comparing.
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import { areaAcres } from '../geodesy/area.ts';
import { checkWktGeometryVerdict } from '../geometry/check-geometry.ts';
import type { ParsedGeometry } from '../geometry/geometry.ts';
import type { SweepBuffers } from '../geometry/segment-index.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { BoundaryPlace, type BoundaryBase } from './boundary-location.ts';
import { reviewGeometryFixes, type GeometryFixTarget, type GeometryWriter } from './boundary-fixes.ts';
import { checkAcreage, type AcreageInput } from './check-acreage.ts';
import { checkLand } from './check-land.ts';
import { checkAreaLimits, checkPointLimit } from './check-service-limits.ts';
import { checkWgs84, type CoordinateVerdict } from './check-wgs84.ts';

export type { BoundaryBase } from './boundary-location.ts';

export interface CheckBoundaryOptions extends AcreageInput {
  /**
   * For a boundary that is geometry in its source (GeoJSON, KML, shapefile): writes fixed polygons back in
   * the source's format. Without it, fix edits apply to the WKT's own text (a JSON string, a .wkt line).
   */
  geometryWriter?: GeometryWriter;
  /** Why geometry fixes cannot be written to the source (set instead of a writer). */
  noWriterReason?: string;
  /** The acres the item states; compared with the computed area (ACR001) and checked for sense (ACR002). */
  statedAcres?: number;
  /** Allowed relative difference as a fraction (0.02 = 2 %, the default). */
  acreageTolerance?: number;
  /** The validity check's arrays, reused from boundary to boundary (see SweepBuffers). */
  buffers?: SweepBuffers;
}

export interface BoundaryCheckResult {
  /** The parsed geometry, unless the WKT did not parse. */
  geometry?: ParsedGeometry;
  /** What the coordinates are; 'unparsed' when the WKT did not parse. */
  coordinates: CoordinateVerdict | 'unparsed';
  /** OGC-valid polygons (independent of which rules are selected). */
  valid: boolean;
  /** Area on the WGS 84 ellipsoid, when the coordinates are WGS 84 degrees and the geometry is valid. */
  areaAcres?: number;
}

/**
 * Check one field boundary given as WKT. `base.lines` + `base.offset` place the WKT in its document for
 * character ranges (`base.mapOffset` for a WKT read from an escaped JSON string); without `lines`, ranges
 * are within the WKT. `base.location` (JSON path, row, record …) is kept on every diagnostic.
 */
export function checkBoundary(
  wkt: string,
  options: CheckBoundaryOptions,
  collector: DiagnosticCollector,
  base: BoundaryBase = {},
): BoundaryCheckResult {
  const place = new BoundaryPlace(wkt, base);
  const first = collector.diagnostics.length;
  // The fix review below writes the make-valid result's text (rounded to the input's precision).
  const {
    geometry,
    valid: validPolygons,
    rebuilt,
  } = checkWktGeometryVerdict(wkt, collector, base, {
    rebuiltTextLater: true,
    ...(options.buffers ? { validity: { buffers: options.buffers } } : {}),
  });
  if (!geometry) {
    const location: Location = { ...base.location, range: place.range(0, wkt.length) };
    checkAcreage(undefined, options, collector, () => location);
    return { coordinates: 'unparsed', valid: false };
  }
  checkPointLimit(geometry, collector, place);
  const coordinates = checkWgs84(geometry, collector, place);
  if (coordinates === 'wgs84') checkLand(geometry, collector, place);
  // The verdict is true only for non-empty Polygon/MultiPolygon geometries without validity errors.
  const valid = validPolygons === true;
  const result: BoundaryCheckResult = { geometry, coordinates, valid };
  if (coordinates === 'wgs84' && valid) {
    result.areaAcres = areaAcres(geometry.polygons);
    checkAreaLimits(result.areaAcres, geometry, collector, place);
  }
  checkAcreage(result.areaAcres, options, collector, () => place.geometry(geometry));
  const target: GeometryFixTarget = { wkt, geometry, toDocument: (offset) => place.doc(offset) };
  if (options.geometryWriter) target.writer = options.geometryWriter;
  if (options.noWriterReason !== undefined) target.noWriterReason = options.noWriterReason;
  if (rebuilt) target.rebuilt = rebuilt;
  reviewGeometryFixes(collector.diagnostics, first, target);
  return result;
}
