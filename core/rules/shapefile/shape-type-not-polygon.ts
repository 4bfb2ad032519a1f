import { defineRule } from '../rule.ts';

/** Reported by the prescription checks from the .shp header's shape type. */
export const shapeTypeNotPolygon = defineRule({
  meta: {
    code: 'RXS002',
    name: 'shape-type-not-polygon',
    group: 'shapefile',
    severity: 'error',
    messages: {
      notPolygon: 'The shapefile holds {type} geometry; a prescription needs Polygon zones',
    },
    docs: {
      what: 'Reports a shapefile whose header shape type is not a polygon type (Point, MultiPoint, PolyLine, MultiPatch or Null).',
      why: 'The service accepts Polygon and MultiPolygon zones only: a rate must apply to an area. Points (soil sample locations, as-applied logs) and lines are other kinds of data.',
      example: 'A shapefile of grid soil-sample points (shape type 1, Point).',
      useInstead: 'The zone polygons that carry the rates (shape type 5, Polygon).',
    },
  },
});
