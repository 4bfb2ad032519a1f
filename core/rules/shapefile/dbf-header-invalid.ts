import { defineRule } from '../rule.ts';

/** Reported by the DBF reader (core/shapefile/read-dbf.ts). */
export const dbfHeaderInvalid = defineRule({
  meta: {
    code: 'RXS010',
    name: 'dbf-header-invalid',
    group: 'shapefile',
    severity: 'error',
    messages: {
      tooShort: 'The .dbf is {size} bytes long, shorter than its header',
      layout: 'The .dbf header is inconsistent: {detail}',
      truncated: 'The .dbf declares {declared} records but holds only {actual}',
      duplicateField: 'The .dbf has two fields named "{field}"',
    },
    docs: {
      what: 'Reports a .dbf whose header is cut short, whose header or record length disagrees with its field descriptors, which holds fewer records than it declares, or which repeats a field name.',
      why: 'The attribute table carries the rates: if it cannot be read reliably, every zone’s rate is in doubt.',
      example: 'A .dbf declaring 120-byte records whose fields add up to 100 bytes.',
      useInstead: 'Export the shapefile again.',
    },
  },
});
