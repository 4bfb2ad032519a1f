import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlElementRepeated = defineRule({
  meta: {
    code: 'MOD017',
    name: 'xml-element-repeated',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      twice: '<{name}> appears more than once in <{parent}>',
      tooMany: '<{parent}> may hold at most {max} <{name}>',
    },
    docs: {
      what: 'Reports an element that occurs more often than the schema allows, such as a second SampleNumber in SampleMetaData or a second Depth in a nematode sample.',
      why: 'Consumers read one value; which of two they pick is undefined, so data is silently lost.',
      example:
        '<SampleMetaData><SampleNumber>1</SampleNumber><SampleNumber>2</SampleNumber></SampleMetaData>',
      useInstead: '<SampleMetaData><SampleNumber>1</SampleNumber></SampleMetaData>',
    },
  },
});
