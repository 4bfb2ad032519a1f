import { LIST_QUERY_FOR_TYPE } from '../../requests/operations.ts';
import { enrollmentTypeOf, type RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

export const queryParameter = defineRule<RequestSubject, 'listMissing' | 'listOther' | 'findMissing'>({
  meta: {
    code: 'EN008',
    name: 'query-parameter-mismatch',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/query-parameter.ts',
    severity: 'error',
    messages: {
      listMissing: 'Listing enrollments by {type} needs the query parameter {param}',
      listOther:
        'The query parameter {param} lists enrollments by {otherType}, but x-enrollment-type is {type}',
      findMissing: 'Finding experiments needs the query parameter experimentEnrollmentId',
    },
    docs: {
      what: 'Reports list calls whose query parameter does not match the enrollment type (experimentProtocolId for program, experimentId for location), and find-experiment calls without experimentEnrollmentId.',
      why: 'The service requires the parameter that matches the type; the other one is ignored or refused, so the list is not the one meant.',
      example: 'GET /v5/enrollments?experimentId=… with x-enrollment-type: program',
      useInstead: 'GET /v5/enrollments?experimentProtocolId=… with x-enrollment-type: program',
    },
  },
  check(request, context) {
    const op = request.operation?.id;
    if (op === 'findExperiments') {
      if (!request.query.get('experimentEnrollmentId')?.value) {
        context.report({
          messageId: 'findMissing',
          location: request.pathLocation,
          hint: 'Add ?experimentEnrollmentId=<the id the service operator gave you>.',
        });
      }
      return;
    }
    if (op !== 'listEnrollments') return;
    const type = enrollmentTypeOf(request);
    if (!type) return;
    const otherType = type === 'program' ? 'location' : 'program';
    const param = LIST_QUERY_FOR_TYPE[type];
    const other = request.query.get(LIST_QUERY_FOR_TYPE[otherType]);
    if (other) {
      context.report({
        messageId: 'listOther',
        data: { param: other.name, otherType, type },
        location: other.location,
        hint: `Use ${param}, or set x-enrollment-type to ${otherType}.`,
      });
    }
    if (!request.query.get(param)?.value) {
      context.report({
        messageId: 'listMissing',
        data: { type, param },
        location: request.pathLocation,
        hint: `Add ?${param}=<uuid>.`,
      });
    }
  },
});
