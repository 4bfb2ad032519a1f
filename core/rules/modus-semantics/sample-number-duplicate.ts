import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const sampleNumberDuplicate = defineRule({
  meta: {
    code: 'MSE002',
    name: 'sample-number-duplicate',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      duplicate: 'SampleNumber "{value}" is already used by another sample of this event (line {line})',
    },
    docs: {
      what: 'Reports a SampleNumber used by two samples of the same event.',
      why: "SampleNumber identifies a sample within its event; two samples with one number overwrite or mix each other's results.",
      example: 'two <SoilSample> with <SampleNumber>7</SampleNumber>',
      useInstead: 'number the samples uniquely (7 and 8)',
    },
  },
});
