import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks for each zone without a rate. */
export const rateEmpty = defineRule({
  meta: {
    code: 'RXZ005',
    name: 'rate-empty',
    group: 'rx-zones',
    severity: 'error',
    messages: {
      empty: 'Zone {record} has no rate (the {column} value is empty)',
      more: '{count} more zones have no rate',
    },
    docs: {
      what: 'Reports zones whose rate value is empty (blank or NULL in the .dbf).',
      why: 'A zone without a rate is refused by the service or applied at some default nobody chose.',
      example: 'A zone added in the GIS whose RATE cell was left blank.',
      useInstead: 'Give every zone a rate; 0 for zones that get nothing.',
    },
  },
});
