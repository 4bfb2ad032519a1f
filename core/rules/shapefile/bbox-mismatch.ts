import { defineRule } from '../rule.ts';

/** Reported by the shapefile reader when stored bounding boxes do not match the coordinates. */
export const bboxMismatch = defineRule({
  meta: {
    code: 'RXS006',
    name: 'bbox-mismatch',
    group: 'shapefile',
    severity: 'error',
    messages: {
      record: 'Record {record}: its bounding box {stored} does not contain all its points ({actual})',
      recordLoose: 'Record {record}: its bounding box {stored} is larger than its points ({actual})',
      header: 'The {file} header’s bounding box {stored} does not contain all records ({actual})',
      headerLoose: 'The {file} header’s bounding box {stored} is larger than the records ({actual})',
      more: '{count} more records have a wrong bounding box',
    },
    docs: {
      what: 'Reports record and header bounding boxes that are not the extent of the coordinates: an error when points lie outside the box, a warning when the box is merely larger.',
      why: 'Readers use the boxes to skip records and to zoom: a box that misses points hides zones from spatial queries and map previews.',
      example: 'A .shp whose coordinates were edited by a script that did not update the boxes.',
      useInstead: 'Boxes recomputed by the writer (export the shapefile again).',
    },
  },
});
