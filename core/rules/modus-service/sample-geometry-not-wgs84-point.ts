import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const sampleGeometryNotWgs84Point = defineRule({
  meta: {
    code: 'MSV008',
    name: 'sample-geometry-not-wgs84-point',
    group: 'modus-service',
    severity: 'error',
    messages: {
      notPoint: 'Geometry is a {type}; the service accepts a single POINT',
      epsg: 'Geometry has epsg="{epsg}"; the service accepts WGS 84 (EPSG:4326) coordinates only',
    },
    docs: {
      what: 'Reports a sample Geometry that is not a single POINT, or that declares a coordinate system other than WGS 84 (epsg="4326", the default).',
      why: 'The service places each sample at one WGS 84 longitude/latitude point.',
      example: '<Geometry epsg="26916">POINT (512000 4894000)</Geometry>',
      useInstead: '<Geometry>POINT (-88.0367 44.2063)</Geometry>',
    },
  },
});
