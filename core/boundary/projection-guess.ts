/**
 * Which projected coordinate system do these numbers look like? Used by WGS004 (projected-coordinates) to
 * name the probable family in its hint. The coordinates alone cannot prove a CRS, so this returns
 * candidates, most specific first, each with the reason; where a candidate has a definition in the
 * catalog, its centre is reprojected and kept only if it lands where fields can be.
 */

import { crsByCode } from '../crs/crs-catalog.ts';
import { reprojectPointToWgs84 } from '../crs/reproject.ts';
import { formatCount } from '../values/format-count.ts';

export interface CoordinateExtent {
  xmin: number;
  xmax: number;
  ymin: number;
  ymax: number;
  /** Every coordinate is a whole number (scaled integer degrees are likely then). */
  allIntegers: boolean;
}

export interface ProjectionGuess {
  /** "UTM", "SWEREF99 TM", "US state plane (feet)", … */
  family: string;
  /** Why, with the numbers: "easting 100,000–900,000 m and northing 6,130,000 m ≈ 55.3° N". */
  detail: string;
}

const within = (lo: number, hi: number, min: number, max: number): boolean => lo >= min && hi <= max;

function fmt(n: number): string {
  return formatCount(Math.round(n));
}

function lands(
  code: string,
  x: number,
  y: number,
  lonRange: [number, number],
  latRange: [number, number],
): string | undefined {
  const crs = crsByCode(code);
  if (!crs) return undefined;
  const [lon, lat] = reprojectPointToWgs84(x, y, crs);
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return undefined;
  if (lon < lonRange[0] || lon > lonRange[1] || lat < latRange[0] || lat > latRange[1]) return undefined;
  return `${lon.toFixed(3)}, ${lat.toFixed(3)}`;
}

