import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthRefUnused = defineRule({
  meta: {
    code: 'MSE010',
    name: 'depth-ref-unused',
    group: 'modus-semantics',
    severity: 'warning',
    messages: {
      unused: 'DepthRef {id} ("{name}") is not used by any sample',
    },
    docs: {
      what: 'Warns about a DepthRef that no Depth of the event refers to.',
      why: 'An unused depth definition usually means the samples point at the wrong DepthID.',
      example: '<DepthRef DepthID="2"> never referenced',
      useInstead: 'remove it, or use DepthID="2" where it was meant',
    },
  },
});
