import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-service-limits.ts). */
export const areaTooLarge = defineRule({
  meta: {
    code: 'LIM002',
    name: 'area-too-large',
    group: 'service-limits',
    severity: 'error',
    messages: {
      tooLarge: 'The boundary covers {acres} acres; the service accepts at most {limit} acres per field',
    },
    docs: {
      what: 'Reports a boundary whose area on the WGS 84 ellipsoid exceeds 20,000 acres.',
      why: "The service's field-boundary documentation caps a field at 20,000 acres; a larger one is usually a whole farm, a county outline or coordinates in the wrong units.",
      example: 'POLYGON ((-104 35, -103 35, -103 36, -104 36, -104 35))  (about 2.8 million acres)',
      useInstead: 'One boundary per field, each under 20,000 acres.',
    },
  },
});
