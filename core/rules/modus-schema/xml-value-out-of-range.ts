import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlValueOutOfRange = defineRule({
  meta: {
    code: 'MOD012',
    name: 'xml-value-out-of-range',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      element: '<{element}> value "{value}" {detail}',
      attribute: 'Attribute {name} of <{element}>: "{value}" {detail}',
    },
    docs: {
      what: 'Reports a value of the right type outside its schema bounds: a negative result Value, a DepthID of 0, an empty Element or ValueUnit, a CASRN longer than 50 characters.',
      why: 'The bounds carry meaning (a concentration cannot be negative; ids start at 1); values outside them are data errors.',
      example: '<Value>-1.5</Value>',
      useInstead: '<Value>1.5</Value>',
    },
  },
});
