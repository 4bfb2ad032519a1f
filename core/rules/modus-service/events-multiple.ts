import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const eventsMultiple = defineRule({
  meta: {
    code: 'MSV013',
    name: 'events-multiple',
    group: 'modus-service',
    severity: 'warning',
    messages: {
      dates:
        'The file holds {count} {count:event|events} with different EventDates ({dates}); one upload takes one sampleDate',
    },
    docs: {
      what: 'Warns when a result file holds several events with different EventDates.',
      why: 'An upload carries a single sampleDate; events sampled on other days would be filed under the wrong date. Split the file per event.',
      example: 'two <Event> elements dated 2021-09-24 and 2021-10-02',
      useInstead: 'one file per event',
    },
  },
});
