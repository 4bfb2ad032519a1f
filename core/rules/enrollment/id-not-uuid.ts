import { propertyOf } from '../../json/json-subject-access.ts';
import { replaceNamedValue, type RequestSubject } from '../../requests/request-subject.ts';
import { isUuid } from '../../values/uuid.ts';
import { defineRule } from '../rule.ts';
import { reportUuidProperty, reportUuidValue, UUID_MESSAGES } from '../shared/uuid-property.ts';

const BODY_ID_FIELDS = [
  'experimentProtocolId',
  'experimentId',
  'locationId',
  'experimentEnrollmentId',
] as const;
const QUERY_ID_FIELDS = ['experimentProtocolId', 'experimentId', 'experimentEnrollmentId'] as const;

type Messages = 'notString' | 'notUuid' | 'pathId';

export const idNotUuid = defineRule<RequestSubject, Messages>({
  meta: {
    code: 'EN004',
    name: 'id-not-uuid',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/id-not-uuid.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      ...UUID_MESSAGES,
      pathId: 'The enrollment id "{value}" in the path is not a UUID',
    },
    docs: {
      what: 'Reports experimentProtocolId, experimentId, locationId, experimentEnrollmentId (in bodies and queries) and enrollment ids in paths that are not UUIDs. Upper- and lowercase are both accepted.',
      why: 'Every identifier of the interface is a UUID; anything else is refused, or for ids in the path answered with 404.',
      example: '"experimentProtocolId": "corn-2024"',
      useInstead: '"experimentProtocolId": "3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f"',
    },
  },
  check(request, context) {
    const pathId = request.operation?.enrollmentId;
    if (pathId && !isUuid(pathId)) {
      context.report({
        messageId: 'pathId',
        data: { value: pathId },
        location: request.pathLocation,
        hint: 'Use the id returned when the enrollment was created.',
      });
    }
    const hint = (field: string): string => `Use the UUID the service or its operator gave for ${field}.`;
    if (request.body?.node.kind === 'object') {
      for (const field of BODY_ID_FIELDS) {
        const prop = propertyOf(request.body, field);
        if (prop) reportUuidProperty(context, field, prop, hint(field));
      }
    }
    for (const field of QUERY_ID_FIELDS) {
      const q = request.query.get(field);
      if (q && q.value !== '') {
        reportUuidValue(context, field, q.value, q.location, (t) => replaceNamedValue(q, t), hint(field));
      }
    }
  },
});
