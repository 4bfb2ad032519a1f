import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader for encrypted entries and compression methods it cannot unpack. */
export const zipEntryUnsupported = defineRule({
  meta: {
    code: 'RXA009',
    name: 'zip-entry-unsupported',
    group: 'zip-archive',
    severity: 'error',
    messages: {
      encrypted: 'Entry "{entry}" is encrypted',
      method:
        'Entry "{entry}" uses compression method {method} ({methodName}); only stored and deflated entries can be read',
    },
    docs: {
      what: 'Reports encrypted entries and entries compressed with methods other than stored (0) and deflate (8), such as Deflate64, bzip2, LZMA or Zstandard.',
      why: 'The service cannot unpack them either; the standard method every tool writes by default is deflate.',
      example: 'A ZIP made with "7z a -mm=LZMA" or with a password.',
      useInstead: 'Zip the files again with default settings and no password.',
    },
  },
});
