import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader: from the declared sizes, and by the hard output cap while inflating. */
export const zipBomb = defineRule({
  meta: {
    code: 'RXA004',
    name: 'zip-bomb',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      ratio:
        'Entry "{entry}" is compressed {ratio}:1 ({compressed} bytes unpack to {size}), over the limit of {limit}:1',
      overrun:
        'Entry "{entry}" unpacks to more than the {declared} bytes its header declares; unpacking was stopped at {cap} bytes',
    },
    docs: {
      what: 'Reports an entry compressed far more than real data compresses (over 200:1 for entries above 1 MiB), and an entry that unpacks to more than its header declares. The reader never produces more than the declared size: a lying header is caught by the cap, not after the damage.',
      why: 'Zip bombs are small archives that unpack to gigabytes to exhaust the memory or disk of whoever opens them. A real shapefile compresses at most about 60:1.',
      example: 'zones.dbf: 10 KB compressed, 10 MB of zeros unpacked.',
      useInstead: 'The real shapefile members.',
    },
  },
});
