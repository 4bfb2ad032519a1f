import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xsiAttributeInvalid = defineRule({
  meta: {
    code: 'MOD015',
    name: 'xsi-attribute-invalid',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      notNillable: '<{element}> cannot be nil (xsi:nil)',
      nilledContent: '<{element}> has xsi:nil="true" but is not empty',
      badNil: 'xsi:nil on <{element}> must be true or false, not "{value}"',
      xsiType: 'xsi:type="{value}" cannot be used on <{element}>',
    },
    docs: {
      what: 'Reports misuse of XML Schema instance attributes: xsi:nil on an element that is not nillable (only EventCode, FMISSampleID, SubSampleID and ValueDesc are), a nil element with content, a non-boolean xsi:nil, or an xsi:type that does not fit the element.',
      why: 'xsi:nil is the only way to say "no value" for a required element; used elsewhere it is an error that validators reject.',
      example: '<LabName xsi:nil="true"/>',
      useInstead: '<LabName>A &amp; L Great Lakes Laboratories</LabName>',
    },
  },
});
