import { defineRule } from '../rule.ts';
import { parseLenientDate } from './sample-date-format.ts';
import {
  epochMillis,
  formatSampleDate,
  impossiblePart,
  type SampleDateSubject,
} from './sample-date-subject.ts';

export const sampleDateFuture = defineRule<SampleDateSubject, 'future'>({
  meta: {
    code: 'SD004',
    name: 'sample-date-future',
    group: 'sample-date',
    decidedIn: 'core/rules/sample-date/sample-date-future.ts',
    severity: 'warning',
    messages: { future: 'sampleDate {value} is in the future (now is {now})' },
    docs: {
      what: 'Warns when the sampleDate lies after the current time.',
      why: 'Samples cannot have been taken in the future: usually a typo in the year, or day and month swapped.',
      example: '2062-05-01T10:00:00.000Z',
      useInstead: '2026-05-01T10:00:00.000Z',
    },
  },
  check(subject, context) {
    const raw = subject.value;
    if (raw === undefined || subject.now === undefined) return;
    const parsed = parseLenientDate(raw);
    if (!parsed || impossiblePart(parsed.parts)) return;
    const instant = epochMillis(parsed.parts) - (parsed.offsetMinutes ?? 0) * 60_000;
    if (instant > subject.now.getTime()) {
      context.report({
        messageId: 'future',
        data: { value: raw, now: formatSampleDate(subject.now.getTime()) },
        location: subject.location,
        hint: 'Check the year, and whether day and month were swapped.',
      });
    }
  },
});
