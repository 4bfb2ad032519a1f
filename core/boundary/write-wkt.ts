/** WKT text for imported boundaries, written by the WKT writer of core/wkt with optional rounding. */

import { writePolygonsWkt } from '../wkt/write-wkt.ts';

export interface WriteWktOptions {
  /** Write MULTIPOLYGON even for one polygon (the source said MultiPolygon). */
  multi?: boolean;
  /** Round coordinates to this many decimals first (9 ≈ 0.1 mm; reprojected values carry noise below that). */
  decimals?: number;
}

export function polygonsToWkt(polygons: Float64Array[][], options: WriteWktOptions = {}): string {
  const { decimals } = options;
  const rounded =
    decimals === undefined
      ? polygons
      : polygons.map((rings) =>
          rings.map((ring) => ring.map((v) => (Number.isFinite(v) ? Number(v.toFixed(decimals)) + 0 : v))),
        );
  return writePolygonsWkt(rounded, { multi: options.multi === true || polygons.length > 1 });
}
