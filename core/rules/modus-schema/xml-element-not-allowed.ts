import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlElementNotAllowed = defineRule({
  meta: {
    code: 'MOD006',
    name: 'xml-element-not-allowed',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      unexpected: '<{name}> is not allowed in <{parent}>{expected}',
      inSimple: '<{parent}> holds a value only; the element <{name}> is not allowed in it',
      inEmpty: '<{parent}> must be empty; the element <{name}> is not allowed in it',
      namespaced: '<{name}> is in the namespace "{ns}"; Modus elements have no namespace',
      choice: '<{parent}> holds only one of {options}; <{name}> is not allowed after <{chosen}>',
    },
    docs: {
      what: 'Reports an element that the Modus schema does not allow at this place: an unknown or misspelt name, an element inside a value, a second branch of a choice.',
      why: 'The schema is the contract between labs and FMIS software; an element it does not define is not read, so its data is lost or the file is refused.',
      example: '<Contact><Name>A &amp; L</Name><Phone>260.483.4759</Phone>…</Contact>',
      useInstead: '<Contact><Name>A &amp; L</Name><PhoneNumber>260-483-4759</PhoneNumber>…</Contact>',
    },
  },
});
