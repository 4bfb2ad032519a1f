import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthOutOfRange = defineRule({
  meta: {
    code: 'MSV006',
    name: 'depth-out-of-range',
    group: 'modus-service',
    severity: 'error',
    messages: {
      start: "StartingDepth {value} is outside the service's range of 0 to 36 inches",
      end: "EndingDepth {value} is outside the service's range of 1 to 36 inches",
    },
    docs: {
      what: 'Reports a StartingDepth outside 0–36 or an EndingDepth outside 1–36 (inches).',
      why: 'The service accepts soil tests of the top 36 inches only.',
      example: '<EndingDepth>48</EndingDepth>',
      useInstead: '<EndingDepth>36</EndingDepth> (or leave the deeper layer out)',
    },
  },
});
