import { defineRule } from '../rule.ts';

/** GEO001: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const invalidCoordinate = defineRule({
  meta: {
    code: 'GEO001',
    name: 'invalid-coordinate',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      'not-finite': 'Coordinate {coordinate} of {ring} is ({x}, {y}): coordinates must be finite numbers',
    },
    docs: {
      what: 'Reports a coordinate that is NaN or infinite (GEOS: "Invalid Coordinate").',
      why: 'A NaN or infinite coordinate has no position: area, validity and display are all undefined, and the service rejects or corrupts the field.',
      example: 'POLYGON ((-93.1 45.2, NaN 45.2, -93.0 45.3, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
