import { defineRule } from '../rule.ts';

/** Reported by the GeoJSON boundary import (core/boundary/import-geojson.ts). */
export const geojsonStructure = defineRule({
  meta: {
    code: 'IMP001',
    name: 'geojson-structure',
    group: 'boundary-import',
    severity: 'error',
    messages: {
      notGeoJson: 'Not GeoJSON: {detail}',
      badMember: 'Invalid GeoJSON {member}: {detail}',
      badCoordinates: 'Invalid coordinates: {detail}',
    },
    docs: {
      what: 'Reports GeoJSON that cannot be turned into field boundaries: a top level that is not a FeatureCollection, Feature, Polygon or MultiPolygon, a "features" that is not an array, a feature without "geometry", or coordinates that are not arrays of [x, y] numbers. The location is the JSON path and character range.',
      why: 'The import must know which features are fields and where their rings are; anything it skipped silently would be a field missing from the upload.',
      example: '{"type": "FeatureCollection", "features": {"type": "Feature"}}',
      useInstead:
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {…}, "geometry": {…}}]}',
    },
  },
});
