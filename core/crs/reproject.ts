/**
 * Reprojection into WGS 84 longitude/latitude with proj4. Coordinates travel as flat interleaved arrays
 * (x0, y0, x1, y1, ...), the layout the geometry code uses.
 */

import proj4 from 'proj4';
import type { CrsDefinition } from './crs-catalog.ts';

const WGS84_PROJ4 = '+proj=longlat +datum=WGS84 +no_defs';

type Forward = (xy: [number, number]) => [number, number];

const converters = new Map<string, Forward>();

function converterFor(crs: CrsDefinition): Forward {
  let forward = converters.get(crs.proj4);
  if (!forward) {
    const converter = proj4(crs.proj4, WGS84_PROJ4);
    forward = (xy) => converter.forward(xy) as [number, number];
    converters.set(crs.proj4, forward);
  }
  return forward;
}

/**
 * Reproject interleaved x,y coordinates in `crs` to interleaved longitude,latitude in WGS 84. Returns a
 * new array; a point proj4 cannot transform (outside the projection's domain) becomes NaN, NaN, which
 * the geometry checks report as a non-finite coordinate.
 */
export function reprojectToWgs84(xy: ArrayLike<number>, crs: CrsDefinition): Float64Array {
  const out = new Float64Array(xy.length - (xy.length % 2));
  if (crs.code === 'EPSG:4326') {
    for (let i = 0; i < out.length; i++) out[i] = xy[i] ?? NaN;
    return out;
  }
  const forward = converterFor(crs);
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const x = xy[i] ?? NaN;
    const y = xy[i + 1] ?? NaN;
    let lon = NaN;
    let lat = NaN;
    if (Number.isFinite(x) && Number.isFinite(y)) {
      try {
        const r = forward([x, y]);
        lon = r[0];
        lat = r[1];
      } catch {
        // proj4 throws for points outside a projection's domain: a data problem, reported downstream.
      }
    }
    out[i] = Number.isFinite(lon) ? lon : NaN;
    out[i + 1] = Number.isFinite(lat) ? lat : NaN;
  }
  return out;
}

/** One point, for messages and tests. */
export function reprojectPointToWgs84(x: number, y: number, crs: CrsDefinition): [number, number] {
  const r = reprojectToWgs84([x, y], crs);
  return [r[0] ?? NaN, r[1] ?? NaN];
}
