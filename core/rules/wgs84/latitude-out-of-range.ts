import { defineRule } from '../rule.ts';

/** Reported by the boundary pipeline (core/boundary/check-wgs84.ts), once per ring, at its first bad point. */
export const latitudeOutOfRange = defineRule({
  meta: {
    code: 'WGS002',
    name: 'latitude-out-of-range',
    group: 'wgs84',
    severity: 'error',
    messages: {
      outside:
        'Latitude {value} is outside [-90, 90] ({count} of {total} points of polygon {polygon}, ring {ring})',
    },
    docs: {
      what: 'Reports a ring whose points have a y (latitude) outside -90…90 degrees, at the first such point, with how many points of the ring are affected. When the whole boundary looks like swapped axes or projected coordinates, WGS003 or WGS004 reports it instead.',
      why: 'A latitude beyond ±90 does not exist; the service cannot place the field.',
      example: 'POLYGON ((-103.27 95.85, -103.27 35.86, -103.28 35.86, -103.27 95.85))',
      useInstead: 'POLYGON ((-103.27 35.85, -103.27 35.86, -103.28 35.86, -103.27 35.85))',
    },
  },
});
