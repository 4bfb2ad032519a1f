/**
 * Are a boundary's coordinates WGS 84 longitude/latitude? Looks at all points at once, so it can tell
 * three faults apart and report each once: projected metres/feet (WGS004, with the likely family),
 * latitude-first axes (WGS003, with the counts as evidence and an unsafe swap fix), and stray points out of
 * range (WGS001/WGS002, once per ring at the first such point, with the count). A geometry flagged as
 * projected or swapped gets no per-point range reports: one fault, one diagnostic.
 */

import type { Fix } from '../diagnostics/diagnostic.ts';
import { swapAxes } from '../geometry/fixes.ts';
import type { ParsedGeometry } from '../geometry/geometry.ts';
import { writePolygonsWkt } from '../wkt/write-wkt.ts';
import { plural } from '../values/plural.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { axesSwapped, latitudeOutOfRange, longitudeOutOfRange, projectedCoordinates } from './wgs84-rules.ts';
import type { BoundaryPlace } from './boundary-location.ts';
import { guessProjection, type CoordinateExtent } from './projection-guess.ts';
import { formatCount } from '../values/format-count.ts';

/** What the coordinates are, as far as the checks can tell. */
export type CoordinateVerdict = 'wgs84' | 'out-of-range' | 'swapped' | 'projected' | 'empty';

interface CoordinateStats extends CoordinateExtent {
  /** Finite points (NaN and infinite coordinates are the validity checks' business). */
  points: number;
  /** |x| > 180 */
  lonOut: number;
  /** |y| > 90 */
  latOut: number;
  /** |x| > 90 */
  xBeyond90: number;
  /** |y| > 180 */
  yBeyond180: number;
  /** |x| > 360 or |y| > 360 */
  farOut: number;
}

function coordinateStats(geometry: ParsedGeometry): CoordinateStats {
  // Counted in locals (the loop runs once per vertex of every boundary), stored once at the end.
  let points = 0;
  let lonOut = 0;
  let latOut = 0;
  let xBeyond90 = 0;
  let yBeyond180 = 0;
  let farOut = 0;
  let xmin = Infinity;
  let xmax = -Infinity;
  let ymin = Infinity;
  let ymax = -Infinity;
  let allIntegers = true;
  for (const polygon of geometry.polygons) {
    for (const ring of polygon) {
      for (let i = 0; i + 1 < ring.length; i += 2) {
        const x = ring[i] as number;
        const y = ring[i + 1] as number;
        // NaN and infinite coordinates are the validity checks' business.
        if (x - x !== 0 || y - y !== 0) continue;
        points++;
        const ax = x < 0 ? -x : x;
        const ay = y < 0 ? -y : y;
        if (ax > 90) {
          xBeyond90++;
          if (ax > 180) lonOut++;
        }
        if (ay > 90) {
          latOut++;
          if (ay > 180) yBeyond180++;
        }
        if (ax > 360 || ay > 360) farOut++;
        if (x < xmin) xmin = x;
        if (x > xmax) xmax = x;
        if (y < ymin) ymin = y;
        if (y > ymax) ymax = y;
        if (allIntegers && (!Number.isInteger(x) || !Number.isInteger(y))) allIntegers = false;
      }
    }
  }
  return { points, lonOut, latOut, xBeyond90, yBeyond180, farOut, xmin, xmax, ymin, ymax, allIntegers };
}

/**
 * Whether the geometry has a point and every point is a longitude and a latitude in range: then the stats
 * below come out 'wgs84' (nothing out of range, nothing far out), from two comparisons per value instead of
 * their counts. A point that is not a finite number fails the test and leaves it to the stats.
 */
function allWithinWgs84(geometry: ParsedGeometry): boolean {
  let points = 0;
  for (const polygon of geometry.polygons) {
    for (const ring of polygon) {
      for (let i = 0; i + 1 < ring.length; i += 2) {
        const x = ring[i] as number;
        const y = ring[i + 1] as number;
        if (!(x >= -180 && x <= 180 && y >= -90 && y <= 90)) return false;
      }
      points += ring.length >> 1;
    }
  }
  return points > 0;
}

/** Longest before/after text shown in the swap fix. */
const DISPLAY_LIMIT = 600;

function abbreviate(text: string): string {
  return text.length <= DISPLAY_LIMIT
    ? text
    : `${text.slice(0, DISPLAY_LIMIT - 200)} … ${text.slice(text.length - 150)}`;
}

function num(n: number): string {
  return Math.abs(n) >= 1000 ? formatCount(Math.round(n)) : String(n);
}

export const SWAP_HINT =
  'WKT is longitude first ("x y" = "lon lat"). Swap the two values of every point; the fix does that.';

