import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const depthUnitNotInches = defineRule({
  meta: {
    code: 'MSV007',
    name: 'depth-unit-not-inches',
    group: 'modus-service',
    severity: 'error',
    fixable: 'safe-and-unsafe',
    messages: {
      spelling: 'DepthUnit "{value}" means inches; the service expects "inches"',
      other: 'DepthUnit "{value}" is not inches; the service accepts depths in inches only',
      missing: 'DepthRef {id} has no DepthUnit; the service expects depths in inches',
    },
    docs: {
      what: 'Reports a DepthUnit other than "inches". Spellings with the same meaning ("in", "inch", "IN") get a safe fix to "inches"; a missing DepthUnit gets an unsafe fix adding <DepthUnit>inches</DepthUnit> (the assumption must be confirmed); other units (cm, ft) must be converted by hand.',
      why: 'The service reads depths as inches; a file in centimetres would be stored 2.54 times too deep.',
      example: '<DepthUnit>in</DepthUnit>',
      useInstead: '<DepthUnit>inches</DepthUnit>',
    },
  },
});
