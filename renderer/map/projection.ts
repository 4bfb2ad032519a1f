/**
 * A flat projection for field-sized maps: longitude scaled by the cosine of the view's latitude (so a square
 * field looks square), y pointing down. Units are degrees of latitude; the SVG viewBox zooms.
 */
import type { GeoJsonGeometry } from '../../core/index.ts';

export interface Projection {
  lat0: number;
  project(lon: number, lat: number): [number, number];
}

export function flatProjection(lat0: number): Projection {
  const k = Math.cos((Math.max(-80, Math.min(80, lat0)) * Math.PI) / 180);
  return { lat0, project: (lon, lat) => [lon * k, -lat] };
}

export type Box = [minX: number, minY: number, maxX: number, maxY: number];

function eachPosition(geometry: GeoJsonGeometry, visit: (lon: number, lat: number) => void): void {
  const walk = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') visit(value[0], value[1]);
    else for (const v of value) walk(v);
  };
  walk(geometry.coordinates);
}

/** Lon/lat bounds of geometries, or undefined when they have no plausible positions. */
export function lonLatBounds(geometries: Iterable<GeoJsonGeometry | null | undefined>): Box | undefined {
  let box: Box | undefined;
  for (const g of geometries) {
    if (!g) continue;
    eachPosition(g, (lon, lat) => {
      if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) return;
      if (!box) box = [lon, lat, lon, lat];
      else {
        if (lon < box[0]) box[0] = lon;
        if (lat < box[1]) box[1] = lat;
        if (lon > box[2]) box[2] = lon;
        if (lat > box[3]) box[3] = lat;
      }
    });
  }
  return box;
}

function ringPath(ring: readonly (readonly number[])[], p: Projection, close: boolean): string {
  let d = '';
  for (let i = 0; i < ring.length; i++) {
    const position = ring[i]!;
    const [x, y] = p.project(position[0]!, position[1]!);
    d += `${i === 0 ? 'M' : 'L'}${x.toFixed(7)} ${y.toFixed(7)}`;
  }
  return close && d ? `${d}Z` : d;
}

/** An SVG path for a (multi)polygon or line geometry; points are drawn as circles instead (see pointsOf). */
export function geometryPath(geometry: GeoJsonGeometry | null | undefined, p: Projection): string {
  if (!geometry) return '';
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.map((r) => ringPath(r, p, true)).join('');
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((poly) => poly.map((r) => ringPath(r, p, true))).join('');
    case 'LineString':
      return ringPath(geometry.coordinates, p, false);
    default:
      return '';
  }
}

/** The point positions of a Point geometry. */
export function pointsOf(geometry: GeoJsonGeometry | null | undefined): [number, number][] {
  if (!geometry) return [];
  return geometry.type === 'Point' ? [geometry.coordinates] : [];
}
