import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthRangeInverted = defineRule({
  meta: {
    code: 'MSE004',
    name: 'depth-range-inverted',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      inverted: 'DepthRef {id}: StartingDepth {start} is not less than EndingDepth {end}',
    },
    docs: {
      what: 'Reports a DepthRef whose StartingDepth is not smaller than its EndingDepth.',
      why: 'A soil core runs from the surface down; an empty or upside-down interval is a transcription error.',
      example: '<StartingDepth>8</StartingDepth><EndingDepth>0</EndingDepth>',
      useInstead: '<StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth>',
    },
  },
});
