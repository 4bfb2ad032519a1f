import { OPERATION_SUMMARY } from '../../requests/operations.ts';
import type { RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

export const enrollmentOperationUnknown = defineRule<RequestSubject, 'unknown' | 'missing'>({
  meta: {
    code: 'EN001',
    name: 'operation-unknown',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/enrollment-operation-unknown.ts',
    severity: 'error',
    messages: {
      unknown: '{method} {path} is not an operation of the version 5 interface',
      missing: 'The request has no {what}',
    },
    docs: {
      what: 'Reports a request whose method and path match no operation of the enrollment and experiment interface.',
      why: 'The service answers such a request with 404 or 405, after credentials were spent on it.',
      example: '{"method": "PATCH", "path": "/v5/enrollments/…"}',
      useInstead: '{"method": "PUT", "path": "/v5/enrollments/…"}',
    },
  },
  check(request, context) {
    if (request.operation) return;
    if (!request.method || !request.path) {
      context.report({
        messageId: 'missing',
        data: { what: !request.method ? 'method' : 'path' },
        location: request.location,
        hint: 'A request file gives "method" (GET, POST, PUT, DELETE) and "path" (e.g. "/v5/enrollments").',
      });
      return;
    }
    context.report({
      messageId: 'unknown',
      data: { method: request.method, path: request.path },
      location: request.pathLocation,
      hint: `The operations are: ${OPERATION_SUMMARY}.`,
    });
  },
});
