import { defineRule } from '../rule.ts';

/** GEO012: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const repeatedPoints = defineRule({
  meta: {
    code: 'GEO012',
    name: 'repeated-points',
    group: 'ogc-validity',
    severity: 'warning',
    messages: {
      repeated: 'Coordinate {coordinate} of {ring} repeats the previous point {point}',
      'repeated-run':
        'Coordinates {coordinate} to {lastCoordinate} of {ring} repeat the previous point {point}',
    },
    fixable: 'safe',
    docs: {
      what: 'Warns about consecutive duplicate points in a ring. GEOS accepts them; the safe fix removes the copies.',
      why: 'Duplicate points add nothing but count against the 10,000-point limit, and zero-length edges break angle and direction computations in some tools.',
      example: 'POLYGON ((0 0, 10 0, 10 0, 10 10, 0 0))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 0))',
    },
  },
});
