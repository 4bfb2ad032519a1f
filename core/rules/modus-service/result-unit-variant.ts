import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const resultUnitVariant = defineRule({
  meta: {
    code: 'MSV010',
    name: 'result-unit-variant',
    group: 'modus-service',
    severity: 'warning',
    fixable: 'safe',
    messages: {
      variant: 'Unit "{value}" is accepted as "lb/ac", with a warning',
    },
    docs: {
      what: 'Warns about the pound-per-acre spellings the service accepts but reports (lbs/ac, lb/acre, lbs/acre, pounds/ac, pounds/acre), with a safe fix to "lb/ac".',
      why: 'The service takes these spellings with a warning on the import; writing lb/ac avoids it.',
      example: '<ValueUnit>lbs/acre</ValueUnit>',
      useInstead: '<ValueUnit>lb/ac</ValueUnit>',
    },
  },
});
