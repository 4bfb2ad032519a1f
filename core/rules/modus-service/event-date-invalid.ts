import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const eventDateInvalid = defineRule({
  meta: {
    code: 'MSV002',
    name: 'event-date-invalid',
    group: 'modus-service',
    severity: 'error',
    fixable: 'safe',
    messages: {
      missing: 'EventDate is missing; the service needs the date the samples were taken',
      format: 'EventDate "{value}" is not an ISO 8601 calendar date (YYYY-MM-DD)',
    },
    docs: {
      what: 'Reports an event without EventDate, or an EventDate that is not a plain ISO 8601 calendar date YYYY-MM-DD (the schema also allows time-zone suffixes and other years that the service does not take). A date with a time-zone suffix gets a safe fix dropping the suffix.',
      why: "The service files soil tests by their sampling date; the upload's sampleDate is derived from it.",
      example: '<EventDate>2021-09-24Z</EventDate>',
      useInstead: '<EventDate>2021-09-24</EventDate>',
    },
  },
});
