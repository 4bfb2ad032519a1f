/**
 * A geometry rebuilt by make-valid, kept beside the fix that writes it, so the fix review
 * (core/boundary/boundary-fixes.ts) can check and round it without reading its WKT back. Each output
 * vertex is either an input coordinate (kept as it is: rounding it to the input's precision would give the
 * same number) or a computed crossing point (the only ones rounding changes).
 */

import type { Fix } from '../diagnostics/diagnostic.ts';
import { formatNumber, maxDecimals } from '../wkt/write-wkt.ts';
import type { ParsedGeometry, PolygonRings } from './geometry.ts';
import type { TracedPolygons } from './make-valid.ts';

export interface RebuiltPolygons {
  /**
   * The rebuilt polygons, crossing points exact; the fix review rounds the crossing points in place to
   * the precision it offers.
   */
  polygons: PolygonRings;
  /** MULTIPOLYGON (else POLYGON). */
  multi: boolean;
  /** Whether make-valid checked the exact result valid; if not, the review's check stands in for it. */
  checked: boolean;
  /** make-valid's `stillValid`: the polygons, crossing points rounded, surely still valid (else check). */
  stillValid?: () => boolean;
  /** Per polygon, per ring, per vertex: the input coordinate it repeats, or -1 for a computed point. */
  sources: Int32Array[][];
  /**
   * WKT of polygons shaped like `polygons` (same rings, same vertex counts, input vertices unchanged), as
   * writePolygonsWkt writes them, reusing the input's text for input vertices where it is the same text.
   * `keepInputText`: reuse each input vertex's "x y" text as it is (45.10 stays 45.10).
   */
  write(polygons: PolygonRings, keepInputText?: boolean): string;
  /**
   * The most decimal places any number of the input geometry is written with, as maxDecimals gives it for
   * the geometry's text (from the scan the writer makes anyway).
   */
  inputDecimals(): number | undefined;
}

export interface RebuiltGeometry extends RebuiltPolygons {
  /** The fix whose single edit replaces the geometry with `write(polygons)`. */
  fix: Fix;
}

/**
 * Whether text[start, end) is a number exactly as formatNumber writes its value: plain decimal, no sign but
 * a minus, no leading or trailing zeros, at most 15 significant digits (so the text is the shortest that
 * reads back to its double), and not a negative zero.
 */
export function isCanonicalNumber(text: string, start: number, end: number): boolean {
  let i = start;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  if (i >= end) return false;
  const first = text.charCodeAt(i);
  if (first < 48 || first > 57) return false;
  let significant = 0;
  let nonZero = false;
  if (first === 48) {
    i++;
  } else {
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      significant++;
      i++;
    }
    nonZero = true;
  }
  if (i < end) {
    if (text.charCodeAt(i) !== 46) return false;
    i++;
    if (i >= end) return false;
    let last = 0;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) return false;
      if (c !== 48) nonZero = true;
      if (nonZero) significant++;
      last = c;
      i++;
    }
    if (last === 48) return false;
  }
  if (negative && !nonZero) return false;
  return significant <= 15;
}

/** Text spans of the two numbers of an "x y" coordinate, or undefined when it is not exactly that shape. */
function splitPair(text: string, start: number, end: number): number | undefined {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) return i;
    if (c < 32) return undefined;
  }
  return undefined;
}

/** The text after the first space of an "x y" coordinate has no other white space. */
function isPlainPair(text: string, space: number, end: number): boolean {
  for (let i = space + 1; i < end; i++) if (text.charCodeAt(i) <= 32) return false;
  return true;
}

/** What canonicalEnd found besides the end: the caller's own, reused from number to number. */
interface CanonicalNumber {
  /** Decimals of the number read last. */
  places: number;
}

/**
 * Where the number starting at text[i] ends (the first character after it, before `limit`) when it is
 * written as formatNumber writes its value (see isCanonicalNumber), else -1; its decimals go to
 * `read.places`. One scan, for the coordinates of every rebuilt boundary.
 */
