import { locationOf } from '../../json/json-location.ts';
import { BODY_FIELDS } from '../../requests/operations.ts';
import { enrollmentTypeOf, type RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

export const fieldOfOtherType = defineRule<RequestSubject, 'otherType'>({
  meta: {
    code: 'EN005',
    name: 'field-of-other-enrollment-type',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/field-of-other-type.ts',
    severity: 'error',
    messages: {
      otherType:
        '{field} belongs to an enrollment by {otherType}, but this request is by {type} (x-enrollment-type: {type})',
    },
    docs: {
      what: 'Reports a body field of the other enrollment type: experimentProtocolId in an enrollment by location, or experimentId, locationId or experimentLocationStatus in an enrollment by program.',
      why: 'A mismatch between the header and the body usually means the wrong header; the service ignores or refuses the field, and the enrollment is not what was meant.',
      example:
        '{"headers": {"x-enrollment-type": "program"}, "body": {"experimentId": "…", "locationId": "…", …}}',
      useInstead:
        '{"headers": {"x-enrollment-type": "location"}, "body": {"experimentId": "…", "locationId": "…", …}}',
    },
  },
  check(request, context) {
    const op = request.operation?.id;
    if (op !== 'createEnrollment' && op !== 'updateEnrollment') return;
    const type = enrollmentTypeOf(request);
    const body = request.body;
    if (!type || !body || body.node.kind !== 'object') return;
    const otherType = type === 'program' ? 'location' : 'program';
    const own = BODY_FIELDS[type] as readonly string[];
    for (const p of body.node.properties) {
      if (own.includes(p.key) || !(BODY_FIELDS[otherType] as readonly string[]).includes(p.key)) continue;
      context.report({
        messageId: 'otherType',
        data: { field: p.key, otherType, type },
        location: locationOf(body.lines, { start: p.keyStart, end: p.value.end }, [...body.path, p.key]),
        hint: `If this is an enrollment by ${otherType}, set x-enrollment-type to ${otherType}; otherwise remove "${p.key}".`,
      });
    }
  },
});
