import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlValueNotInList = defineRule({
  meta: {
    code: 'MOD011',
    name: 'xml-value-not-in-list',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      element: '<{element}> value "{value}" is not one of {allowed}',
    },
    docs: {
      what: "Reports a value outside the schema's list of allowed values, such as ValueType (Measured, Percent, Calculated, Index) or ValueDesc (Very Low … Very High, VL … VH). The comparison is exact: case and spaces count.",
      why: 'Enumerated values are matched literally by consumers; "measured" or " Low" are not recognised.',
      example: '<ValueType>measured</ValueType>',
      useInstead: '<ValueType>Measured</ValueType>',
    },
  },
});
