import { defineRule } from '../rule.ts';

/** Reported by the prescription checks from the .shp header's shape type. */
export const shapeTypeZM = defineRule({
  meta: {
    code: 'RXS003',
    name: 'shape-type-z-m',
    group: 'shapefile',
    severity: 'warning',
    messages: {
      zm: 'The shapefile is {type}: it carries {what} values a prescription does not use',
    },
    docs: {
      what: 'Reports polygons stored as PolygonZ (15) or PolygonM (25) instead of plain Polygon (5).',
      why: 'The service’s format names Polygon and MultiPolygon; some importers refuse the Z and M variants, and the elevation or measure values have no meaning for a rate map.',
      example: 'Zones exported from a 3-D layer as PolygonZ.',
      useInstead: 'Export as a 2-D Polygon shapefile (for example ogr2ogr -dim XY).',
    },
  },
});
