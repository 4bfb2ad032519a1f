import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlAttributeNotAllowed = defineRule({
  meta: {
    code: 'MOD008',
    name: 'xml-attribute-not-allowed',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      unexpected: 'Attribute {name} is not allowed on <{element}>{expected}',
    },
    docs: {
      what: 'Reports an attribute the schema does not define for the element (including unknown xsi: attributes and attributes in other namespaces).',
      why: 'Attributes outside the schema are not read by consumers; a misspelt DepthID, for example, leaves the depth unidentified.',
      example: '<Depth DepthId="1">',
      useInstead: '<Depth DepthID="1">',
    },
  },
});
