import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxExtraFiles = defineRule({
  meta: {
    code: 'RXA018',
    name: 'rx-extra-files',
    group: 'rx-archive',
    severity: 'info',
    messages: {
      extra: 'The archive also holds {count} file(s) the prescription does not use: {names}',
    },
    docs: {
      what: 'Lists the entries besides the shapefile members (.shp, .shx, .dbf, .prj, .cpg), such as .qmd, .sbn, .xml or __MACOSX files.',
      why: 'They are ignored by the service but make the upload larger; a stray file can also be the sign that the wrong folder was zipped.',
      example: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj, zones.shp.xml, __MACOSX/._zones.shp',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj',
    },
  },
});
