/**
 * Reads the WKT of a Modus sample <Geometry> (with the shared WKT reader, core/wkt) into what the sample
 * checks need: the geometry type, and for a POINT its coordinates.
 */
import { parseWkt } from '../wkt/parse-wkt.ts';

export type SampleGeometry =
  { ok: true; type: string; empty: boolean; point?: [number, number] } | { ok: false; error: string };

export function readSampleGeometry(wkt: string): SampleGeometry {
  if (wkt.trim() === '') return { ok: false, error: 'it is empty' };
  const parsed = parseWkt(wkt);
  if (!parsed.ok) {
    const message = parsed.error.message;
    return { ok: false, error: message.charAt(0).toLowerCase() + message.slice(1) };
  }
  const g = parsed.geometry;
  const type = g.type.toUpperCase();
  if (g.type !== 'Point' || g.empty) return { ok: true, type, empty: g.empty };
  const xy = g.lines[0];
  return { ok: true, type, empty: false, point: [xy?.[0] ?? NaN, xy?.[1] ?? NaN] };
}

/**
 * One validation's reader: the observers that check a sample's <Geometry> see the same element in turn, so
 * its WKT is parsed once and the result shared.
 */
export class SampleGeometryReader {
  private wkt: string | undefined;
  private geometry: SampleGeometry = { ok: false, error: 'it is empty' };

  read(wkt: string): SampleGeometry {
    if (wkt !== this.wkt) {
      this.wkt = wkt;
      this.geometry = readSampleGeometry(wkt);
    }
    return this.geometry;
  }
}
