import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthRepeated = defineRule({
  meta: {
    code: 'MSE003',
    name: 'depth-repeated',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      repeated: 'Depth {id} is listed twice in this sample (first on line {line})',
    },
    docs: {
      what: 'Reports a sample that lists the same DepthID in two Depth elements.',
      why: "Each depth of a sample should hold that depth's results once; two entries mean duplicated or contradictory results.",
      example: '<Depths><Depth DepthID="1">…</Depth><Depth DepthID="1">…</Depth></Depths>',
      useInstead: '<Depths><Depth DepthID="1">… all results …</Depth></Depths>',
    },
  },
});
