import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const columnDepthMismatch = defineRule({
  meta: {
    code: 'MSE005',
    name: 'column-depth-mismatch',
    group: 'modus-semantics',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      mismatch: 'DepthRef {id}: ColumnDepth {column} is not EndingDepth − StartingDepth = {expected}',
    },
    docs: {
      what: 'Reports a DepthRef whose ColumnDepth differs from EndingDepth − StartingDepth. Offers, as an unsafe fix, to set ColumnDepth to the difference.',
      why: 'ColumnDepth is the length of the sampled interval; when it disagrees with the two depths one of the three numbers is wrong.',
      example: '<StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth><ColumnDepth>6</ColumnDepth>',
      useInstead: '<ColumnDepth>8</ColumnDepth>',
    },
  },
});