function canonicalEnd(text: string, i: number, limit: number, read: CanonicalNumber): number {
  let j = i;
  const negative = text.charCodeAt(j) === 45;
  if (negative) j++;
  const first = text.charCodeAt(j);
  if (j >= limit || first < 48 || first > 57) return -1;
  let significant = 0;
  let nonZero = false;
  if (first === 48) {
    j++;
    const c = text.charCodeAt(j);
    if (j < limit && c >= 48 && c <= 57) return -1;
  } else {
    while (j < limit) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) break;
      significant++;
      j++;
    }
    nonZero = true;
  }
  let places = 0;
  if (j < limit && text.charCodeAt(j) === 46) {
    j++;
    const fraction = j;
    let last = 0;
    while (j < limit) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) break;
      if (c !== 48) nonZero = true;
      if (nonZero) significant++;
      last = c;
      j++;
    }
    if (j === fraction || last === 48) return -1;
    places = j - fraction;
  }
  if ((negative && !nonZero) || significant > 15) return -1;
  read.places = places;
  return j;
}

// Per input coordinate, what its text allows (see `analyseText`).
/** "x y", both numbers as formatNumber writes them: the text is what writing the values gives. */
const CANONICAL = 1;
/** "x y" with one space and no other white space: kept as it is with `keepInputText`. */
const PLAIN = 2;
/** Followed by exactly ", " and the next coordinate of the same ring. */
const JOINED = 4;
/** Two numbers with a space between them (the writer reuses each canonical number's text). */
const PAIR = 8;

/**
 * The rebuilt geometry of a make-valid fix, with a writer that reuses the input text of `g` (read from
 * `wkt`) for every vertex that repeats an input coordinate and whose text is what formatNumber would
 * print (printing numbers is the slow part for big outlines). Runs of consecutive input coordinates whose
 * text is that already, joined by ", ", are copied as one piece.
 */
