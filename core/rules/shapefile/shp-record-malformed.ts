import { defineRule } from '../rule.ts';

/** Reported by the shapefile reader for records it cannot decode or that break the format's rules. */
export const shpRecordMalformed = defineRule({
  meta: {
    code: 'RXS007',
    name: 'shp-record-malformed',
    group: 'shapefile',
    severity: 'error',
    messages: {
      truncated:
        'Record {record} runs past the end of the .shp (it needs {needed} bytes, {available} are left)',
      content: 'Record {record}: {detail}',
      number: 'Record {record} is numbered {value} in its header',
      more: '{count} more records are malformed',
    },
    docs: {
      what: 'Reports .shp records that run past the end of the file, whose content length does not fit their parts and points, whose part indexes are out of order or out of range, or whose record number is not its position.',
      why: 'A malformed record is read as garbage or stops the import; the record number tells which zone to fix.',
      example: 'A polygon record declaring 1,000,000 points in 200 bytes.',
      useInstead: 'Export the shapefile again.',
    },
  },
});
