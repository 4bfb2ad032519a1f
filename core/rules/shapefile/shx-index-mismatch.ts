import { defineRule } from '../rule.ts';

/** Reported by the shapefile reader when a .shx entry does not point at its .shp record. */
export const shxIndexMismatch = defineRule({
  meta: {
    code: 'RXS005',
    name: 'shx-index-mismatch',
    group: 'shapefile',
    severity: 'error',
    messages: {
      offset:
        'The .shx says record {record} is at byte {indexed} with {indexedLength} bytes; in the .shp it is at byte {actual} with {actualLength} bytes',
      size: 'The .shx is {size} bytes long: not a 100-byte header plus 8 bytes per record',
      more: '{count} more records have the same .shx mismatch',
    },
    docs: {
      what: 'Reports .shx index entries whose offset or content length differ from where the record really is in the .shp, and a .shx whose size is not 100 + 8 × records.',
      why: 'Most readers (including GDAL, which the service is likely to use) find records through the .shx; a wrong offset reads garbage or the wrong zone.',
      example: 'A .shx left over from an earlier version of the .shp.',
      useInstead: 'The .shx written together with the .shp.',
    },
  },
});
