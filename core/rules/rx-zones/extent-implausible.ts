import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks when the zones do not look like one field. */
export const extentImplausible = defineRule({
  meta: {
    code: 'RXZ007',
    name: 'extent-implausible',
    group: 'rx-zones',
    severity: 'warning',
    messages: {
      apart:
        'The zones form {groups} separate groups up to {distance} km apart; a prescription covers one field',
      large: 'The zones span {width} × {height} km, larger than one field',
    },
    docs: {
      what: 'Warns when the zones form groups more than 2 km apart, or when they span more than 10 km in either direction.',
      why: 'The service takes one prescription per field. Zones scattered over several kilometres are several fields in one file, or some zones are misplaced (a wrong coordinate, a wrong CRS).',
      example: 'A prescription whose zones lie on two farms 15 km apart.',
      useInstead: 'One ZIP per field.',
    },
  },
});
