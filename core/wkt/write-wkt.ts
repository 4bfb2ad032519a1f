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

/**
 * A coordinate rounded to `decimals` places and written in its shortest form: 45.123850000000004 with 6
 * decimals is 45.12385. Without `decimals`, the shortest text that reads back to the same double.
 */
export function formatCoordinate(value: number, decimals?: number): string {
  if (decimals === undefined || !Number.isFinite(value)) return formatNumber(value);
  // + 0 turns -0 into 0.
  return formatNumber(Number(value.toFixed(Math.min(decimals, 100))) + 0);
}

/**
 * The most decimal places any number in a geometry text is written with (for writing fixed coordinates with
 * the input's precision); undefined when there is no number, or one is in exponent notation.
 */
export function maxDecimals(text: string, start = 0, end = text.length): number | undefined {
  // A scan rather than a regular expression: this runs over every rebuilt boundary's text.
  const isDigit = (c: number): boolean => c >= 48 && c <= 57;
  let max: number | undefined;
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    // A number starts here: a digit, or ".5", each maybe after a sign.
    const signed = c === 43 || c === 45;
    const at = signed ? i + 1 : i;
    const d = text.charCodeAt(at);
    if (!(isDigit(d) || (d === 46 && isDigit(text.charCodeAt(at + 1))))) {
      i++;
      continue;
    }
    i = at;
    while (isDigit(text.charCodeAt(i))) i++;
    let places = 0;
    if (text.charCodeAt(i) === 46) {
      i++;
      while (isDigit(text.charCodeAt(i))) {
        places++;
        i++;
      }
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      const sign = text.charCodeAt(i + 1);
      if (isDigit(sign) || ((sign === 43 || sign === 45) && isDigit(text.charCodeAt(i + 2))))
        return undefined;
    }
    if (max === undefined || places > max) max = places;
  }
  return max;
}

function writeRing(ring: Float64Array, decimals: number | undefined): string {
  const parts: string[] = [];
  for (let k = 0; k < ring.length; k += 2) {
    parts.push(
      `${formatCoordinate(ring[k] as number, decimals)} ${formatCoordinate(ring[k + 1] as number, decimals)}`,
    );
  }
  return `(${parts.join(', ')})`;
}

function writePolygonText(rings: Float64Array[], decimals: number | undefined): string {
  if (rings.length === 0) return 'EMPTY';
  return `(${rings.map((r) => (r.length === 0 ? 'EMPTY' : writeRing(r, decimals))).join(', ')})`;
}

export interface WritePolygonsOptions {
  /** Write MULTIPOLYGON even for a single polygon (default: POLYGON for one, MULTIPOLYGON otherwise). */
  multi?: boolean;
  /** Round coordinates to this many decimal places (the input's precision); default: shortest round trip. */
  decimals?: number;
}

/** POLYGON or MULTIPOLYGON text for polygons as [polygon][ring] flat x,y arrays. */
export function writePolygonsWkt(polygons: PolygonRings, options: WritePolygonsOptions = {}): string {
  const multi = options.multi ?? polygons.length !== 1;
  const { decimals } = options;
  if (!multi) {
    const only = polygons[0];
    return only === undefined || only.length === 0
      ? 'POLYGON EMPTY'
      : `POLYGON ${writePolygonText(only, decimals)}`;
  }
  if (polygons.length === 0) return 'MULTIPOLYGON EMPTY';
  return `MULTIPOLYGON (${polygons.map((p) => writePolygonText(p, decimals)).join(', ')})`;
}
