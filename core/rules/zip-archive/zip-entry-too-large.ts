import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader from the declared sizes, and while inflating when the total budget runs out. */
export const zipEntryTooLarge = defineRule({
  meta: {
    code: 'RXA003',
    name: 'zip-entry-too-large',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      entry: 'Entry "{entry}" unpacks to {size} bytes, over the limit of {limit} bytes per entry',
      total: 'The entries unpack to {size} bytes in total, over the limit of {limit} bytes',
    },
    docs: {
      what: 'Reports an entry, or a whole archive, whose uncompressed size is over the reader’s limits (100 MiB per entry, 200 MiB in total by default). Such entries are not unpacked.',
      why: 'A 100-zone prescription is a few hundred kilobytes. Gigabytes of unpacked data are a zip bomb or the wrong file, and unpacking them would exhaust memory.',
      example: 'An entry declaring 4 GB of uncompressed data.',
      useInstead: 'Only the prescription shapefile, a few hundred kilobytes.',
    },
  },
});
