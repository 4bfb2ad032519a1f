import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader when two entries share compressed data. */
export const zipOverlappingEntries = defineRule({
  meta: {
    code: 'RXA011',
    name: 'zip-overlapping-entries',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      overlap: 'Entry "{entry}" overlaps the data of entry "{other}"; it is not read',
    },
    docs: {
      what: 'Reports entries whose stored data overlaps another entry’s. Such entries are not read.',
      why: 'Overlapping entries never come from a zip tool: they are how non-recursive zip bombs multiply a few kilobytes into gigabytes.',
      example: '1,000 entries all pointing at the same deflated kernel.',
      useInstead: 'An archive written by a zip tool.',
    },
  },
});
