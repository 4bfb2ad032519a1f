import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts); fixed by rebuilding the ZIP. */
export const rxMemberFolder = defineRule({
  meta: {
    code: 'RXA015',
    name: 'rx-member-folder',
    group: 'rx-archive',
    severity: 'warning',
    fixable: 'safe',
    messages: {
      folder: 'The shapefile is in the folder "{folder}" inside the archive, not at the top level',
      deep: 'The shapefile is {depth} folders deep ("{folder}"); the service looks at the top level or one folder at most',
      split: 'The shapefile members are in different folders ({folders})',
    },
    docs: {
      what: 'Reports shapefile members inside a folder of the ZIP (a warning for one folder, an error deeper down or when the members are in different folders).',
      why: 'Zipping a folder instead of its files puts the members one level down; some importers only look at the top level.',
      example: 'rx.zip: zones/zones.shp, zones/zones.shx, zones/zones.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf (the fix lifts the members out of the folder).',
    },
  },
});
