import { defineRule } from '../rule.ts';

/** GEO007: reported by the geometry checks (core/geometry/check-geometry.ts). */
export const holeOutsideShell = defineRule({
  meta: {
    code: 'GEO007',
    name: 'hole-outside-shell',
    group: 'ogc-validity',
    severity: 'error',
    messages: {
      outside: '{ring} lies outside the shell of its polygon',
    },
    fixable: 'unsafe',
    docs: {
      what: 'Reports a hole that is not inside its polygon\'s shell (GEOS: "Hole lies outside shell"). The unsafe fix removes the hole.',
      why: "A hole outside the shell cuts nothing out; readers disagree on what it means (ignored, or an extra area), so the field's area is ambiguous.",
      example: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (20 20, 21 20, 21 21, 20 20))',
      useInstead: 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))',
    },
  },
});
