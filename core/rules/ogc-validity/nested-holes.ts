import { defineRule } from '../rule.ts';

/** GEO008: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const nestedHoles = defineRule({
  meta: {
    code: 'GEO008',
    name: 'nested-holes',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      nested: '{ring} lies inside {other}',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a hole inside another hole of the same polygon (GEOS: "Holes are nested"). The unsafe fix removes the inner hole.',
      why: 'A hole inside a hole is not an island: OGC forbids it and readers disagree on its meaning. An island is a separate polygon of a MULTIPOLYGON.',
      example: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1), (2 2, 3 2, 3 3, 2 2))',
      useInstead:
        'MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 9 1, 9 9, 1 9, 1 1)), ((2 2, 3 2, 3 3, 2 2)))',
    },
  },
});
