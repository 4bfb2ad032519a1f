import type { PolygonRings } from '../planar/geometry.ts';

/**
 * WKT output for fixed boundaries. Numbers are printed with the shortest text that reads back to the same
 * double (JavaScript's own algorithm), written out in plain decimal notation: `1e-7` becomes `0.0000001`,
 * so every WKT reader takes it and `parseWkt(writeWkt(g))` gives the same bits back.
 */

/** Shortest round-trip decimal text of a number, never in exponent notation. */
export function formatNumber(value: number): string {
  const text = String(value);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  // Position of the decimal point relative to the start of `digits`.
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  let out: string;
  if (point <= 0) out = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = digits.slice(0, point) + '.' + digits.slice(point);
  return negative ? '-' + out : out;
}

function writeRing(ring: Float64Array): string {
  const parts: string[] = [];
  for (let k = 0; k < ring.length; k += 2) {
    parts.push(`${formatNumber(ring[k] as number)} ${formatNumber(ring[k + 1] as number)}`);
  }
  return `(${parts.join(', ')})`;
}

function writePolygonText(rings: Float64Array[]): string {
  if (rings.length === 0) return 'EMPTY';
  return `(${rings.map((r) => (r.length === 0 ? 'EMPTY' : writeRing(r))).join(', ')})`;
}

export interface WritePolygonsOptions {
  /** Write MULTIPOLYGON even for a single polygon (default: POLYGON for one, MULTIPOLYGON otherwise). */
  multi?: boolean;
}

/** POLYGON or MULTIPOLYGON text for polygons as [polygon][ring] flat x,y arrays. */
export function writePolygonsWkt(polygons: PolygonRings, options: WritePolygonsOptions = {}): string {
  const multi = options.multi ?? polygons.length !== 1;
  if (!multi) {
    const only = polygons[0];
    return only === undefined || only.length === 0 ? 'POLYGON EMPTY' : `POLYGON ${writePolygonText(only)}`;
  }
  if (polygons.length === 0) return 'MULTIPOLYGON EMPTY';
  return `MULTIPOLYGON (${polygons.map(writePolygonText).join(', ')})`;
}
