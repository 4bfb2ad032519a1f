import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts); fixed by rebuilding the ZIP. */
export const rxMemberBaseName = defineRule({
  meta: {
    code: 'RXA014',
    name: 'rx-member-base-name',
    group: 'rx-archive',
    severity: 'error',
    fixable: 'safe',
    messages: {
      mismatch: 'Member "{entry}" has the base name "{base}", but the .shp is "{expected}"',
    },
    docs: {
      what: 'Reports shapefile members whose base names differ (zones.shp with rates.dbf). Base names are compared exactly, so ZONES.dbf beside zones.shp is reported too.',
      why: 'A shapefile is the set of files sharing one base name; readers (and the service) look for zones.dbf next to zones.shp and do not find rates.dbf.',
      example: 'rx.zip: zones.shp, zones.shx, Rates.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf (the fix renames the members).',
    },
  },
});
