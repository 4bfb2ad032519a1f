import { replaceWithString, propertyOf, stringValue } from '../../json/json-subject-access.ts';
import { subjectLocation, type JsonSubject } from '../../json/json-location.ts';
import { defineRule } from '../rule.ts';
import { DIMENSIONALITIES } from './temporal-entity-known.ts';

export const temporalEntityDimensionality = defineRule<JsonSubject, 'missing' | 'invalid'>({
  meta: {
    code: 'TE002',
    name: 'temporal-entity-dimensionality',
    group: 'temporal-entity',
    decidedIn: 'core/rules/temporal-entity/temporal-entity-dimensionality.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      missing: 'temporalEntity has no dimensionality; it must be INDIVIDUAL or INTERVAL',
      invalid: 'dimensionality {value} is not allowed; it must be INDIVIDUAL or INTERVAL',
    },
    docs: {
      what: 'Reports a temporalEntity whose dimensionality is missing or is not INDIVIDUAL or INTERVAL.',
      why: 'The dimensionality decides which ids the entity carries; without a valid one the service cannot read it.',
      example: '{"dimensionality": "Single", "id": "…", "temporalPeriodTypeName": "GrowingSeason"}',
      useInstead: '{"dimensionality": "INDIVIDUAL", "id": "…", "temporalPeriodTypeName": "GrowingSeason"}',
    },
  },
  check(subject, context) {
    if (subject.node.kind !== 'object') return;
    const prop = propertyOf(subject, 'dimensionality');
    if (!prop) {
      const hasInterval = propertyOf(subject, 'startId') || propertyOf(subject, 'endId');
      const suggestion = hasInterval ? 'INTERVAL' : propertyOf(subject, 'id') ? 'INDIVIDUAL' : undefined;
      context.report({
        messageId: 'missing',
        location: { ...subjectLocation(subject), field: 'dimensionality' },
        hint: suggestion
          ? `The ids present suggest "dimensionality": "${suggestion}".`
          : 'Add "dimensionality": "INDIVIDUAL" with an id, or "INTERVAL" with startId and endId.',
      });
      return;
    }
    const value = stringValue(prop);
    if (value !== undefined && (DIMENSIONALITIES as readonly string[]).includes(value)) return;
    const sameLetters =
      value === undefined ? undefined : DIMENSIONALITIES.find((d) => d === value.trim().toUpperCase());
    context.report({
      messageId: 'invalid',
      data: {
        value:
          value === undefined
            ? JSON.stringify(prop.node.kind === 'null' ? null : prop.node.kind)
            : JSON.stringify(value),
      },
      location: subjectLocation(prop),
      hint: sameLetters
        ? `Write it in capitals: "${sameLetters}".`
        : 'Use INDIVIDUAL (one id) or INTERVAL (startId and endId).',
      ...(sameLetters
        ? {
            fix: {
              safety: 'safe' as const,
              title: `Write the dimensionality in capitals: ${sameLetters}`,
              before: value,
              after: sameLetters,
              edits: [replaceWithString(prop, sameLetters)],
            },
          }
        : {}),
    });
  },
});
