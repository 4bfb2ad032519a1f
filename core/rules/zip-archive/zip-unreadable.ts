import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader (core/archive) when the file cannot be read as a ZIP at all. */
export const zipUnreadable = defineRule({
  meta: {
    code: 'RXA001',
    name: 'zip-unreadable',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      empty: 'The file is empty: expected a ZIP archive',
      notZip: 'The file is not a ZIP archive: {detail}',
      truncated: 'The archive is truncated: {detail}',
      centralDirectory: 'The archive directory is damaged: {detail}',
      unsupported: 'The archive cannot be read: {detail}',
    },
    docs: {
      what: 'Reports a file that is not a ZIP archive, a ZIP cut short (naming the entry where it ends) and a ZIP whose central directory is damaged.',
      why: 'The service unpacks the upload before anything else; a file it cannot unpack is refused with a bare 400, and a truncated upload usually means the copy or download was interrupted.',
      example:
        'rx.zip copied while it was still being written: its last 2 KB (and the directory) are missing.',
      useInstead: 'Zip the .shp, .shx, .dbf and .prj again, or copy the complete file.',
    },
  },
});
