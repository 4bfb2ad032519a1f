import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const eventCodeTooLong = defineRule({
  meta: {
    code: 'MSV001',
    name: 'event-code-too-long',
    group: 'modus-service',
    severity: 'error',
    messages: {
      tooLong: 'EventCode is {bytes} {bytes:byte|bytes} long; the service accepts at most 64 bytes',
    },
    docs: {
      what: 'Reports an EventCode longer than 64 bytes (UTF-8).',
      why: 'The service stores the event code in a 64-byte field and refuses longer codes.',
      example:
        '<EventCode>Field 12 North of the river, spring sampling, second pass, re-run of 2021</EventCode>',
      useInstead: '<EventCode>F12-N-2021-SPRING-2</EventCode>',
    },
  },
});
