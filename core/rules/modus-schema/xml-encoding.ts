import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlEncoding = defineRule({
  meta: {
    code: 'MOD004',
    name: 'xml-encoding',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      invalidBytes: 'The file is not valid {encoding}: {detail}',
      unsupported: 'Unsupported encoding: {detail}',
    },
    docs: {
      what: "Reports bytes that are not valid in the file's encoding (UTF-8 unless a byte order mark or the XML declaration says otherwise), at the exact byte, and encodings that cannot be read.",
      why: 'Invalid bytes mean the file was damaged or saved in another encoding than it declares; values such as lab names would arrive garbled.',
      example: '<?xml version="1.0" encoding="UTF-8"?> followed by Latin-1 bytes such as 0xE9',
      useInstead: 'Save the file as UTF-8, or declare encoding="ISO-8859-1".',
    },
  },
});
