import { locationOf, type JsonSubject } from '../../json/json-location.ts';
import { defineRule } from '../rule.ts';
import { TEMPORAL_ENTITY_FIELDS } from './temporal-entity-known.ts';

export const temporalEntityUnknownField = defineRule<JsonSubject, 'unknown'>({
  meta: {
    code: 'TE006',
    name: 'temporal-entity-unknown-field',
    group: 'temporal-entity',
    decidedIn: 'core/rules/temporal-entity/temporal-entity-unknown-field.ts',
    severity: 'warning',
    messages: { unknown: 'temporalEntity has an unknown field "{field}"{suggestion}' },
    docs: {
      what: 'Warns about fields of a temporalEntity other than dimensionality, id, startId, endId and temporalPeriodTypeName.',
      why: 'An unknown field is ignored at best; most often it is a misspelt id ("Id", "start_id") whose value never reaches the service.',
      example: '{"dimensionality": "INDIVIDUAL", "Id": "…", "temporalPeriodTypeName": "GrowingSeason"}',
      useInstead: '{"dimensionality": "INDIVIDUAL", "id": "…", "temporalPeriodTypeName": "GrowingSeason"}',
    },
  },
  check(subject, context) {
    if (subject.node.kind !== 'object') return;
    const squash = (s: string): string => s.replace(/[\s_-]/g, '').toLowerCase();
    for (const p of subject.node.properties) {
      if ((TEMPORAL_ENTITY_FIELDS as readonly string[]).includes(p.key)) continue;
      const near = TEMPORAL_ENTITY_FIELDS.find((f) => squash(f) === squash(p.key));
      context.report({
        messageId: 'unknown',
        data: { field: p.key, suggestion: near ? ` (did you mean "${near}"?)` : '' },
        location: locationOf(
          subject.lines,
          { start: p.keyStart, end: p.keyEnd },
          [...subject.path, p.key],
          subject.row,
        ),
        hint: near ? `Rename it to "${near}".` : 'Remove it; the service does not read it.',
      });
    }
  },
});
