import { defineRule } from '../rule.ts';

/** GEO002: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const unclosedRing = defineRule({
  meta: {
    code: 'GEO002',
    name: 'unclosed-ring',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      unclosed: '{ring} is not closed: its last point {last} is not its first {first}',
    },
    fixable: 'safe',
    docs: {
      what: 'Reports a ring whose last point differs from its first. The safe fix appends a copy of the first point.',
      why: 'OGC rings are closed by repeating the first point. GEOS (and so most services) refuses to even load an unclosed ring.',
      example: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
