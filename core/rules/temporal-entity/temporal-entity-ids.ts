import { subjectLocation, type JsonSubject } from '../../json/json-location.ts';
import { propertyOf, propertyRemovalRange, stringValue } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';

/** The dimensionality of a subject when it is one of the two allowed values (TE002 reports the rest). */
function dimensionalityOf(subject: JsonSubject): 'INDIVIDUAL' | 'INTERVAL' | undefined {
  const value = stringValue(propertyOf(subject, 'dimensionality'));
  return value === 'INDIVIDUAL' || value === 'INTERVAL' ? value : undefined;
}

export const temporalEntityIds = defineRule<JsonSubject, 'missingId' | 'unexpectedId' | 'sameStartEnd'>({
  meta: {
    code: 'TE003',
    name: 'temporal-entity-ids-for-dimensionality',
    group: 'temporal-entity',
    decidedIn: 'core/rules/temporal-entity/temporal-entity-ids.ts',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      missingId: '{dimensionality} temporalEntity needs {field}',
      unexpectedId: '{dimensionality} temporalEntity must not carry {field}',
      sameStartEnd: 'INTERVAL temporalEntity starts and ends at the same id {id}',
    },
    docs: {
      what: 'Reports ids that do not match the dimensionality: INDIVIDUAL carries id and no startId/endId; INTERVAL carries startId and endId and no id.',
      why: 'The service reads either one id or a start and an end, depending on the dimensionality; a mix is refused or half ignored.',
      example:
        '{"dimensionality": "INTERVAL", "id": "…", "startId": "…", "endId": "…", "temporalPeriodTypeName": "GrowingSeason"}',
      useInstead:
        '{"dimensionality": "INTERVAL", "startId": "…", "endId": "…", "temporalPeriodTypeName": "GrowingSeason"}',
    },
  },
  check(subject, context) {
    const dimensionality = dimensionalityOf(subject);
    if (!dimensionality || subject.node.kind !== 'object') return;
    const obj = subject.node;
    const required = dimensionality === 'INDIVIDUAL' ? ['id'] : ['startId', 'endId'];
    const forbidden = dimensionality === 'INDIVIDUAL' ? ['startId', 'endId'] : ['id'];
    for (const field of required) {
      if (!propertyOf(subject, field)) {
        context.report({
          messageId: 'missingId',
          data: { dimensionality, field },
          location: { ...subjectLocation(subject), field },
          hint:
            dimensionality === 'INDIVIDUAL'
              ? 'Add "id" with the temporal entity (growing season) id, or use INTERVAL with startId and endId.'
              : `Add "${field}" with the id of the ${field === 'startId' ? 'first' : 'last'} season of the interval.`,
        });
      }
    }
    for (const field of forbidden) {
      const prop = propertyOf(subject, field);
      if (!prop) continue;
      const replacementMissing = required.some((f) => !propertyOf(subject, f));
      context.report({
        messageId: 'unexpectedId',
        data: { dimensionality, field },
        location: subjectLocation(prop),
        hint: replacementMissing
          ? `Check the dimensionality: these ids look like ${dimensionality === 'INDIVIDUAL' ? 'an INTERVAL' : 'an INDIVIDUAL'} entity.`
          : `Remove "${field}".`,
        ...(replacementMissing
          ? {}
          : {
              fix: {
                safety: 'unsafe' as const,
                title: `Remove "${field}" (the service would not use it)`,
                edits: [{ ...propertyRemovalRange(obj, prop.property), text: '' }],
              },
            }),
      });
    }
    if (dimensionality === 'INTERVAL') {
      const start = stringValue(propertyOf(subject, 'startId'));
      const end = propertyOf(subject, 'endId');
      if (start !== undefined && end && stringValue(end)?.toLowerCase() === start.toLowerCase()) {
        context.report({
          messageId: 'sameStartEnd',
          severity: 'warning',
          data: { id: start },
          location: subjectLocation(end),
          hint: 'An interval of one season is an INDIVIDUAL entity with "id".',
        });
      }
    }
  },
});
