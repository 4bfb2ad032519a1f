import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlDoctype = defineRule({
  meta: {
    code: 'MOD002',
    name: 'xml-doctype',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      entities: 'The DOCTYPE is rejected: {detail}',
      ignored: 'The DOCTYPE is ignored: {detail}',
    },
    docs: {
      what: 'Rejects a DOCTYPE that declares entities or uses parameter entities, at the declaration, without expanding anything; warns that any other DOCTYPE is skipped, never processed (no external DTD is fetched).',
      why: 'Entity declarations are how "billion laughs" (exponential expansion) and XXE (reading local files or URLs) attacks work. Modus needs no DTD, so Fieldgate never processes one, and a file that depends on its entities cannot be read as intended.',
      example: '<!DOCTYPE ModusResult [<!ENTITY lab "A &amp; L">]>',
      useInstead: '(no DOCTYPE)',
    },
  },
});
