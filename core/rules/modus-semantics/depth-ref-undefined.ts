import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthRefUndefined = defineRule({
  meta: {
    code: 'MSE001',
    name: 'depth-ref-undefined',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      undefined: 'Depth {id} refers to no DepthRef of this event{known}',
    },
    docs: {
      what: 'Reports a Depth whose DepthID matches no DepthRef@DepthID in the same event.',
      why: 'The DepthRef gives the depth its meaning (0–8 in, 8–24 in); results under an undefined depth cannot be placed in the soil profile. The schema does not check this reference.',
      example: '<DepthRef DepthID="1">…</DepthRef> … <Depth DepthID="2">',
      useInstead: '<Depth DepthID="1">',
    },
  },
});
