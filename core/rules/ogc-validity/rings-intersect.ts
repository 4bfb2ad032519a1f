import { defineRule } from '../rule.ts';

/** GEO006: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const ringsIntersect = defineRule({
  meta: {
    code: 'GEO006',
    name: 'rings-intersect',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      crossing: '{ring} and {other} cross at {point}',
      overlap: '{ring} and {other} share an edge at {point}',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports two rings of the same polygon (the shell and a hole, or two holes) that cross or share an edge (GEOS: "Self-intersection"). Rings may touch at single points only.',
      why: 'A hole that crosses its shell or another hole leaves part of the area both inside and outside; the area and the inside test are wrong.',
      example: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 15 5, 15 6, 5 6, 5 5))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 9 5, 9 6, 5 6, 5 5))',
    },
  },
});
