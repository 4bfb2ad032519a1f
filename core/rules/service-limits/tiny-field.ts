import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-service-limits.ts). */
export const tinyField = defineRule({
  meta: {
    code: 'LIM003',
    name: 'tiny-field',
    group: 'service-limits',
    severity: 'warning',
    messages: {
      tiny: 'The boundary covers only {acres} acres ({squareMetres} m²), less than {limit} acres',
    },
    docs: {
      what: 'Warns about a boundary smaller than 0.1 acre (about 405 m²).',
      why: 'A field that small is usually a digitising slip, a sliver left by a clip, or coordinates scaled wrongly; the service accepts it, but it is rarely what was meant.',
      example:
        'POLYGON ((-103.27175 35.85391, -103.27170 35.85391, -103.27170 35.85395, -103.27175 35.85391))',
      useInstead: "The whole field's boundary, or remove the sliver.",
    },
  },
});
