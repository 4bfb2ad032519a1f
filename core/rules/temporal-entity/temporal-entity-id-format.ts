import type { JsonSubject } from '../../json/json-location.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import { reportUuidProperty, UUID_MESSAGES } from '../shared/uuid-property.ts';
import { TEMPORAL_ID_FIELDS } from './temporal-entity-known.ts';

export const temporalEntityIdFormat = defineRule<JsonSubject, 'notString' | 'notUuid'>({
  meta: {
    code: 'TE004',
    name: 'temporal-entity-id-not-uuid',
    group: 'temporal-entity',
    decidedIn: 'core/rules/temporal-entity/temporal-entity-id-format.ts',
    severity: 'error',
    fixable: 'safe',
    messages: UUID_MESSAGES,
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
      if (prop)
        reportUuidProperty(context, field, prop, 'Use the UUID the service gave for this temporal entity.');
    }
  },
});
