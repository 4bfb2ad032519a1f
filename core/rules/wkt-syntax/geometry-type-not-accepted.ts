import { defineRule } from '../rule.ts';

/** WKT002: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const geometryTypeNotAccepted = defineRule({
  meta: {
    code: 'WKT002',
    name: 'geometry-type-not-accepted',
    group: 'wkt-syntax',
    severity: 'error',
    messages: {
      type: '{type} is not accepted as a field boundary: the service takes POLYGON or MULTIPOLYGON',
      collection:
        'A GEOMETRYCOLLECTION is not accepted as a field boundary: the service takes POLYGON or MULTIPOLYGON',
    },
    docs: {
      what: 'Reports a boundary whose geometry type is not POLYGON or MULTIPOLYGON (a POINT, a LINESTRING, a GEOMETRYCOLLECTION, ...).',
      why: 'A field boundary is an area. The service documentation accepts only Polygon and MultiPolygon; anything else is rejected or produces a field without an area.',
      example: 'LINESTRING (-93.1 45.2, -93.0 45.2, -93.0 45.3)',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
