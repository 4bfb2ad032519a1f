import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts) with a guess at the projection family. */
export const projectedCoordinates = defineRule({
  meta: {
    code: 'WGS004',
    name: 'projected-coordinates',
    group: 'wgs84',
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
