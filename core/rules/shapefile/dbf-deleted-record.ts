import { defineRule } from '../rule.ts';

/** Reported by the DBF reader for rows flagged as deleted. */
export const dbfDeletedRecord = defineRule({
  meta: {
    code: 'RXS012',
    name: 'dbf-deleted-record',
    group: 'shapefile',
    severity: 'warning',
    messages: {
      deleted: 'Record {record} is marked as deleted in the .dbf, but its shape is still in the .shp',
      flag: 'Record {record} has the unknown deletion flag 0x{value}',
      more: '{count} more records are marked as deleted',
    },
    docs: {
      what: 'Reports DBF rows flagged as deleted (“*”) while their shapes remain, and rows whose flag byte is neither a space nor “*”.',
      why: 'Readers disagree on deleted rows: some skip them (shifting every following rate onto the wrong zone), others read them. The zone’s fate at the service is unknown.',
      example: 'A zone deleted in an old dBASE tool without packing the table.',
      useInstead: 'Delete the zone in a GIS, which removes the shape and the row together.',
    },
  },
});
