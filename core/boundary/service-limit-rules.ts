/**
 * The rules the service-limits check (check-service-limits.ts) reports, group service-limits: points per
 * boundary, largest and smallest area. Defined beside the check that reports them; the registry
 * (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-service-limits.ts). */
export const tooManyPoints = defineRule({
  meta: {
    code: 'LIM001',
    name: 'too-many-points',
    group: 'service-limits',
    decidedIn: 'core/boundary/check-service-limits.ts',
    severity: 'error',
    messages: {
      tooMany: 'The boundary has {count} {count:point|points}; the service accepts at most {limit}',
    },
    docs: {
      what: 'Reports a boundary with more than 10,000 points over all its rings (closing points included, as written).',
      why: "The service's field-boundary documentation caps a boundary at 10,000 points and rejects larger ones.",
      example: 'A boundary traced from a 1 m GPS log with 25,000 vertices',
      useInstead:
        'Simplify the boundary (e.g. ogr2ogr -simplify 0.5 on metres, or mapshaper -simplify) to under 10,000 points.',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-service-limits.ts). */
export const areaTooLarge = defineRule({
  meta: {
    code: 'LIM002',
    name: 'area-too-large',
    group: 'service-limits',
    decidedIn: 'core/boundary/check-service-limits.ts',
    severity: 'error',
    messages: {
      tooLarge:
        'The boundary covers {acres} acres; the service accepts at most {limit} {limit:acre|acres} per field',
    },
    docs: {
      what: 'Reports a boundary whose area on the WGS 84 ellipsoid exceeds 20,000 acres.',
      why: "The service's field-boundary documentation caps a field at 20,000 acres; a larger one is usually a whole farm, a county outline or coordinates in the wrong units.",
      example: 'POLYGON ((-104 35, -103 35, -103 36, -104 36, -104 35))  (about 2.8 million acres)',
      useInstead: 'One boundary per field, each under 20,000 acres.',
    },
  },
});

/** Reported by the boundary pipeline (core/boundary/check-service-limits.ts). */
export const tinyField = defineRule({
  meta: {
    code: 'LIM003',
    name: 'tiny-field',
    group: 'service-limits',
    decidedIn: 'core/boundary/check-service-limits.ts',
    severity: 'warning',
    messages: {
      tiny: 'The boundary covers only {acres} acres ({squareMetres} m²), less than {limit} {limit:acre|acres}',
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

export const serviceLimitRules = [tooManyPoints, areaTooLarge, tinyField] as const;
