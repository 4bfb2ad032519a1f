import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks when coordinates cannot be WGS 84 longitude/latitude. */
export const coordinatesNotDegrees = defineRule({
  meta: {
    code: 'RXZ008',
    name: 'coordinates-not-degrees',
    group: 'rx-zones',
    severity: 'error',
    messages: {
      outOfRange:
        'The coordinates reach {x}, {y}: outside longitude −180…180 / latitude −90…90, so they are not WGS 84 degrees{prj}',
    },
    docs: {
      what: 'Reports zones whose coordinates lie outside the longitude and latitude ranges although the .prj is missing or says WGS 84.',
      why: 'Projected coordinates (metres) read as degrees put the zones nowhere; usually the .prj was lost or replaced.',
      example: 'x = 372771, y = 6134140 with no .prj (SWEREF99 TM metres).',
      useInstead:
        'Zip the original .prj with the shapefile, then reproject to WGS 84 (fieldgate fix --unsafe).',
    },
  },
});
