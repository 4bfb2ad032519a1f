import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const xmlKeyDuplicate = defineRule({
  meta: {
    code: 'MOD014',
    name: 'xml-key-duplicate',
    group: 'modus-schema',
    severity: 'error',
    messages: {
      duplicate: '{what} "{value}" is used twice in <{parent}> (first on line {line})',
    },
    docs: {
      what: 'Reports values the schema requires to be unique within their parent: DepthRef DepthID, TestPackageRef TestPackageID, Report ReportID, recommendation RecID and DisplayOrder, nematode ModusTestID and life stage, and similar keys.',
      why: 'References such as Depth@DepthID must point at exactly one definition; a duplicated key makes them ambiguous.',
      example: '<DepthRef DepthID="1">…</DepthRef><DepthRef DepthID="1">…</DepthRef>',
      useInstead: '<DepthRef DepthID="1">…</DepthRef><DepthRef DepthID="2">…</DepthRef>',
    },
  },
});
