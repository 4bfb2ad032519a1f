/**
 * The rule the JSON reader (read-json.ts) reports, group json: a file that is not JSON. Defined beside the
 * reader; the registry (core/rules/registry.ts) gathers it with json-document-unrecognised, which the JSON
 * file kind reports (core/formats/json-kind-rules.ts).
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the JSON reader (core/json) when a file is not JSON; no other JSON check runs then. */
export const jsonSyntax = defineRule({
  meta: {
    code: 'JS001',
    name: 'json-syntax',
    group: 'json',
    decidedIn: ['core/json/read-json.ts', 'core/requests/check-request.ts'],
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

export const jsonReaderRules = [jsonSyntax] as const;
