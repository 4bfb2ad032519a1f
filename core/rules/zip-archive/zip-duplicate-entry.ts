import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader when two entries have the same name. */
export const zipDuplicateEntry = defineRule({
  meta: {
    code: 'RXA010',
    name: 'zip-duplicate-entry',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      duplicate: 'Entry "{entry}" appears {count} times in the archive',
    },
    docs: {
      what: 'Reports names that occur more than once in the archive directory. Only the first is read.',
      why: 'Which copy an unpacker keeps differs between tools, so the service may read another file than the one checked here.',
      example: 'zones.dbf added twice with "zip -g".',
      useInstead: 'One entry per name.',
    },
  },
});
