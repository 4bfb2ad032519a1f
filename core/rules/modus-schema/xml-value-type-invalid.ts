import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlValueTypeInvalid = defineRule({
  meta: {
    code: 'MOD010',
    name: 'xml-value-type-invalid',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      element: '<{element}> value "{value}" is not {expected}',
      attribute: 'Attribute {name} of <{element}>: "{value}" is not {expected}',
    },
    docs: {
      what: 'Reports a value that is not of its schema type: a date that is not YYYY-MM-DD (or not a real day), a date-time without seconds, a number with a comma, a boolean written yes/no, broken base64.',
      why: 'Typed values are read by machines; "24/09/2021" or "1,5" are read wrongly or not at all.',
      example: '<EventDate>09/24/2021</EventDate>',
      useInstead: '<EventDate>2021-09-24</EventDate>',
    },
  },
});
