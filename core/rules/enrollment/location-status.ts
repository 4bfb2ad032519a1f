import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf, replaceWithString } from '../../json/json-subject-access.ts';
import { enrollmentTypeOf, type RequestSubject } from '../../requests/request-subject.ts';
import { defineRule } from '../rule.ts';

const KNOWN_LOCATION_STATUSES = ['NOMINATED'] as const;

export const locationStatus = defineRule<RequestSubject, 'notString' | 'unknown'>({
  meta: {
    code: 'EN006',
    name: 'experiment-location-status',
    group: 'enrollment',
    decidedIn: 'core/rules/enrollment/location-status.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      notString: 'experimentLocationStatus must be a string, but this is {kind}',
      unknown: 'experimentLocationStatus "{value}" is not a known value (known: {known})',
    },
    docs: {
      what: 'Checks experimentLocationStatus of an enrollment by location: a string, and warns when it is not NOMINATED.',
      why: 'NOMINATED is the only value the service documents; the full set is not published, so another value is a warning to check, not an error.',
      example: '"experimentLocationStatus": "nominated"',
      useInstead: '"experimentLocationStatus": "NOMINATED"',
    },
  },
  check(request, context) {
    if (!request.body || enrollmentTypeOf(request) !== 'location') return;
    const prop = propertyOf(request.body, 'experimentLocationStatus');
    if (!prop) return;
    if (prop.node.kind !== 'string') {
      context.report({
        messageId: 'notString',
        data: { kind: describeKind(prop.node) },
        location: subjectLocation(prop),
        hint: 'Use "NOMINATED".',
      });
      return;
    }
    const value = prop.node.value;
    if ((KNOWN_LOCATION_STATUSES as readonly string[]).includes(value)) return;
    const match = KNOWN_LOCATION_STATUSES.find((k) => k === value.trim().toUpperCase());
    context.report({
      messageId: 'unknown',
      severity: 'warning',
      data: { value, known: KNOWN_LOCATION_STATUSES.join(', ') },
      location: subjectLocation(prop),
      hint: match ? `Write it as ${match}.` : 'Make sure the service knows this status, or use NOMINATED.',
      ...(match
        ? {
            fix: {
              safety: 'safe' as const,
              title: `Write it as ${match}`,
              before: value,
              after: match,
              edits: [replaceWithString(prop, match)],
            },
          }
        : {}),
    });
  },
});
