import { defineRule } from '../rule.ts';

/** GEO003: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const tooFewPoints = defineRule({
  meta: {
    code: 'GEO003',
    name: 'too-few-points',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      'too-few':
        '{ring} has {count} distinct {count:point|points}: a ring needs at least 4 (three corners and the closing point)',
    },
    docs: {
      what: 'Reports a ring with fewer than four distinct consecutive points, closing point included (GEOS: "Too few points in geometry component").',
      why: 'Fewer points cannot enclose an area: the ring is a point or a line.',
      example: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.1 45.2))',
      useInstead: 'POLYGON ((-93.1 45.2, -93.0 45.2, -93.0 45.3, -93.1 45.2))',
    },
  },
});