export function rebuiltPolygons(
  /** The text `g` was read from; read character by character and sliced from, so best a flat string. */
  wkt: string,
  g: ParsedGeometry,
  traced: TracedPolygons,
  multi: boolean,
): RebuiltPolygons {
  // Text spans of the input coordinates, ring by ring as parsed; ring r holds the coordinates numbered (as
  // the sources are) from ringFirst[r] on.
  const ringSpans: Uint32Array[] = [];
  const ringFirst: number[] = [0];
  for (const rings of g.positions) {
    for (const ring of rings) {
      ringSpans.push(ring);
      ringFirst.push((ringFirst[ringFirst.length - 1] as number) + (ring.length >> 1));
    }
  }
  const total = ringFirst[ringFirst.length - 1] as number;
  // The ring of the last coordinate looked up (the writer mostly goes on in the same ring).
  let at = 0;
  const spansOf = (source: number): Uint32Array => {
    if (source < (ringFirst[at] as number) || source >= (ringFirst[at + 1] as number)) {
      at = 0;
      while (source >= (ringFirst[at + 1] as number)) at++;
    }
    return ringSpans[at] as Uint32Array;
  };
  const startOf = (source: number): number =>
    spansOf(source)[2 * (source - (ringFirst[at] as number))] as number;
  const endOf = (source: number): number =>
    spansOf(source)[2 * (source - (ringFirst[at] as number)) + 1] as number;
  const reusable = !(g.hasZ || g.hasM);
  const sources = traced.sources;
  // One scan of every input coordinate's text, on first use: flags, and the most decimals of any number.
  let flags: Uint8Array | undefined;
  let decimals: number | undefined;
  const analyseText = (): Uint8Array => {
    if (flags) return flags;
    flags = new Uint8Array(total);
    if (g.canonicalText) {
      // The reader saw every coordinate written as formatNumber writes it, joined by ", ": what the scan
      // below would find, without reading the text again.
      flags.fill(CANONICAL | PLAIN | PAIR | JOINED);
      for (let r = 1; r < ringFirst.length; r++) {
        if ((ringFirst[r] as number) > (ringFirst[r - 1] as number))
          flags[(ringFirst[r] as number) - 1] = CANONICAL | PLAIN | PAIR;
      }
      decimals = g.canonicalText.decimals;
      return flags;
    }
    let max: number | undefined;
    let exponent = false;
    const read: CanonicalNumber = { places: 0 };
    for (let k = 0; k < total; k++) {
      const spans = spansOf(k);
      const i = 2 * (k - (ringFirst[at] as number));
      const start = spans[i] as number;
      const end = spans[i + 1] as number;
      let f = 0;
      // Mostly "x y" as formatNumber writes them: one scan. Anything else is looked at piece by piece.
      const xEnd = canonicalEnd(wkt, start, end, read);
      if (xEnd >= 0 && wkt.charCodeAt(xEnd) === 32) {
        const xPlaces = read.places;
        if (canonicalEnd(wkt, xEnd + 1, end, read) === end) {
          f = CANONICAL | PLAIN | PAIR;
          const places = Math.max(xPlaces, read.places);
          if (max === undefined || places > max) max = places;
        }
      }
      if (f === 0) {
        const space = splitPair(wkt, start, end);
        if (space !== undefined) {
          f |= PAIR;
          if (isPlainPair(wkt, space, end)) f |= PLAIN;
          if (isCanonicalNumber(wkt, start, space) && isCanonicalNumber(wkt, space + 1, end)) f |= CANONICAL;
        }
        // Any other shape (more numbers, other spacing, exponents): measured as maxDecimals measures.
        const places = maxDecimals(wkt, start, end);
        if (places === undefined) exponent ||= /[eE]/.test(wkt.slice(start, end));
        else if (max === undefined || places > max) max = places;
      }
      if (
        i + 2 < spans.length &&
        (spans[i + 2] as number) === end + 2 &&
        wkt.charCodeAt(end) === 44 &&
        wkt.charCodeAt(end + 1) === 32
      )
        f |= JOINED;
      flags[k] = f;
    }
    decimals = exponent ? undefined : max;
    return flags;
  };
  const number = (value: number, start: number, end: number): string =>
    isCanonicalNumber(wkt, start, end) ? wkt.slice(start, end) : formatNumber(value);
  const write = (polygons: PolygonRings, keepInputText = false): string => {
    if (polygons.length === 0) return multi ? 'MULTIPOLYGON EMPTY' : 'POLYGON EMPTY';
    const f = reusable ? analyseText() : undefined;
    // A coordinate whose text is written as it is.
    const whole = keepInputText ? PLAIN : CANONICAL;
    // The pieces of the whole text, joined once: a join per ring and per polygon (and a prefix added to a
    // joined text) copied each character three or four times more, 90 MB for 3,000 rebuilt outlines.
    const out: string[] = [multi ? 'MULTIPOLYGON (' : 'POLYGON '];
    // A Polygon is its first polygon (make-valid gives a Polygon only when there is one).
    const written = multi ? polygons.length : 1;
    for (let p = 0; p < written; p++) {
      if (p > 0) out.push(', ');
      const rings = polygons[p] as Float64Array[];
      if (rings.length === 0) {
        out.push('EMPTY');
        continue;
      }
      out.push('(');
      for (let r = 0; r < rings.length; r++) {
        if (r > 0) out.push(', ');
        const ring = rings[r] as Float64Array;
        if (ring.length === 0) {
          out.push('EMPTY');
          continue;
        }
        out.push('(');
        const ringSources = sources[p]?.[r];
        const count = ring.length >> 1;
        for (let k = 0; k < count; k++) {
          if (k > 0) out.push(', ');
          const x = ring[2 * k] as number;
          const y = ring[2 * k + 1] as number;
          const source = f ? (ringSources?.[k] ?? -1) : -1;
          if (source >= 0 && f) {
            const sf = f[source] as number;
            const start = startOf(source);
            if ((sf & whole) !== 0) {
              // The longest run of following input coordinates, each written as it is, joined by ", ".
              let last = source;
              while (
                k + 1 < count &&
                ((f[last] as number) & JOINED) !== 0 &&
                (ringSources?.[k + 1] ?? -1) === last + 1 &&
                ((f[last + 1] as number) & whole) !== 0
              ) {
                last++;
                k++;
              }
              out.push(wkt.slice(start, endOf(last)));
              continue;
            }
            if ((sf & PAIR) !== 0) {
              const end = endOf(source);
              const space = splitPair(wkt, start, end) as number;
              out.push(number(x, start, space), ' ', number(y, space + 1, end));
              continue;
            }
          }
          out.push(formatNumber(x), ' ', formatNumber(y));
        }
        out.push(')');
      }
      out.push(')');
    }
    if (multi) out.push(')');
    return out.join('');
  };
  const inputDecimals = (): number | undefined => {
    analyseText();
    return decimals;
  };
  return {
    polygons: traced.polygons,
    multi,
    sources,
    checked: traced.checked,
    ...(traced.stillValid ? { stillValid: traced.stillValid } : {}),
    write,
    inputDecimals,
  };
}
