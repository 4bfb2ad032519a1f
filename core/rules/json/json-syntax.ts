import { defineRule } from '../rule.ts';

/** Reported by the JSON reader (core/json) when a file is not JSON; no other JSON check runs then. */
export const jsonSyntax = defineRule({
  meta: {
    code: 'JS001',
    name: 'json-syntax',
    group: 'json',
    severity: 'error',
    messages: {
      syntax: 'Invalid JSON: {detail}',
      empty: 'The file is empty: expected a JSON document',
    },
    docs: {
      what: 'Reports text that is not JSON, at the character where reading stopped, with what was expected there.',
      why: 'The service rejects a body it cannot parse with a bare 400 and no position; nothing else can be checked until the JSON reads.',
      example: '{"fields": [{"name": "North 40",}]}',
      useInstead: '{"fields": [{"name": "North 40"}]}',
    },
  },
});
