import { defineRule } from '../rule.ts';
import { parseLenientDate } from './sample-date-format.ts';
import { impossiblePart, type SampleDateSubject } from './sample-date-subject.ts';

export const sampleDateImpossible = defineRule<SampleDateSubject, 'impossible'>({
  meta: {
    code: 'SD003',
    name: 'sample-date-impossible',
    group: 'sample-date',
    decidedIn: 'core/rules/sample-date/sample-date-impossible.ts',
    severity: 'error',
    messages: { impossible: 'sampleDate "{value}" is not a real instant: {reason}' },
    docs: {
      what: 'Reports a sampleDate whose parts name no real instant: 2023-02-29, day 31 in a 30-day month, hour 24, minute or second 60.',
      why: 'Such a value has the right shape but no meaning; the service refuses it, or worse, rolls it over into another day.',
      example: '2023-02-29T10:00:00.000Z',
      useInstead: '2023-02-28T10:00:00.000Z (or 2024-02-29: 2024 is a leap year)',
    },
  },
  check(subject, context) {
    const raw = subject.value;
    if (raw === undefined) return;
    const parsed = parseLenientDate(raw);
    const reason = parsed && impossiblePart(parsed.parts);
    if (reason) {
      context.report({
        messageId: 'impossible',
        data: { value: raw, reason },
        location: subject.location,
        hint: 'Check the date against the lab report or the Modus EventDate.',
      });
    }
  },
});
