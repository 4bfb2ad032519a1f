import { toValue, type JsonValue } from '../../json/json-document.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { enrollmentTypeOf, type RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

/** What counts as a change per type (spec: update rules 4 and 5). */
const CHANGEABLE = {
  program: ['experimentProtocolId', 'temporalEntity'],
  location: ['experimentId', 'locationId', 'temporalEntity'],
} as const;

function sameValue(a: JsonValue, b: JsonValue): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The temporal entity ids only: the spec speaks of "a new temporalEntity id". */
function temporalIds(value: JsonValue): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return [value.id, value.startId, value.endId]
    .map((v) => (typeof v === 'string' ? v.toLowerCase() : ''))
    .join('|');
}

export const updateWithoutChange = defineRule<
  RequestSubject,
  'noIdInPath' | 'nothingToChange' | 'sameAsCurrent'
>({
  meta: {
    code: 'EN007',
    name: 'update-without-change',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/update-without-change.ts',
    severity: 'error',
    messages: {
      noIdInPath: 'An update needs the enrollment id in the path: PUT /v5/enrollments/<enrollment id>',
      nothingToChange: 'Update by {type} changes nothing: the body has none of {fields}',
      sameAsCurrent: 'Update by {type} changes nothing: {fields} equal the enrollment as it is now',
    },
    docs: {
      what: 'Reports an update without the enrollment id, or one that changes nothing: by program it needs a new experimentProtocolId and/or temporalEntity id; by location a new experimentId, locationId and/or temporalEntity id. When the request file gives the enrollment as it is now ("current"), values equal to it count as no change.',
      why: 'The service requires a change; an empty update is refused, or counted as a write that did nothing.',
      example:
        '{"method": "PUT", "path": "/v5/enrollments/…", "headers": {"x-enrollment-type": "program"}, "body": {}}',
      useInstead: '… "body": {"experimentProtocolId": "<the new program>"}',
    },
  },
  check(request, context) {
    if (request.operation?.id !== 'updateEnrollment') return;
    if (!request.operation.enrollmentId) {
      context.report({
        messageId: 'noIdInPath',
        location: request.pathLocation,
        hint: 'Append the id returned when the enrollment was created.',
      });
    }
    const type = enrollmentTypeOf(request);
    if (!type || (request.body && request.body.node.kind !== 'object')) return;
    const fields = CHANGEABLE[type];
    const given = request.body ? fields.filter((f) => propertyOf(request.body!, f)) : [];
    const location = request.body ? subjectLocation(request.body) : request.location;
    if (given.length === 0) {
      context.report({
        messageId: 'nothingToChange',
        data: { type, fields: fields.join(', ') },
        location,
        hint: `Put the new value of at least one of ${fields.join(', ')} in the body.`,
      });
      return;
    }
    if (!request.current || request.current.node.kind !== 'object') return;
    const current = request.current;
    const unchanged = given.filter((f) => {
      const now = propertyOf(current, f);
      const next = propertyOf(request.body!, f);
      if (!now || !next) return false;
      const a = toValue(now.node);
      const b = toValue(next.node);
      return f === 'temporalEntity' ? temporalIds(a) === temporalIds(b) : sameValue(a, b);
    });
    if (unchanged.length === given.length) {
      context.report({
        messageId: 'sameAsCurrent',
        data: { type, fields: unchanged.join(', ') },
        location,
        hint: 'Leave the enrollment alone, or give the value it should change to.',
      });
    }
  },
});
