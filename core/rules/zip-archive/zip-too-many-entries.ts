import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader before it reads the central directory beyond the limit. */
export const zipTooManyEntries = defineRule({
  meta: {
    code: 'RXA002',
    name: 'zip-too-many-entries',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      tooMany: 'The archive declares {count} entries; at most {limit} are read, so it was not opened',
    },
    docs: {
      what: 'Reports an archive with more entries than the reader accepts (1,000 by default).',
      why: 'A prescription needs four or five files. Thousands of entries are either the wrong archive or an attempt to exhaust the reader; listing them all would cost time and memory for nothing.',
      example: 'A ZIP of a whole project folder with 10,000 files.',
      useInstead: 'A ZIP holding only zones.shp, zones.shx, zones.dbf and zones.prj.',
    },
  },
});
