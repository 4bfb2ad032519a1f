import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const tooManyDepths = defineRule({
  meta: {
    code: 'MSV004',
    name: 'too-many-depths',
    group: 'modus-service',
    severity: 'error',
    messages: {
      refs: 'The event defines {count} {count:DepthRef|DepthRefs}; the service accepts at most 50',
      sample: 'Sample "{sample}" has {count} {count:depth|depths}; the service accepts at most 50',
    },
    docs: {
      what: 'Reports an event with more than 50 DepthRefs, or a sample with more than 50 Depth elements.',
      why: 'The service accepts at most 50 depths.',
      example: '51 <DepthRef> elements',
      useInstead: 'at most 50',
    },
  },
});
