import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts); the fix rewrites .shp/.shx/.prj. */
export const rxCrsNotWgs84 = defineRule({
  meta: {
    code: 'RXA017',
    name: 'rx-crs-not-wgs84',
    group: 'rx-archive',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      other: 'The .prj describes {crs}, not WGS 84 (EPSG:4326)',
      unreadable: 'The .prj cannot be read as a coordinate system: {detail}',
    },
    docs: {
      what: 'Reports a .prj that describes a coordinate system other than WGS 84 longitude/latitude, naming the system it found (e.g. SWEREF99 TM, EPSG:3006). When the system is known, an unsafe fix reprojects the zones to WGS 84 and rewrites the .shp, .shx and .prj.',
      why: 'The service accepts only WGS 84 (EPSG:4326); projected metres read as degrees put the zones nowhere near the field.',
      example: 'PROJCS["ETRS_1989_UTM_Zone_33N", …]',
      useInstead: 'GEOGCS["GCS_WGS_1984", DATUM["D_WGS_1984", …]] with coordinates in degrees.',
    },
  },
});
