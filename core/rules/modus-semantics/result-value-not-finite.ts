import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const resultValueNotFinite = defineRule({
  meta: {
    code: 'MSE008',
    name: 'result-value-not-finite',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      notFinite: '<Value> "{value}" of {element} is not a finite number',
    },
    docs: {
      what: 'Reports a result Value that is NaN or INF. The schema accepts both (xs:float); negative values are reported by MOD012.',
      why: 'Lab results are measured quantities; NaN or infinity means a failed calculation, not a result.',
      example: '<Value>NaN</Value>',
      useInstead: 'leave the NutrientResult out, or give the measured value',
    },
  },
});
