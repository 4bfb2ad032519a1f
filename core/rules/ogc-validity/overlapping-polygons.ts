import { defineRule } from '../rule.ts';

/** GEO009: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const overlappingPolygons = defineRule({
  meta: {
    code: 'GEO009',
    name: 'overlapping-polygons',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      crossing:
        'Polygons {polygon} and {otherPolygon} of the multipolygon overlap (their boundaries cross at {point})',
      overlap: 'Polygons {polygon} and {otherPolygon} of the multipolygon share an edge at {point}',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports polygons of a MULTIPOLYGON whose boundaries cross or share an edge (GEOS: "Self-intersection"). Parts may touch at points only. The unsafe fix merges the overlapping parts.',
      why: 'Overlapping parts count the shared area twice and make the multipolygon invalid; adjacent parts sharing an edge should be one polygon.',
      example: 'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0)), ((10 0, 20 0, 20 10, 10 10, 10 0)))',
      useInstead: 'POLYGON ((0 0, 10 0, 20 0, 20 10, 10 10, 0 10, 0 0))',
    },
  },
});
