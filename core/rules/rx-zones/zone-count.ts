import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks (core/rx/check-zones.ts). */
export const zoneCount = defineRule({
  meta: {
    code: 'RXZ001',
    name: 'zone-count',
    group: 'rx-zones',
    severity: 'error',
    messages: {
      tooMany: 'The prescription has {count} zones; the service accepts at most {limit}',
      none: 'The prescription has no zones',
    },
    docs: {
      what: 'Reports a prescription with more than 100 zones (records), or with none.',
      why: 'The service’s prescription format allows at most 100 zones; larger files are refused. Trial designs and fine grids easily exceed it.',
      example: 'A trial design with 609 plots, each its own zone.',
      useInstead:
        'Dissolve neighbouring zones with the same rate (one multipolygon per rate), or use a coarser grid, so that at most 100 records remain.',
    },
  },
});
