import { defineRule } from '../rule.ts';

/** Reported by the boundary imports (core/boundary/) when a file holds no field at all. */
export const noBoundaries = defineRule({
  meta: {
    code: 'IMP004',
    name: 'no-boundaries',
    group: 'boundary-import',
    severity: 'error',
    messages: {
      empty: 'The file has no {what}; there is nothing to convert',
      noShapefile: 'The ZIP holds no shapefile (.shp with its .dbf); entries: {entries}',
      incomplete: 'The shapefile {shp} has no {missing} in the ZIP',
    },
    docs: {
      what: 'Reports a boundary file with nothing to import: a FeatureCollection without features, a KML without placemarks, or a ZIP without a complete shapefile (.shp and .dbf; .shx is optional for reading).',
      why: 'An upload with no fields is a mistake worth stopping for, usually the wrong file or a failed export.',
      example: '{"type": "FeatureCollection", "features": []}',
      useInstead: 'The file with the field boundaries.',
    },
  },
});
