import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const sampleDateNotEventDate = defineRule({
  meta: {
    code: 'MSV012',
    name: 'sample-date-not-event-date',
    group: 'modus-service',
    severity: 'warning',
    messages: {
      mismatch: 'sampleDate {sampleDate} is not on the EventDate {eventDate}',
    },
    docs: {
      what: "Warns when the sampleDate sent with the upload falls on another day (UTC) than the file's EventDate.",
      why: 'Both say when the samples were taken; if they differ, one of them is probably wrong.',
      example: 'sampleDate=2021-10-01T00:00:00.000Z with <EventDate>2021-09-24</EventDate>',
      useInstead: 'sampleDate=2021-09-24T00:00:00.000Z',
    },
  },
});
