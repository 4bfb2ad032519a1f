import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-acreage.ts). */
export const acreageNotPositive = defineRule({
  meta: {
    code: 'ACR002',
    name: 'acreage-not-positive',
    group: 'acreage',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      notPositive: 'The stated acres ({stated}) are not a positive number; the boundary has {computed} acres',
    },
    docs: {
      what: "Reports stated acres that are zero, negative or not finite. When the boundary's area is known, the unsafe fix sets acres to it.",
      why: 'A field has a positive area; zero or a negative number is a placeholder or an export error, and the service stores it as given.',
      example: '{"acres": 0, "boundary": "POLYGON (…)"}',
      useInstead: '{"acres": 80.9, "boundary": "POLYGON (…)"} or leave acres out',
    },
  },
});
