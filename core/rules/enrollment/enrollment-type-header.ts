import { replaceWithString } from '../../json/json-subject-access.ts';
import { isEnrollmentOperation } from '../../requests/operations.ts';
import type { RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

export const enrollmentTypeHeader = defineRule<RequestSubject, 'missing' | 'invalid'>({
  meta: {
    code: 'EN002',
    name: 'enrollment-type-header',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/enrollment-type-header.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      missing: '{method} {path} needs the header x-enrollment-type (program or location)',
      invalid: 'x-enrollment-type "{value}" is not allowed; it must be program or location',
    },
    docs: {
      what: 'Reports a /v5/enrollments call without the x-enrollment-type header, or with a value other than program or location.',
      why: 'The header chooses between enrollment by program and by location; the service cannot read the body without it.',
      example: '{"method": "POST", "path": "/v5/enrollments", "headers": {"x-enrollment-type": "Program"}}',
      useInstead:
        '{"method": "POST", "path": "/v5/enrollments", "headers": {"x-enrollment-type": "program"}}',
    },
  },
  check(request, context) {
    if (!request.operation || !isEnrollmentOperation(request.operation.id)) return;
    const header = request.headers.get('x-enrollment-type');
    if (!header) {
      const body = request.body?.node;
      const guess =
        body?.kind === 'object'
          ? body.properties.some((p) => p.key === 'experimentProtocolId')
            ? 'program'
            : body.properties.some((p) => p.key === 'experimentId' || p.key === 'locationId')
              ? 'location'
              : undefined
          : undefined;
      context.report({
        messageId: 'missing',
        data: { method: request.method, path: request.path },
        location: request.location,
        hint: guess
          ? `The body looks like an enrollment by ${guess}: add "headers": {"x-enrollment-type": "${guess}"}.`
          : 'Add "headers": {"x-enrollment-type": "program"} or "location".',
      });
      return;
    }
    if (header.value === 'program' || header.value === 'location') return;
    const lower = header.value.trim().toLowerCase();
    const fixable = (lower === 'program' || lower === 'location') && header.subject;
    context.report({
      messageId: 'invalid',
      data: { value: header.value },
      location: header.location,
      hint: fixable
        ? `Write it in lowercase: "${lower}".`
        : 'Use program (by experimentProtocolId) or location (by experimentId and locationId).',
      ...(fixable && header.subject
        ? {
            fix: {
              safety: 'safe' as const,
              title: `Write the enrollment type in lowercase: ${lower}`,
              before: header.value,
              after: lower,
              edits: [replaceWithString(header.subject, lower)],
            },
          }
        : {}),
    });
  },
});
