import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlLimitExceeded = defineRule({
  meta: {
    code: 'MOD003',
    name: 'xml-limit-exceeded',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      limit: 'The document exceeds a safety limit: {detail}',
    },
    docs: {
      what: 'Stops reading a document that is larger than the size limit, nests elements too deeply, or has a tag, comment or declaration longer than the token limit.',
      why: 'Limits keep validation fast and memory-bounded whatever the input; a Modus file never comes near them unless it is damaged or hostile.',
      example: '<a><a><a>… (300 levels deep)',
    },
  },
});
