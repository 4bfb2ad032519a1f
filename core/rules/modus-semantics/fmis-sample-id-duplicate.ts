import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const fmisSampleIdDuplicate = defineRule({
  meta: {
    code: 'MSE011',
    name: 'fmis-sample-id-duplicate',
    group: 'modus-semantics',
    severity: 'warning',
    messages: {
      duplicate: 'FMISSampleID "{value}" is already used by another sample of this event (line {line})',
    },
    docs: {
      what: 'Warns when two samples of one event carry the same non-empty FMISSampleID.',
      why: 'FMIS software matches results to its samples by FMISSampleID; Agworld, for one, refuses a second result for a sample unless OverwriteResult is true (its "Unexpected Overwrite" import error).',
      example: 'two samples with <FMISSampleID>4300400</FMISSampleID>',
      useInstead: "the FMIS's own id of each sample",
    },
  },
});
