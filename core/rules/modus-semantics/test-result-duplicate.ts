import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const testResultDuplicate = defineRule({
  meta: {
    code: 'MSE007',
    name: 'test-result-duplicate',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      duplicate: 'ModusTestID "{test}" is reported twice for this depth (first on line {line})',
    },
    docs: {
      what: 'Reports a ModusTestID that occurs twice among the results of one depth (or one plant sample). Results are keyed by ModusTestID, so the same Element measured by two extraction methods (P by Bray and by Olsen) is fine.',
      why: 'One test gives one value per depth; a repeated test leaves the consumer to pick one of two values.',
      example: '<ModusTestID>S-P-B1-1:10.01.03</ModusTestID> twice under one Depth',
      useInstead: 'one NutrientResult per ModusTestID',
    },
  },
});
