import { defineRule } from '../rule.ts';

/** GEO010: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const nestedPolygons = defineRule({
  meta: {
    code: 'GEO010',
    name: 'nested-polygons',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      nested: 'Polygon {polygon} lies inside polygon {otherPolygon} of the multipolygon',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a polygon of a MULTIPOLYGON inside another one (GEOS: "Nested shells"). The unsafe fix merges them.',
      why: 'A nested part is counted twice in the area and makes the multipolygon invalid; if it is meant as an island in a hole, the hole is missing.',
      example: 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((1 1, 2 1, 2 2, 1 1)))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))',
    },
  },
});
