import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlElementMissing = defineRule({
  meta: {
    code: 'MOD007',
    name: 'xml-element-missing',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      missing: '<{parent}> is missing {missing}',
      missingBefore: '<{parent}> is missing {missing} before <{name}>',
    },
    docs: {
      what: 'Reports a required child element that is absent, naming every missing element of its parent.',
      why: 'Consumers rely on required elements (a NutrientResult without ModusTestID cannot be matched to a test method; a SoilSample without SampleNumber cannot be identified).',
      example:
        '<NutrientResult><Element>pH</Element><Value>7.0</Value><ValueUnit>none</ValueUnit></NutrientResult>',
      useInstead:
        '<NutrientResult><Element>pH</Element><Value>7.0</Value><ValueUnit>none</ValueUnit><ModusTestID>S-PH-1:1.02.07</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult>',
    },
  },
});
