import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlAttributeMissing = defineRule({
  meta: {
    code: 'MOD009',
    name: 'xml-attribute-missing',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      missing: '<{element}> is missing the required attribute {name}',
    },
    docs: {
      what: 'Reports a required attribute that is absent, such as DepthID on Depth or DepthRef, or RecID on a recommendation.',
      why: "Without DepthID a depth's results cannot be tied to its DepthRef (its starting and ending depth).",
      example: '<Depth><NutrientResults>…</NutrientResults></Depth>',
      useInstead: '<Depth DepthID="1"><NutrientResults>…</NutrientResults></Depth>',
    },
  },
});
