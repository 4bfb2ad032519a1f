import { defineRule } from '../rule.ts';
import type { SampleDateSubject } from './sample-date-subject.ts';

export const sampleDateMissing = defineRule<SampleDateSubject, 'missing'>({
  meta: {
    code: 'SD001',
    name: 'sample-date-missing',
    group: 'sample-date',
    decidedIn: 'core/rules/sample-date/sample-date-missing.ts',
    severity: 'error',
    messages: { missing: 'sampleDate is required for a soil test upload but is {what}' },
    docs: {
      what: 'Reports a soil test upload without a sampleDate query parameter, or with an empty one.',
      why: 'POST /v2/soil/modus/result requires sampleDate; without it the service answers 400 after the file was sent.',
      example: 'POST /v2/soil/modus/result?sampleDate=',
      useInstead: 'POST /v2/soil/modus/result?sampleDate=2024-05-01T10:00:00.000Z',
    },
  },
  check(subject, context) {
    if (subject.value === undefined || subject.value.trim() === '') {
      context.report({
        messageId: 'missing',
        data: { what: subject.value === undefined ? 'absent' : 'empty' },
        location: subject.location,
        hint: 'Give the date the samples were taken, as YYYY-MM-DDThh:mm:ss.sssZ (the Modus EventDate is a good source).',
      });
    }
  },
});
