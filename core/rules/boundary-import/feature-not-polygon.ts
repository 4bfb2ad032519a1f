import { defineRule } from '../rule.ts';

/** Reported by the boundary imports (core/boundary/) for each feature that has no polygon. */
export const featureNotPolygon = defineRule({
  meta: {
    code: 'IMP003',
    name: 'feature-not-polygon',
    group: 'boundary-import',
    severity: 'error',
    messages: {
      notPolygon: '{feature} has a {type} geometry; a field boundary must be a Polygon or MultiPolygon',
      noGeometry: '{feature} has no geometry',
    },
    docs: {
      what: 'Reports a feature, placemark or shapefile record whose geometry is not a polygon (a point, a line, null or empty). It is not converted, and the conversion writes nothing unless told to skip such features.',
      why: 'The service accepts only Polygon and MultiPolygon boundaries; a field without one cannot be uploaded.',
      example: '{"type": "Feature", "geometry": {"type": "LineString", …}}',
      useInstead: '{"type": "Feature", "geometry": {"type": "Polygon", …}}',
    },
  },
});
