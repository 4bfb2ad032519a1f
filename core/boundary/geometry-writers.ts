/**
 * Writers that put a fixed geometry back into the source it was read from, in the source's own format,
 * touching only the geometry: GeoJSON (the "coordinates" value, and "type" when a Polygon became several),
 * KML (the text of each changed <coordinates>, or the whole geometry element when the structure changed).
 * Numbers are written with the input's precision when it is known.
 */

import type { TextEdit } from '../diagnostics/diagnostic.ts';
import type { PolygonRings } from '../geometry/geometry.ts';
import type { GeometryWriter } from '../records/field-record.ts';
import { formatCoordinate } from '../wkt/write-wkt.ts';

interface Span {
  start: number;
  end: number;
}

function sameRing(a: Float64Array | undefined, b: Float64Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameStructure(a: PolygonRings, b: PolygonRings): boolean {
  return a.length === b.length && a.every((rings, p) => rings.length === (b[p]?.length ?? -1));
}

export interface GeoJsonGeometrySpans {
  /** The source's geometry type ("Polygon", "MultiPolygon", "GeometryCollection"). */
  type: string;
  /** The whole geometry object. */
  geometry: Span;
  /** The "type" string value (quotes included) and the "coordinates" array, for Polygon and MultiPolygon. */
  typeValue?: Span;
  coordinates?: Span;
}

/** GeoJSON: rewrite the coordinates array in place, in the file's spacing style ("[ [ -93.1, 45.1 ] ]" or compact). */
export function geoJsonWriter(text: string, spans: GeoJsonGeometrySpans): GeometryWriter {
  const head = spans.coordinates
    ? text.slice(spans.coordinates.start, Math.min(spans.coordinates.end, spans.coordinates.start + 64))
    : '[ [ [ 0, 0 ]';
  const spaced = /^\[\s/.test(head);
  const open = spaced ? '[ ' : '[';
  const close = spaced ? ' ]' : ']';
  const sep = /,\s/.test(head) ? ', ' : ',';
  const list = (items: string[]): string => `${open}${items.join(sep)}${close}`;
  return {
    write(polygons, multi, decimals) {
      const ring = (r: Float64Array): string => {
        const points: string[] = [];
        for (let i = 0; i + 1 < r.length; i += 2)
          points.push(
            list([
              formatCoordinate(r[i] as number, decimals),
              formatCoordinate(r[i + 1] as number, decimals),
            ]),
          );
        return list(points);
      };
      const polygon = (rings: Float64Array[]): string => list(rings.map(ring));
      const asMulti = multi || polygons.length !== 1 || spans.type === 'MultiPolygon';
      const coordinates = asMulti ? list(polygons.map(polygon)) : polygon(polygons[0] ?? []);
      const type = asMulti ? 'MultiPolygon' : 'Polygon';
      if (
        spans.coordinates &&
        spans.typeValue &&
        (spans.type === 'Polygon' || spans.type === 'MultiPolygon')
      ) {
        const edits: TextEdit[] = [{ ...spans.coordinates, text: coordinates }];
        if (type !== spans.type) edits.push({ ...spans.typeValue, text: JSON.stringify(type) });
        return { edits };
      }
      // A GeometryCollection of polygons becomes the one MultiPolygon it describes.
      return {
        edits: [
          { ...spans.geometry, text: `{ "type": ${JSON.stringify(type)}, "coordinates": ${coordinates} }` },
        ],
      };
    },
  };
}

interface KmlRingSpans {
  /** The text between <coordinates> and </coordinates>, when it had no entities or CDATA. */
  content?: Span;
}

export interface KmlGeometrySpans {
  /** [polygon][ring] as the import ordered them (outer ring first). */
  rings: KmlRingSpans[][];
  /** The placemark's geometry element (<Polygon> or <MultiGeometry>), with its element prefix ("kml:"). */
  element?: Span;
  prefix: string;
}

/** KML: rewrite each changed ring's <coordinates> text, or the whole geometry element if parts were added. */
export function kmlWriter(original: PolygonRings, spans: KmlGeometrySpans): GeometryWriter {
  return {
    write(polygons, _multi, decimals) {
      const tuples = (r: Float64Array): string => {
        const out: string[] = [];
        for (let i = 0; i + 1 < r.length; i += 2)
          out.push(
            `${formatCoordinate(r[i] as number, decimals)},${formatCoordinate(r[i + 1] as number, decimals)}`,
          );
        return out.join(' ');
      };
      if (sameStructure(original, polygons)) {
        const edits: TextEdit[] = [];
        for (let p = 0; p < polygons.length; p++) {
          const rings = polygons[p] as Float64Array[];
          for (let r = 0; r < rings.length; r++) {
            if (sameRing(original[p]?.[r], rings[r])) continue;
            const content = spans.rings[p]?.[r]?.content;
            if (!content) return { reason: 'the coordinates in the KML file use entities or CDATA' };
            edits.push({ ...content, text: tuples(rings[r] as Float64Array) });
          }
        }
        return { edits };
      }
      if (!spans.element) return { reason: 'the placemark has more than one geometry element' };
      const t = (name: string, inner: string): string =>
        `<${spans.prefix}${name}>${inner}</${spans.prefix}${name}>`;
      const boundary = (name: string, r: Float64Array): string =>
        t(name, t('LinearRing', t('coordinates', tuples(r))));
      const polygon = (rings: Float64Array[]): string =>
        t(
          'Polygon',
          rings.map((r, i) => boundary(i === 0 ? 'outerBoundaryIs' : 'innerBoundaryIs', r)).join(''),
        );
      const text =
        polygons.length === 1
          ? polygon(polygons[0] ?? [])
          : t('MultiGeometry', polygons.map(polygon).join(''));
      return { edits: [{ ...spans.element, text }] };
    },
  };
}
