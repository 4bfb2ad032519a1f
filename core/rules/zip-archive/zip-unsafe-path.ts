import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader for entry names that would write outside the folder they are unpacked into. */
export const zipUnsafePath = defineRule({
  meta: {
    code: 'RXA005',
    name: 'zip-unsafe-path',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      absolute: 'Entry "{entry}" has an absolute path',
      parent: 'Entry "{entry}" climbs out of the archive with ".."',
      control: 'Entry "{entry}" has a control character in its name',
    },
    docs: {
      what: 'Reports entry names that are absolute (/etc/x, C:\\x, \\\\server\\x), that contain a ".." segment, or that contain control characters. Such entries are not read.',
      why: 'Unpacking such a name writes outside the target folder ("zip slip"); services refuse these archives, and a prescription never needs them.',
      example: '../../zones.shp',
      useInstead: 'zones.shp',
    },
  },
});