/**
 * The unsafe fix that swaps x and y of every point: the geometry fix of core/geometry (swapAxes), written
 * back in place of the geometry text.
 */
export function swapAxesFix(geometry: ParsedGeometry, place: BoundaryPlace): Fix {
  const [start, end] = geometry.spans.geometry;
  const replacement = writePolygonsWkt(swapAxes(geometry.polygons), {
    multi: geometry.type === 'MultiPolygon',
  });
  return {
    safety: 'unsafe',
    title: 'Swap x and y of every point (assumes the coordinates were written latitude first)',
    edits: [{ start: place.doc(start), end: place.doc(end), text: replacement }],
    before: abbreviate(place.wkt.slice(start, end)),
    after: abbreviate(replacement),
  };
}

export function checkWgs84(
  geometry: ParsedGeometry,
  collector: DiagnosticCollector,
  place: BoundaryPlace,
): CoordinateVerdict {
  if (allWithinWgs84(geometry)) return 'wgs84';
  const s = coordinateStats(geometry);
  if (s.points === 0) return 'empty';

  if (s.farOut * 2 >= s.points) {
    const guesses = guessProjection(s);
    const best = guesses[0];
    collector.report(projectedCoordinates, {
      messageId: 'projected',
      data: {
        xmin: num(s.xmin),
        xmax: num(s.xmax),
        ymin: num(s.ymin),
        ymax: num(s.ymax),
        guess: best ? `, probably ${best.family}` : '',
      },
      location: place.geometry(geometry),
      hint:
        (best
          ? `Looks like ${best.family}: ${best.detail}.` +
            (guesses.length > 1
              ? ` Also possible: ${guesses
                  .slice(1, 4)
                  .map((g) => g.family)
                  .join('; ')}.`
              : '')
          : 'The ranges match no projection family Fieldgate recognises.') +
        ' Reproject to WGS 84 longitude/latitude (EPSG:4326) with the source coordinate system, e.g. `fieldgate convert` on the shapefile with its .prj, or ogr2ogr -t_srs EPSG:4326.',
    });
    return 'projected';
  }

  if (s.latOut > 0 && s.xBeyond90 === 0 && s.yBeyond180 === 0) {
    // The verb agrees with the count before it: "1 of 4 points has", "its 1 point has", "all 4 points have".
    const has = (n: number): string => (n === 1 ? 'has' : 'have');
    const evidence =
      s.latOut === s.points
        ? `${s.points === 1 ? 'its' : 'all'} ${plural(s.points, 'point')} ${has(s.points)} |y| > 90 but |x| ≤ 90`
        : `${s.latOut} of ${plural(s.points, 'point')} ${has(s.latOut)} |y| > 90, impossible for a latitude, while every |x| ≤ 90 and every |y| ≤ 180`;
    collector.report(axesSwapped, {
      messageId: 'swapped',
      data: { evidence },
      location: place.geometry(geometry),
      hint: SWAP_HINT,
      fix: swapAxesFix(geometry, place),
    });
    return 'swapped';
  }

  if (s.lonOut === 0 && s.latOut === 0) return 'wgs84';

  geometry.polygons.forEach((polygon, p) => {
    polygon.forEach((ring, r) => {
      let firstLon = -1;
      let firstLat = -1;
      let lonCount = 0;
      let latCount = 0;
      const total = ring.length >> 1;
      for (let c = 0; c < total; c++) {
        const x = ring[2 * c] as number;
        const y = ring[2 * c + 1] as number;
        if (Number.isFinite(x) && Math.abs(x) > 180) {
          lonCount++;
          if (firstLon < 0) firstLon = c;
        }
        if (Number.isFinite(y) && Math.abs(y) > 90) {
          latCount++;
          if (firstLat < 0) firstLat = c;
        }
      }
      if (firstLon >= 0) {
        collector.report(longitudeOutOfRange, {
          messageId: 'outside',
          data: { value: ring[2 * firstLon] as number, count: lonCount, total, polygon: p, ring: r },
          location: place.coordinate(geometry, p, r, firstLon),
          hint: 'Longitude is the first value of each point and must lie within -180…180; check for a typo, a missing minus sign or a longitude that was not wrapped.',
        });
      }
      if (firstLat >= 0) {
        collector.report(latitudeOutOfRange, {
          messageId: 'outside',
          data: { value: ring[2 * firstLat + 1] as number, count: latCount, total, polygon: p, ring: r },
          location: place.coordinate(geometry, p, r, firstLat),
          hint: 'Latitude is the second value of each point and must lie within -90…90; check for a typo or a point that belongs to another geometry.',
        });
      }
    });
  });
  return 'out-of-range';
}
