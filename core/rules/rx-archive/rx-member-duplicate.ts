import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxMemberDuplicate = defineRule({
  meta: {
    code: 'RXA013',
    name: 'rx-member-duplicate',
    group: 'rx-archive',
    severity: 'error',
    messages: {
      duplicate: 'The archive has {count} .{extension} files ({names}); a prescription holds exactly one',
    },
    docs: {
      what: 'Reports more than one .shp, .shx, .dbf, .prj or .cpg file in a prescription ZIP.',
      why: 'The service takes one prescription per ZIP and one prescription per field; with two shapefiles it cannot know which to import.',
      example: 'rx.zip: north.shp, north.shx, north.dbf, south.shp, south.shx, south.dbf',
      useInstead: 'One ZIP per prescription.',
    },
  },
});
