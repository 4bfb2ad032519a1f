import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxPrjMissing = defineRule({
  meta: {
    code: 'RXA016',
    name: 'rx-prj-missing',
    group: 'rx-archive',
    severity: 'warning',
    messages: {
      missing: 'The archive has no .prj file: the coordinate system is not stated',
    },
    docs: {
      what: 'Reports a prescription ZIP without a .prj file.',
      why: 'The service assumes WGS 84 (EPSG:4326). Without a .prj nobody can tell whether the coordinates are degrees in WGS 84 or something else; if they are not, the zones land in the wrong place.',
      example: 'rx.zip: zones.shp, zones.shx, zones.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj (GEOGCS["GCS_WGS_1984", …])',
    },
  },
});
