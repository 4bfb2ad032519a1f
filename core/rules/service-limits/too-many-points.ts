import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-service-limits.ts). */
export const tooManyPoints = defineRule({
  meta: {
    code: 'LIM001',
    name: 'too-many-points',
    group: 'service-limits',
    severity: 'error',
    messages: {
      tooMany: 'The boundary has {count} points; the service accepts at most {limit}',
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
