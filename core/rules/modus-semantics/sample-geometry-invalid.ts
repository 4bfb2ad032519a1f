import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const sampleGeometryInvalid = defineRule({
  meta: {
    code: 'MSE009',
    name: 'sample-geometry-invalid',
    group: 'modus-semantics',
    severity: 'error',
    messages: {
      syntax: 'Geometry "{value}" is not valid WKT: {detail}',
      range: 'Geometry "{value}": {detail}',
    },
    docs: {
      what: 'Reports a sample Geometry that is not well-formed WKT, or whose coordinates are not longitude/latitude in WGS 84 range (longitude −180…180, latitude −90…90).',
      why: 'Sample locations are placed on the map by their WKT; a broken or out-of-range point puts the sample nowhere (or in the ocean when longitude and latitude are swapped).',
      example: '<Geometry>POINT (44.206 -88.036)</Geometry>',
      useInstead: '<Geometry>POINT (-88.036 44.206)</Geometry>',
    },
  },
});
