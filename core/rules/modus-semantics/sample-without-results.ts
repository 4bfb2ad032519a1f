import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const sampleWithoutResults = defineRule({
  meta: {
    code: 'MSE013',
    name: 'sample-without-results',
    group: 'modus-semantics',
    severity: 'warning',
    messages: {
      empty: 'Sample "{sample}" has no results',
    },
    docs: {
      what: 'Warns about a soil or plant sample in a result file that carries no NutrientResult, TextureResult or other result.',
      why: 'A result file reports results; an empty sample is usually a sample the lab did not run (Agworld\'s "XML contains no results" import error when all are empty).',
      example: '<SoilSample>… <Depth DepthID="1"/> …</SoilSample>',
      useInstead: 'leave the sample out, or add its results',
    },
  },
});