export function guessProjection(e: CoordinateExtent): ProjectionGuess[] {
  const guesses: ProjectionGuess[] = [];
  const cx = (e.xmin + e.xmax) / 2;
  const cy = (e.ymin + e.ymax) / 2;

  // Zone-prefixed eastings: Gauss-Krüger (DHDN) and UTM with the zone number in front.
  const zonePrefix = Math.floor(e.xmin / 1e6);
  if (zonePrefix === Math.floor(e.xmax / 1e6)) {
    const inZone = e.xmin - zonePrefix * 1e6;
    const inZoneMax = e.xmax - zonePrefix * 1e6;
    if (
      zonePrefix >= 2 &&
      zonePrefix <= 5 &&
      within(e.ymin, e.ymax, 5.2e6, 6.2e6) &&
      within(inZone, inZoneMax, 2e5, 8e5)
    ) {
      guesses.push({
        family: `German Gauss-Krüger zone ${zonePrefix} (DHDN, EPSG:${31464 + zonePrefix})`,
        detail: `easting ${fmt(e.xmin)}–${fmt(e.xmax)} starts with the zone number ${zonePrefix}, northing ${fmt(e.ymin)}–${fmt(e.ymax)} lies in Germany`,
      });
    }
    if (
      zonePrefix >= 28 &&
      zonePrefix <= 38 &&
      within(inZone, inZoneMax, 1e5, 9e5) &&
      within(e.ymin, e.ymax, 0, 1e7)
    ) {
      guesses.push({
        family: `ETRS89 / UTM zone ${zonePrefix}N with the zone number before the easting (e.g. EPSG:4647 for 32N)`,
        detail: `easting ${fmt(e.xmin)}–${fmt(e.xmax)} = zone ${zonePrefix} followed by a 6-digit UTM easting`,
      });
    }
  }

  const utmLike = within(e.xmin, e.xmax, 1e5, 9e5) && within(e.ymin, e.ymax, 0, 1e7);
  if (within(e.xmin, e.xmax, 2.5e5, 9.3e5) && within(e.ymin, e.ymax, 6.1e6, 7.7e6)) {
    guesses.push({
      family: 'SWEREF99 TM (EPSG:3006)',
      detail: `easting ${fmt(e.xmin)}–${fmt(e.xmax)} m and northing ${fmt(e.ymin)}–${fmt(e.ymax)} m fit Sweden's national grid`,
    });
  }
  if (utmLike && within(e.ymin, e.ymax, 5.2e6, 6.2e6)) {
    guesses.push({
      family: 'ETRS89 / UTM zone 32N or 33N (EPSG:25832 / EPSG:25833)',
      detail: `northing ${fmt(e.ymin)}–${fmt(e.ymax)} m is 47°–56° N, the band where German, Polish and Danish data use these zones`,
    });
  }
  if (within(e.xmin, e.xmax, 1e5, 1.25e6) && within(e.ymin, e.ymax, 6.03e6, 7.12e6)) {
    guesses.push({
      family: 'RGF93 / Lambert-93 (EPSG:2154)',
      detail: `x ${fmt(e.xmin)}–${fmt(e.xmax)} m and y ${fmt(e.ymin)}–${fmt(e.ymax)} m fit France's national grid`,
    });
  }
  if (within(e.xmin, e.xmax, 0, 7e5) && within(e.ymin, e.ymax, 0, 1.25e6)) {
    const at = lands('EPSG:27700', cx, cy, [-9, 2], [49.8, 61]);
    if (at) {
      guesses.push({
        family: 'British National Grid (EPSG:27700)',
        detail: `x ${fmt(e.xmin)}–${fmt(e.xmax)} m and y ${fmt(e.ymin)}–${fmt(e.ymax)} m fit Great Britain (centre ≈ ${at})`,
      });
    }
  }
  if (utmLike) {
    const northLat = cy / 110_950;
    const southLat = (1e7 - cy) / 110_950;
    guesses.push({
      family: 'UTM',
      detail:
        `easting ${fmt(e.xmin)}–${fmt(e.xmax)} m is within UTM's 100,000–900,000 m and northing ${fmt(cy)} m means about ` +
        `${northLat.toFixed(1)}° N (or ${southLat.toFixed(1)}° S in a southern zone); the zone itself cannot be read from the coordinates`,
    });
  }
  if (within(e.xmin, e.xmax, -2.6e6, 2.4e6) && within(e.ymin, e.ymax, 2e5, 3.3e6) && !utmLike) {
    const at = lands('EPSG:5070', cx, cy, [-125, -66], [24, 50]);
    if (at) {
      guesses.push({
        family: 'US Albers equal-area, CONUS (EPSG:5070 / ESRI:102039)',
        detail: `x ${fmt(e.xmin)}–${fmt(e.xmax)} m and y ${fmt(e.ymin)}–${fmt(e.ymax)} m land in the contiguous US (centre ≈ ${at})`,
      });
    }
  }
  if (within(e.xmin, e.xmax, 1e6, 1e7) && within(e.ymin, e.ymax, 0, 5e6)) {
    guesses.push({
      family: 'US state plane (feet)',
      detail: `x ${fmt(e.xmin)}–${fmt(e.xmax)} is beyond UTM eastings; state plane zones in US feet use false eastings of 1,640,416.67, 2,000,000 ft and more`,
    });
  }
  // Degrees scaled to integers (micro-degrees and the like): after the grids, since whole metres are
  // common in projected data too.
  if (e.allIntegers) {
    for (const scale of [1e5, 1e6, 1e7]) {
      if (
        within(e.xmin / scale, e.xmax / scale, -180, 180) &&
        within(e.ymin / scale, e.ymax / scale, -90, 90) &&
        Math.max(Math.abs(e.xmin), Math.abs(e.xmax)) / scale > 1
      ) {
        guesses.push({
          family: `degrees × ${scale.toExponential(0).replace('e+', 'e')}`,
          detail: `whole numbers that divided by ${fmt(scale)} read as longitude ${(cx / scale).toFixed(4)}, latitude ${(cy / scale).toFixed(4)}`,
        });
        break;
      }
    }
  }

  const R = 6378137;
  if (within(e.xmin, e.xmax, -2.0038e7, 2.0038e7) && within(e.ymin, e.ymax, -2.0038e7, 2.0038e7)) {
    const lon = (cx / R) * (180 / Math.PI);
    const lat = Math.atan(Math.sinh(cy / R)) * (180 / Math.PI);
    if (lat > -60 && lat < 75) {
      guesses.push({
        family: 'Web Mercator (EPSG:3857)',
        detail: `read as Web Mercator metres the centre would be ${lon.toFixed(3)}, ${lat.toFixed(3)}`,
      });
    }
  }
  return guesses;
}
