/**
 * A geometry rebuilt by make-valid, kept beside the fix that writes it, so the fix review
 * (core/boundary/boundary-fixes.ts) can check and round it without reading its WKT back. Each output
 * vertex is either an input coordinate (kept as it is: rounding it to the input's precision would give the
 * same number) or a computed crossing point (the only ones rounding changes).
 */

import type { Fix } from '../diagnostics/diagnostic.ts';
import { formatNumber } from '../wkt/write-wkt.ts';
import type { ParsedGeometry, PolygonRings } from './geometry.ts';
import type { TracedPolygons } from './make-valid.ts';

export interface RebuiltPolygons {
  /** The rebuilt polygons, crossing points exact. */
  polygons: PolygonRings;
  /** MULTIPOLYGON (else POLYGON). */
  multi: boolean;
  /** Whether make-valid checked the exact result valid; if not, the review's check stands in for it. */
  checked: boolean;
  /** Per polygon, per ring, per vertex: the input coordinate it repeats, or -1 for a computed point. */
  sources: Int32Array[][];
  /**
   * WKT of polygons shaped like `polygons` (same rings, same vertex counts, input vertices unchanged), as
   * writePolygonsWkt writes them, reusing the input's text for input vertices where it is the same text.
   * `keepInputText`: reuse each input vertex's "x y" text as it is (45.10 stays 45.10).
   */
  write(polygons: PolygonRings, keepInputText?: boolean): string;
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

/**
 * The rebuilt geometry of a make-valid fix, with a writer that reuses the input text of `g` (read from
 * `wkt`) for every vertex that repeats an input coordinate and whose text is what formatNumber would
 * print (printing numbers is the slow part for big outlines).
 */
export function rebuiltPolygons(
  wkt: string,
  g: ParsedGeometry,
  traced: TracedPolygons,
  multi: boolean,
): RebuiltPolygons {
  // Text span of every input coordinate, numbered as the sources are.
  let total = 0;
  for (const rings of g.positions) for (const ring of rings) total += ring.length >> 1;
  const starts = new Uint32Array(total);
  const ends = new Uint32Array(total);
  let n = 0;
  for (const rings of g.positions) {
    for (const ring of rings) {
      for (let k = 0; k < ring.length; k += 2) {
        starts[n] = ring[k] as number;
        ends[n] = ring[k + 1] as number;
        n++;
      }
    }
  }
  const reusable = !(g.hasZ || g.hasM);
  const sources = traced.sources;
  const number = (value: number, start: number, end: number): string =>
    isCanonicalNumber(wkt, start, end) ? wkt.slice(start, end) : formatNumber(value);
  const write = (polygons: PolygonRings, keepInputText = false): string => {
    const polygonTexts: string[] = [];
    for (let p = 0; p < polygons.length; p++) {
      const rings = polygons[p] as Float64Array[];
      const ringTexts: string[] = [];
      for (let r = 0; r < rings.length; r++) {
        const ring = rings[r] as Float64Array;
        if (ring.length === 0) {
          ringTexts.push('EMPTY');
          continue;
        }
        const ringSources = sources[p]?.[r];
        const points: string[] = [];
        for (let k = 0; k < ring.length; k += 2) {
          const x = ring[k] as number;
          const y = ring[k + 1] as number;
          const source = reusable ? (ringSources?.[k >> 1] ?? -1) : -1;
          if (source >= 0) {
            const start = starts[source] as number;
            const end = ends[source] as number;
            const space = splitPair(wkt, start, end);
            if (space !== undefined && keepInputText && isPlainPair(wkt, space, end)) {
              points.push(wkt.slice(start, end));
              continue;
            }
            if (space !== undefined) {
              points.push(`${number(x, start, space)} ${number(y, space + 1, end)}`);
              continue;
            }
          }
          points.push(`${formatNumber(x)} ${formatNumber(y)}`);
        }
        ringTexts.push(`(${points.join(', ')})`);
      }
      polygonTexts.push(rings.length === 0 ? 'EMPTY' : `(${ringTexts.join(', ')})`);
    }
    if (!multi) return polygonTexts.length === 0 ? 'POLYGON EMPTY' : `POLYGON ${polygonTexts[0]}`;
    if (polygonTexts.length === 0) return 'MULTIPOLYGON EMPTY';
    return `MULTIPOLYGON (${polygonTexts.join(', ')})`;
  };
  return { polygons: traced.polygons, multi, sources, checked: traced.checked, write };
}
