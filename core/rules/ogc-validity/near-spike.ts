import { defineRule } from '../rule.ts';

/** GEO013: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const nearSpike = defineRule({
  meta: {
    code: 'GEO013',
    name: 'near-spike',
    group: 'ogc-validity',
    severity: 'warning',
    messages: {
      spike: 'Needle-like spike at coordinate {coordinate} of {ring} {point}: its edges meet at {angle}°',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Warns about a vertex where the boundary turns back at a tiny angle (default under 1°), a needle that GEOS still accepts. The unsafe fix removes the vertex. (An exact zero-width spike is an error, GEO004.)',
      why: 'Needles are almost always digitising slips or artefacts of snapping; they add no area but distort the outline, trip simplification and buffering, and become invalid after rounding.',
      example: 'POLYGON ((0 0, 10 0, 10 10, 5.01 10, 5 30, 4.99 10, 0 10, 0 0))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 5.01 10, 4.99 10, 0 10, 0 0))',
    },
  },
});
