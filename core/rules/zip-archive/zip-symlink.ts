import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader for entries whose Unix mode marks them as symbolic links. */
export const zipSymlink = defineRule({
  meta: {
    code: 'RXA006',
    name: 'zip-symlink',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      symlink: 'Entry "{entry}" is a symbolic link to "{target}"; links are not followed',
    },
    docs: {
      what: 'Reports entries stored as symbolic links (Unix mode 120000). They are not read or followed.',
      why: 'A link unpacked on the server can point anywhere on its disk; a later entry written "through" it escapes the target folder. Prescriptions consist of plain files.',
      example: 'zones.shp -> /etc/passwd',
      useInstead: 'Zip the files themselves (zip without -y).',
    },
  },
});
