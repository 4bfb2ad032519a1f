import { defineRule } from '../rule.ts';

/** GEO011: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const disconnectedInterior = defineRule({
  meta: {
    code: 'GEO011',
    name: 'disconnected-interior',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      disconnected:
        'The holes of polygon {polygon} cut its interior in pieces at {point}: rings touch at two or more points, or in a cycle',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a polygon whose holes split its interior (GEOS: "Interior is disconnected"): a hole touching the shell at two points, or holes touching in a cycle. The unsafe fix writes each piece as its own polygon.',
      why: 'A polygon is one connected area; a split interior is really several polygons, and GEOS, PostGIS and the service reject it.',
      example: 'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (2 0, 3 2, 2 4, 1 2, 2 0))',
      useInstead: 'MULTIPOLYGON (((0 0, 2 0, 1 2, 2 4, 0 4, 0 0)), ((2 0, 4 0, 4 4, 2 4, 3 2, 2 0)))',
    },
  },
});
