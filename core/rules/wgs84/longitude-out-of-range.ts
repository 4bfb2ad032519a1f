import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts), once per ring, at its first bad point. */
export const longitudeOutOfRange = defineRule({
  meta: {
    code: 'WGS001',
    name: 'longitude-out-of-range',
    group: 'wgs84',
    severity: 'error',
    messages: {
      outside:
        'Longitude {value} is outside [-180, 180] ({count} of {total} points of polygon {polygon}, ring {ring})',
    },
    docs: {
      what: 'Reports a ring whose points have an x (longitude) outside -180…180 degrees, at the first such point, with how many points of the ring are affected.',
      why: 'Field boundaries go to the service as WGS 84 longitude/latitude; a longitude beyond ±180 is a typo, a sign error or an unwrapped longitude, and the field lands nowhere.',
      example: 'POLYGON ((-193.27 35.85, -103.27 35.86, -103.28 35.86, -193.27 35.85))',
      useInstead: 'POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    },
  },
});
