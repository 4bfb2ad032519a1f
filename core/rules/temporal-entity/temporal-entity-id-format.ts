import { subjectLocation, type JsonSubject } from '../../json/json-location.ts';
import { propertyOf, replaceWithString } from '../../json/json-subject-access.ts';
import { describeKind } from '../../json/json-document.ts';
import { canonicalUuid, isUuid } from '../../values/uuid.ts';
import { defineRule } from '../rule.ts';
import { TEMPORAL_ID_FIELDS } from './temporal-entity-known.ts';

export const temporalEntityIdFormat = defineRule<JsonSubject, 'notString' | 'notUuid'>({
  meta: {
    code: 'TE004',
    name: 'temporal-entity-id-not-uuid',
    group: 'temporal-entity',
    severity: 'error',
    fixable: 'safe',
    messages: {
      notString: '{field} must be a UUID string, but this is {kind}',
      notUuid: '{field} "{value}" is not a UUID (8-4-4-4-12 hexadecimal digits)',
    },
    docs: {
      what: 'Reports id, startId or endId values that are not UUIDs. Upper- and lowercase hex digits are both accepted.',
      why: 'Temporal entities are identified by UUIDs; a name or a number is refused by the service.',
      example: '"id": "2024 season"',
      useInstead: '"id": "6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11"',
    },
  },
  check(subject, context) {
    if (subject.node.kind !== 'object') return;
    for (const field of TEMPORAL_ID_FIELDS) {
      const prop = propertyOf(subject, field);
      if (!prop) continue;
      if (prop.node.kind !== 'string') {
        context.report({
          messageId: 'notString',
          data: { field, kind: describeKind(prop.node) },
          location: subjectLocation(prop),
          hint: 'Write the UUID as a string in double quotes.',
        });
        continue;
      }
      const value = prop.node.value;
      if (isUuid(value)) continue;
      const canonical = canonicalUuid(value);
      context.report({
        messageId: 'notUuid',
        data: { field, value },
        location: subjectLocation(prop),
        hint: canonical
          ? `Write it as ${canonical}.`
          : 'Use the UUID the service gave for this temporal entity.',
        ...(canonical
          ? {
              fix: {
                safety: 'safe' as const,
                title: `Write the UUID in its standard form: ${canonical}`,
                before: value,
                after: canonical,
                edits: [replaceWithString(prop, canonical)],
              },
            }
          : {}),
      });
    }
  },
});
