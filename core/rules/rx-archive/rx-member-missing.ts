import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxMemberMissing = defineRule({
  meta: {
    code: 'RXA012',
    name: 'rx-member-missing',
    group: 'rx-archive',
    severity: 'error',
    messages: {
      missing: 'The archive has no .{extension} file{context}',
    },
    docs: {
      what: 'Reports a prescription ZIP without a .shp, .shx or .dbf file.',
      why: 'The service’s prescription format is one shapefile: geometry (.shp), index (.shx) and attributes with the rates (.dbf). Without any one of them the import fails.',
      example: 'rx.zip: zones.shp, zones.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj',
    },
  },
});
