/**
 * The rules the boundary checks and imports report about coordinates, group wgs84: longitude and latitude
 * ranges, swapped axes, projected coordinates (check-wgs84.ts) and coordinate systems a file declares or
 * lacks (import-shapefile.ts, reproject-features.ts). Defined beside the checks that report them; the
 * registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts), once per ring, at its first bad point. */
export const longitudeOutOfRange = defineRule({
  meta: {
    code: 'WGS001',
    name: 'longitude-out-of-range',
    group: 'wgs84',
    decidedIn: 'core/boundary/check-wgs84.ts',
    severity: 'error',
    messages: {
      outside:
        'Longitude {value} is outside [-180, 180] ({count} of {total} {total:point|points} of polygon {polygon}, ring {ring})',
    },
    docs: {
      what: 'Reports a ring whose points have an x (longitude) outside -180…180 degrees, at the first such point, with how many points of the ring are affected.',
      why: 'Field boundaries go to the service as WGS 84 longitude/latitude; a longitude beyond ±180 is a typo, a sign error or an unwrapped longitude, and the field lands nowhere.',
      example: 'POLYGON ((-193.27 35.85, -103.27 35.86, -103.28 35.86, -193.27 35.85))',
      useInstead: 'POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts), once per ring, at its first bad point. */
export const latitudeOutOfRange = defineRule({
  meta: {
    code: 'WGS002',
    name: 'latitude-out-of-range',
    group: 'wgs84',
    decidedIn: 'core/boundary/check-wgs84.ts',
    severity: 'error',
    messages: {
      outside:
        'Latitude {value} is outside [-90, 90] ({count} of {total} {total:point|points} of polygon {polygon}, ring {ring})',
    },
    docs: {
      what: 'Reports a ring whose points have a y (latitude) outside -90…90 degrees, at the first such point, with how many points of the ring are affected. When the whole boundary looks like swapped axes or projected coordinates, WGS003 or WGS004 reports it instead.',
      why: 'A latitude beyond ±90 does not exist; the service cannot place the field.',
      example: 'POLYGON ((-103.27 95.85, -103.27 35.86, -103.28 35.86, -103.27 95.85))',
      useInstead: 'POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts) with the evidence it found. */
export const axesSwapped = defineRule({
  meta: {
    code: 'WGS003',
    name: 'axes-swapped',
    group: 'wgs84',
    decidedIn: 'core/boundary/check-wgs84.ts',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      swapped: 'The coordinates look like latitude,longitude instead of longitude,latitude: {evidence}',
    },
    docs: {
      what: 'Reports a boundary whose points read as latitude first: some y values lie beyond ±90 (so they cannot be latitudes) while every x value lies within ±90 and every y within ±180 (so swapping makes them all valid). The message gives the counts. The unsafe fix swaps x and y of every point.',
      why: 'WKT and GeoJSON put longitude first; many GIS exports and spreadsheets put latitude first. A swapped boundary lands in another hemisphere or is rejected.',
      example: 'POLYGON ((35.85 -103.27, 35.86 -103.27, 35.86 -103.28, 35.85 -103.27))',
      useInstead: 'POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts) with a guess at the projection family. */
export const projectedCoordinates = defineRule({
  meta: {
    code: 'WGS004',
    name: 'projected-coordinates',
    group: 'wgs84',
    decidedIn: 'core/boundary/check-wgs84.ts',
    severity: 'error',
    messages: {
      projected:
        'The coordinates are not WGS 84 degrees: x spans {xmin}…{xmax} and y {ymin}…{ymax}, values of a projected system in metres or feet{guess}',
    },
    docs: {
      what: 'Reports a boundary whose coordinates are far beyond any longitude/latitude (|x| > 360 or |y| > 360 for most points), so they are projected metres or feet. The message names the probable projection family when the ranges tell: UTM (easting 100,000–900,000 m, northing up to 10,000,000 m), SWEREF99 TM, ETRS89 / UTM 32N/33N, British National Grid, US Albers, US state plane feet, Gauss-Krüger, Web Mercator.',
      why: 'The service reads boundaries as WGS 84 degrees; projected coordinates are rejected or put the field off the planet. Reprojecting needs the source coordinate system, which the coordinates alone cannot prove.',
      example: 'POLYGON ((374000 6135000, 374100 6135000, 374100 6135100, 374000 6135000))',
      useInstead:
        'Reproject to EPSG:4326 (ogr2ogr -t_srs EPSG:4326, or fieldgate convert on the shapefile with its .prj): POLYGON ((13.0130 55.3452, …))',
    },
  },
});

/** Reported by the boundary imports (core/boundary/) when a file's coordinate system cannot be reprojected. */
export const crsUnknown = defineRule({
  meta: {
    code: 'WGS005',
    name: 'crs-unknown',
    group: 'wgs84',
    decidedIn: 'core/boundary/reproject-features.ts',
    severity: 'error',
    messages: {
      unknown: 'The coordinate system {crs} cannot be reprojected to WGS 84: {reason}',
    },
    docs: {
      what: 'Reports an imported file (shapefile .prj, GeoJSON "crs" member) whose coordinate system Fieldgate does not know, naming it and saying why (unknown datum, unsupported projection, unreadable WKT). Nothing is imported from that file.',
      why: 'Guessing a coordinate system moves fields by metres to kilometres; the boundary must be reprojected with the right definition or not at all.',
      example: 'PROJCS["DHDN_3_Degree_Gauss_Zone_3", GEOGCS["GCS_Deutsches_Hauptdreiecksnetz", …], …]',
      useInstead:
        'Export the file in WGS 84 (EPSG:4326), or in a system Fieldgate knows: UTM zones on WGS 84, ETRS89, NAD83 or GDA, SWEREF99 TM, US Albers (EPSG:5070 / ESRI:102039), British National Grid, or a Transverse Mercator, Albers or Lambert projection on one of those datums.',
    },
  },
});

/** Reported by the boundary imports (core/boundary/) whenever they reproject or take a datum as WGS 84. */
export const crsReprojected = defineRule({
  meta: {
    code: 'WGS006',
    name: 'crs-reprojected',
    group: 'wgs84',
    decidedIn: 'core/boundary/reproject-features.ts',
    severity: 'info',
    messages: {
      reprojected: 'Reprojected {count} {count:boundary|boundaries} from {crs} to WGS 84 (EPSG:4326); {how}',
      datum: 'Coordinates in {crs} taken as WGS 84: the {datum} datum differs from WGS 84 by about a metre',
    },
    docs: {
      what: 'Says that an import reprojected its coordinates, from which coordinate system, and how that system was identified (EPSG code, name or parameters in the .prj).',
      why: 'A reprojection changes every coordinate; the person sending the upload should know it happened and from what, so a wrong .prj is noticed.',
      example: 'arslager_skiftePolygon.prj: PROJCS["SWEREF99_TM", …]',
      useInstead: 'Nothing to change; export in WGS 84 (EPSG:4326) to skip the reprojection.',
    },
  },
});

/** Reported by the shapefile boundary import (core/boundary/) when the ZIP has no .prj. */
export const crsMissing = defineRule({
  meta: {
    code: 'WGS007',
    name: 'crs-missing',
    group: 'wgs84',
    decidedIn: 'core/boundary/import-shapefile.ts',
    severity: 'warning',
    messages: {
      assumed: 'The shapefile {shp} has no .prj; its coordinates are taken as WGS 84 longitude/latitude',
    },
    docs: {
      what: 'Reports a zipped shapefile without a .prj file. Its coordinates are taken as WGS 84 degrees; if they are not degrees, WGS004 says so.',
      why: 'Without a .prj nobody can tell which coordinate system the numbers are in; a projected shapefile read as degrees is wrong by hundreds of kilometres.',
      example: 'fields.zip: fields.shp, fields.shx, fields.dbf',
      useInstead: 'fields.zip: fields.shp, fields.shx, fields.dbf, fields.prj',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-land.ts) from the land mask (core/land). */
export const boundaryInSea = defineRule({
  meta: {
    code: 'WGS008',
    name: 'boundary-in-sea',
    group: 'wgs84',
    decidedIn: 'core/boundary/check-land.ts',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      sea: 'The boundary lies in the open sea at {place}: no land within about 0.1° of it (Natural Earth, 1:10m)',
      swapped:
        'The boundary lies in the open sea at {place}; with x and y swapped it lies {where} at {swappedPlace}: the coordinates look like latitude,longitude',
    },
    docs: {
      what: 'Reports a boundary whose coordinates are valid longitudes and latitudes but lie wholly in the sea, a cell of 0.1° or more from any coast of Natural Earth’s 1:10m land (the mask ships with Fieldgate; nothing is downloaded). When the boundary with x and y swapped lies on land (or at a coast), the message says where and an unsafe fix swaps them. Near coasts the check cannot tell and says nothing; a field on a small island Natural Earth does not draw is the one case it gets wrong.',
      why: 'Latitude-first coordinates whose values both lie within ±90 pass every range check (52.50 13.40 is a valid point), so WGS003 cannot see them; the field then lands in the sea, and so does a boundary with a lost minus sign or the wrong coordinate system. The service accepts it and the grower’s field is nowhere near it.',
      example:
        'POLYGON ((52.50 13.40, 52.51 13.40, 52.51 13.41, 52.50 13.41, 52.50 13.40))   (lies in the Arabian Sea)',
      useInstead:
        'POLYGON ((13.40 52.50, 13.40 52.51, 13.41 52.51, 13.41 52.50, 13.40 52.50))   (13.40 E 52.50 N, in Brandenburg)',
    },
  },
});

export const wgs84Rules = [
  longitudeOutOfRange,
  latitudeOutOfRange,
  axesSwapped,
  projectedCoordinates,
  crsUnknown,
  crsReprojected,
  crsMissing,
  boundaryInSea,
] as const;
