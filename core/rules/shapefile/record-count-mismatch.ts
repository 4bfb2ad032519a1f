import { defineRule } from '../rule.ts';

/** Reported by the shapefile reader when .shp, .shx and .dbf disagree on the number of records. */
export const recordCountMismatch = defineRule({
  meta: {
    code: 'RXS004',
    name: 'record-count-mismatch',
    group: 'shapefile',
    severity: 'error',
    messages: {
      shx: 'The .shp has {shp} records, the .shx indexes {shx}',
      dbf: 'The .shp has {shp} records, the .dbf has {dbf}',
    },
    docs: {
      what: 'Reports a .shx or .dbf whose record count differs from the number of shapes in the .shp.',
      why: 'Shapes and attribute rows are matched by position. With different counts the rates land on the wrong zones, or some zones get no rate; it usually means the members come from different exports.',
      example: 'zones.shp with 12 shapes, zones.dbf with 11 rows (one zone deleted in one file only).',
      useInstead: 'Members written together by one export.',
    },
  },
});
