import { describeKind } from '../../json/json-document.ts';
import { subjectLocation, type JsonSubject } from '../../json/json-location.ts';
import { defineRule } from '../rule.ts';

export const temporalEntityType = defineRule<JsonSubject, 'notObject'>({
  meta: {
    code: 'TE001',
    name: 'temporal-entity-not-object',
    group: 'temporal-entity',
    decidedIn: 'core/rules/temporal-entity/temporal-entity-type.ts',
    severity: 'error',
    messages: { notObject: 'temporalEntity must be an object, but this is {kind}' },
    docs: {
      what: 'Reports a temporalEntity that is not a JSON object.',
      why: 'Enrollments and experiments carry the growing season as an object with dimensionality, ids and temporalPeriodTypeName; a bare id or a list is refused.',
      example: '"temporalEntity": "6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11"',
      useInstead:
        '"temporalEntity": {"dimensionality": "INDIVIDUAL", "id": "6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11", "temporalPeriodTypeName": "GrowingSeason"}',
    },
  },
  check(subject, context) {
    if (subject.node.kind === 'object') return;
    context.report({
      messageId: 'notObject',
      data: { kind: describeKind(subject.node) },
      location: subjectLocation(subject),
      hint:
        subject.node.kind === 'string'
          ? 'Wrap the id: {"dimensionality": "INDIVIDUAL", "id": "<this id>", "temporalPeriodTypeName": "GrowingSeason"}.'
          : 'Give an object with dimensionality, id (or startId and endId) and temporalPeriodTypeName.',
    });
  },
});
