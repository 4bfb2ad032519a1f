import { defineRule } from '../rule.ts';

/** Reported by the DBF reader about the encoding of text fields. */
export const dbfTextEncoding = defineRule({
  meta: {
    code: 'RXS013',
    name: 'dbf-text-encoding',
    group: 'shapefile',
    severity: 'warning',
    messages: {
      unknownCpg: 'The .cpg names the encoding "{value}", which is not known; text is read as {fallback}',
      invalid: 'Record {record}, field {field}: the text is not valid {encoding}',
      undeclared:
        'Text fields hold non-ASCII characters but no .cpg states their encoding; they were read as {encoding}',
      more: '{count} more values are not valid {encoding}',
    },
    docs: {
      what: 'Reports a .cpg naming an unknown encoding, text that is not valid in the declared encoding, and non-ASCII text without a .cpg. The .cpg, when present, decides how DBF text is decoded; otherwise the DBF’s language driver byte, else ISO-8859-1.',
      why: 'Zone and product names with accents turn into mojibake when the reader guesses another encoding.',
      example: 'UTF-8 names (“Düngung”) without a .cpg, read as ISO-8859-1: “DÃ¼ngung”.',
      useInstead: 'Add zones.cpg containing UTF-8.',
    },
  },
});
