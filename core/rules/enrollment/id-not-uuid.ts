import type { Location, TextEdit } from '../../diagnostics/diagnostic.ts';
import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf, replaceWithString } from '../../json/json-subject-access.ts';
import { replaceNamedValue, type RequestSubject } from '../../requests/request-subject.ts';
import { canonicalUuid, isUuid } from '../../values/uuid.ts';
import { defineRule, type RuleContext } from '../rule.ts';

const BODY_ID_FIELDS = [
  'experimentProtocolId',
  'experimentId',
  'locationId',
  'experimentEnrollmentId',
] as const;
const QUERY_ID_FIELDS = ['experimentProtocolId', 'experimentId', 'experimentEnrollmentId'] as const;

type Messages = 'notString' | 'notUuid' | 'pathId';

function reportValue(
  context: RuleContext<Messages>,
  field: string,
  value: string,
  location: Location,
  edit: (text: string) => TextEdit | undefined,
): void {
  if (isUuid(value)) return;
  const canonical = canonicalUuid(value);
  context.report({
    messageId: 'notUuid',
    data: { field, value },
    location,
    hint: canonical
      ? `Write it as ${canonical}.`
      : `Use the UUID the service or its operator gave for ${field}.`,
    ...(canonical && edit(canonical)
      ? {
          fix: {
            safety: 'safe' as const,
            title: `Write the UUID in its standard form: ${canonical}`,
            before: value,
            after: canonical,
            edits: [edit(canonical)!],
          },
        }
      : {}),
  });
}

export const idNotUuid = defineRule<RequestSubject, Messages>({
  meta: {
    code: 'EN004',
    name: 'id-not-uuid',
    group: 'enrollment',
    severity: 'error',
    fixable: 'safe',
    messages: {
      notString: '{field} must be a UUID string, but this is {kind}',
      notUuid: '{field} "{value}" is not a UUID (8-4-4-4-12 hexadecimal digits)',
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
    if (request.body?.node.kind === 'object') {
      for (const field of BODY_ID_FIELDS) {
        const prop = propertyOf(request.body, field);
        if (!prop) continue;
        if (prop.node.kind !== 'string') {
          context.report({
            messageId: 'notString',
            data: { field, kind: describeKind(prop.node) },
            location: subjectLocation(prop),
            hint: 'Write the UUID as a string in double quotes.',
          });
        } else
          reportValue(context, field, prop.node.value, subjectLocation(prop), (t) =>
            replaceWithString(prop, t),
          );
      }
    }
    for (const field of QUERY_ID_FIELDS) {
      const q = request.query.get(field);
      if (q && q.value !== '')
        reportValue(context, field, q.value, q.location, (t) => replaceNamedValue(q, t));
    }
  },
});
