import { subjectLocation, type JsonSubject } from '../../json/json-location.ts';
import { describeKind } from '../../json/json-document.ts';
import { propertyOf, replaceWithString } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import { KNOWN_TEMPORAL_PERIOD_TYPES } from './temporal-entity-known.ts';

export const temporalPeriodType = defineRule<JsonSubject, 'missing' | 'notString' | 'unknown'>({
  meta: {
    code: 'TE005',
    name: 'temporal-period-type',
    group: 'temporal-entity',
    decidedIn: 'core/rules/temporal-entity/temporal-period-type.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      missing: 'temporalEntity has no temporalPeriodTypeName',
      notString: 'temporalPeriodTypeName must be a string, but this is {kind}',
      unknown: 'temporalPeriodTypeName "{value}" is not one of the known values ({known})',
    },
    docs: {
      what: 'Reports a missing temporalPeriodTypeName (error) and warns about values other than GrowingSeason, AgronomicSeason, LocalAgronomicSeason and LocalCropSeason.',
      why: 'The field is required. The service does not publish its full set of values, so an unfamiliar one is only a warning: check it before sending.',
      example: '{"dimensionality": "INDIVIDUAL", "id": "…"}',
      useInstead: '{"dimensionality": "INDIVIDUAL", "id": "…", "temporalPeriodTypeName": "GrowingSeason"}',
    },
  },
  check(subject, context) {
    if (subject.node.kind !== 'object') return;
    const prop = propertyOf(subject, 'temporalPeriodTypeName');
    if (!prop) {
      context.report({
        messageId: 'missing',
        location: { ...subjectLocation(subject), field: 'temporalPeriodTypeName' },
        hint: 'Add "temporalPeriodTypeName": "GrowingSeason" (the value the service documents).',
      });
      return;
    }
    if (prop.node.kind !== 'string') {
      context.report({
        messageId: 'notString',
        data: { kind: describeKind(prop.node) },
        location: subjectLocation(prop),
        hint: 'Use "GrowingSeason".',
      });
      return;
    }
    const value = prop.node.value;
    if ((KNOWN_TEMPORAL_PERIOD_TYPES as readonly string[]).includes(value)) return;
    const squash = (s: string): string => s.replace(/[\s_-]/g, '').toLowerCase();
    const match = KNOWN_TEMPORAL_PERIOD_TYPES.find((k) => squash(k) === squash(value));
    context.report({
      messageId: 'unknown',
      severity: 'warning',
      data: { value, known: KNOWN_TEMPORAL_PERIOD_TYPES.join(', ') },
      location: subjectLocation(prop),
      hint: match
        ? `Write it as ${match}.`
        : 'The full set of values is not published; make sure the service knows this one, or use GrowingSeason.',
      ...(match
        ? {
            fix: {
              safety: 'safe' as const,
              title: `Spell it as the service does: ${match}`,
              before: value,
              after: match,
              edits: [replaceWithString(prop, match)],
            },
          }
        : {}),
    });
  },
});
