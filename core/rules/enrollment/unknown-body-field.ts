import { locationOf } from '../../json/json-location.ts';
import type { RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';
import { expectedBodyFields, operationLabel } from './body-expectations.ts';
import { BODY_FIELDS } from '../../requests/operations.ts';

export const unknownBodyField = defineRule<RequestSubject, 'unknown' | 'bodyNotAllowed'>({
  meta: {
    code: 'EN010',
    name: 'unknown-body-field',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/unknown-body-field.ts',
    severity: 'warning',
    messages: {
      unknown: '{operation} does not take "{field}"{suggestion}',
      bodyNotAllowed: '{method} {path} takes no body; it will be ignored',
    },
    docs: {
      what: 'Warns about body fields an operation does not take, and about bodies on GET and DELETE calls.',
      why: 'Extra fields are ignored by the service: often a misspelt field whose value silently never arrives.',
      example: '"experimentProtocolID": "…"',
      useInstead: '"experimentProtocolId": "…"',
    },
  },
  check(request, context) {
    const op = request.operation?.id;
    if (!op || !request.body) return;
    if (
      op === 'getEnrollment' ||
      op === 'removeEnrollment' ||
      op === 'listEnrollments' ||
      op === 'findExperiments'
    ) {
      context.report({
        messageId: 'bodyNotAllowed',
        data: { method: request.method, path: request.path },
        location: locationOf(request.body.lines, request.body.node, request.body.path),
        hint: 'Remove the body.',
      });
      return;
    }
    const fields = expectedBodyFields(request);
    if (!fields || request.body.node.kind !== 'object') return;
    // Fields of the other enrollment type are EN005's to report.
    const otherTypeFields = new Set<string>([...BODY_FIELDS.program, ...BODY_FIELDS.location]);
    const squash = (s: string): string => s.replace(/[\s_-]/g, '').toLowerCase();
    for (const p of request.body.node.properties) {
      if (fields.includes(p.key) || (op !== 'createExperiment' && otherTypeFields.has(p.key))) continue;
      const near = fields.find((f) => squash(f) === squash(p.key));
      context.report({
        messageId: 'unknown',
        data: {
          operation: operationLabel(request),
          field: p.key,
          suggestion: near ? ` (did you mean "${near}"?)` : '',
        },
        location: locationOf(request.body.lines, { start: p.keyStart, end: p.keyEnd }, [
          ...request.body.path,
          p.key,
        ]),
        hint: near ? `Rename it to "${near}".` : `Remove it; the operation takes ${fields.join(', ')}.`,
      });
    }
  },
});
