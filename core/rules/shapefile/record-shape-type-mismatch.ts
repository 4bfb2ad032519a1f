import { defineRule } from '../rule.ts';

/** Reported by the shapefile reader for records whose shape type differs from the header's. */
export const recordShapeTypeMismatch = defineRule({
  meta: {
    code: 'RXS008',
    name: 'record-shape-type-mismatch',
    group: 'shapefile',
    severity: 'error',
    messages: {
      mismatch: 'Record {record} is a {type}, but the file header declares {header}',
      more: '{count} more records have a shape type other than the header’s',
    },
    docs: {
      what: 'Reports records whose shape type is neither the header’s type nor Null.',
      why: 'A shapefile holds one geometry type; readers decode every record with the header’s type, so a mixed record is read as garbage.',
      example: 'A Polygon shapefile with a Point record.',
      useInstead: 'One geometry type per shapefile.',
    },
  },
});
