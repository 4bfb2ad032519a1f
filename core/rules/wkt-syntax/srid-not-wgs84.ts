import { defineRule } from '../rule.ts';

/** WKT004: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const sridNotWgs84 = defineRule({
  meta: {
    code: 'WKT004',
    name: 'srid-not-wgs84',
    group: 'wkt-syntax',
    severity: 'error',
    messages: {
      'other-srid': 'The geometry declares SRID {srid}: field boundaries must be in WGS 84 (SRID 4326)',
      'ewkt-prefix': 'The EWKT prefix SRID=4326; is not part of WKT: send the geometry without it',
    },
    fixable: 'safe',
    docs: {
      what: 'Reports an EWKT `SRID=n;` prefix. Any SRID other than 4326 is an error (the coordinates are in another coordinate system); `SRID=4326;` is a warning with a safe fix that removes the prefix.',
      why: 'The service reads plain WKT in WGS 84 (EPSG:4326). Coordinates in another system land the field in the wrong place (or nowhere), and an EWKT prefix is not WKT at all for many readers, GEOS included.',
      example: 'SRID=4326;POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
