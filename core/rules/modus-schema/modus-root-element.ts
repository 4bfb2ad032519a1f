import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const modusRootElement = defineRule({
  meta: {
    code: 'MOD005',
    name: 'modus-root-element',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      notModus: 'The root element is <{name}>, not <ModusResult> or <ModusSubmit>',
      namespaced:
        'The root element <{name}> is in the namespace "{ns}", but Modus v1 elements have no namespace',
    },
    docs: {
      what: 'Reports a document whose root element is not ModusResult or ModusSubmit in no namespace.',
      why: 'Only these roots are Modus v1 documents; anything else is not a soil test file, and the schema checks cannot apply.',
      example: '<ModusResult xmlns="urn:modus">',
      useInstead: '<ModusResult>',
    },
  },
});
