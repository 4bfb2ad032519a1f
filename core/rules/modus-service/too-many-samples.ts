import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const tooManySamples = defineRule({
  meta: {
    code: 'MSV003',
    name: 'too-many-samples',
    group: 'modus-service',
    severity: 'error',
    messages: {
      tooMany: 'The event has {count} soil {count:sample|samples}; the service accepts at most 20,000',
    },
    docs: {
      what: 'Reports an event with more than 20,000 SoilSample elements.',
      why: 'The service refuses larger uploads; split the event into several files.',
      example: '20,001 <SoilSample> elements',
      useInstead: 'two files of at most 20,000 samples',
    },
  },
});
