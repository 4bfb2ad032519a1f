import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlMalformed = defineRule({
  meta: {
    code: 'MOD001',
    name: 'xml-malformed',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      malformed: 'Not well-formed XML: {detail}',
    },
    docs: {
      what: 'Reports the first place where the file stops being well-formed XML (unclosed or mismatched tags, a stray "<" or "&", an undefined entity, a forbidden character, an undeclared namespace prefix, text outside the root), at its line and column. Reading stops there, as XML requires.',
      why: 'An XML parser must refuse a document that is not well-formed; the service cannot read any result from it, and every later check would only guess.',
      example: '<LabName>A & L Great Lakes</LabName>',
      useInstead: '<LabName>A &amp; L Great Lakes</LabName>',
    },
  },
});
