import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlTextNotAllowed = defineRule({
  meta: {
    code: 'MOD013',
    name: 'xml-text-not-allowed',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      elementOnly: '<{element}> holds elements only; the text "{text}" is not allowed in it',
      empty: '<{element}> must be empty, but it has text',
    },
    docs: {
      what: 'Reports text directly inside an element that may only hold other elements (or nothing at all).',
      why: 'Such text is not part of any value and is silently lost; it is usually a value written at the wrong level or a broken tag.',
      example: '<SampleMetaData>12<SampleNumber>12</SampleNumber></SampleMetaData>',
      useInstead: '<SampleMetaData><SampleNumber>12</SampleNumber></SampleMetaData>',
    },
  },
});
