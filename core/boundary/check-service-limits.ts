/** The service's documented caps on one field boundary: points, acres, and a warning for slivers. */

import { polygonPointCount, type ParsedGeometry } from '../geometry/geometry.ts';
import { SQUARE_METRES_PER_ACRE } from '../geodesy/area.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { areaTooLarge, tinyField, tooManyPoints } from './service-limit-rules.ts';
import type { BoundaryPlace } from './boundary-location.ts';
import { formatAcres } from './format-acres.ts';
import { formatCount } from '../values/format-count.ts';

export const SERVICE_LIMITS = {
  /** Points over all rings, closing points included. */
  maxPoints: 10_000,
  maxAcres: 20_000,
  /** Smaller fields are warned about (LIM003). */
  tinyAcres: 0.1,
} as const;

export function checkPointLimit(
  geometry: ParsedGeometry,
  collector: DiagnosticCollector,
  place: BoundaryPlace,
): void {
  const count = polygonPointCount(geometry.polygons);
  if (count > SERVICE_LIMITS.maxPoints) {
    collector.report(tooManyPoints, {
      messageId: 'tooMany',
      data: { count: formatCount(count), limit: formatCount(SERVICE_LIMITS.maxPoints) },
      location: place.geometry(geometry),
      hint: `Simplify the boundary to at most ${formatCount(SERVICE_LIMITS.maxPoints)} points (a tolerance of 0.5–1 m keeps the acreage within a fraction of a percent), e.g. mapshaper -simplify or ogr2ogr -simplify.`,
    });
  }
}

/** Needs the area of a boundary whose coordinates are WGS 84 degrees. */
export function checkAreaLimits(
  acres: number,
  geometry: ParsedGeometry,
  collector: DiagnosticCollector,
  place: BoundaryPlace,
): void {
  if (acres > SERVICE_LIMITS.maxAcres) {
    collector.report(areaTooLarge, {
      messageId: 'tooLarge',
      data: { acres: formatAcres(acres), limit: formatCount(SERVICE_LIMITS.maxAcres) },
      location: place.geometry(geometry),
      hint: 'Send one boundary per field. If this is one field, split it into parts under 20,000 acres; if the number is far too large, check that the coordinates are degrees of the right place.',
    });
  } else if (acres > 0 && acres < SERVICE_LIMITS.tinyAcres) {
    collector.report(tinyField, {
      messageId: 'tiny',
      data: {
        acres: formatAcres(acres),
        squareMetres: (acres * SQUARE_METRES_PER_ACRE).toFixed(1),
        limit: SERVICE_LIMITS.tinyAcres,
      },
      location: place.geometry(geometry),
      hint: 'Check that this is the whole field and not a sliver or a digitising slip; if it is right, the service accepts it.',
    });
  }
}
