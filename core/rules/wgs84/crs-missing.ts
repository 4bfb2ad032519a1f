import { defineRule } from '../rule.ts';

/** Reported by the shapefile boundary import (core/boundary/) when the ZIP has no .prj. */
export const crsMissing = defineRule({
  meta: {
    code: 'WGS007',
    name: 'crs-missing',
    group: 'wgs84',
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
