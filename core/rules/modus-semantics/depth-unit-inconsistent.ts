import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthUnitInconsistent = defineRule({
  meta: {
    code: 'MSE006',
    name: 'depth-unit-inconsistent',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      inconsistent: 'DepthRef {id} uses DepthUnit "{unit}", but DepthRef {firstId} uses "{first}"',
    },
    docs: {
      what: 'Reports DepthRefs of one event that give their depths in different units (or some with a unit and some without).',
      why: 'Depths in mixed units cannot be compared or mapped; usually one unit is a typo.',
      example: '<DepthUnit>in</DepthUnit> … <DepthUnit>cm</DepthUnit>',
      useInstead: 'the same unit in every DepthRef',
    },
  },
});
