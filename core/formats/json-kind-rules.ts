/**
 * The rule the JSON file kind (json-file-kind.ts) reports, group json: JSON that is none of the documents
 * Fieldgate checks. Defined beside the kind that recognises the documents; the registry
 * (core/rules/registry.ts) gathers it with json-syntax (core/json/json-rules.ts).
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the JSON file kind when the parsed document matches none of its shapes. */
export const jsonDocumentUnrecognised = defineRule({
  meta: {
    code: 'JS002',
    name: 'json-document-unrecognised',
    group: 'json',
    decidedIn: 'core/formats/json-file-kind.ts',
    severity: 'error',
    messages: {
      unrecognised: 'This JSON is none of the documents Fieldgate checks, so nothing in it was checked',
    },
    docs: {
      what: 'Reports a JSON file that is valid JSON but not a field upload, a v5 request (file), a request body or a TemporalEntity.',
      why: 'Saying "no problems" about a file that was not understood would be a false all-clear.',
      example: '{"items": []}',
      useInstead:
        '{"fields": [ … ]} for a field upload, or {"method": "POST", "path": "/v5/enrollments", …} for a request',
    },
  },
});

export const jsonKindRules = [jsonDocumentUnrecognised] as const;
