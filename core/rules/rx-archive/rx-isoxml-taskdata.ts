import { defineRule } from '../rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts), in place of the missing members. */
export const rxIsoxmlTaskdata = defineRule({
  meta: {
    code: 'RXA019',
    name: 'rx-isoxml-taskdata',
    group: 'rx-archive',
    severity: 'error',
    messages: {
      taskdata:
        'This is an ISOXML TASKDATA archive ("{entry}"), not a shapefile prescription: the service takes a zipped shapefile (.shp, .shx, .dbf)',
    },
    docs: {
      what: 'Reports a ZIP that holds an ISOXML task set (ISO 11783-10: TASKDATA.XML, often with binary .BIN grids) and no shapefile, once, instead of one missing-member error per shapefile part.',
      why: 'Terminals and farm management software export prescriptions as ISOXML TASKDATA for the tractor. The service reads only shapefile prescriptions, so this archive would be refused, and three "no .shp/.shx/.dbf" errors would not say why.',
      example: 'rx.zip: TASKDATA/TASKDATA.XML, TASKDATA/GRD00001.BIN',
      useInstead:
        'Export the same prescription from the farm management software as a shapefile: rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj',
    },
  },
});
