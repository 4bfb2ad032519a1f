import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks for each zone whose rate is not a non-negative number. */
export const rateInvalid = defineRule({
  meta: {
    code: 'RXZ004',
    name: 'rate-invalid',
    group: 'rx-zones',
    severity: 'error',
    messages: {
      negative: 'Zone {record}: the rate {value} is negative',
      notFinite: 'Zone {record}: the rate is {value}, not a finite number',
      notNumber: 'Zone {record}: the rate "{value}" is not a number',
      more: '{count} more zones have an invalid rate',
    },
    docs: {
      what: 'Reports rates that are negative, not finite (NaN, Infinity) or not numbers at all.',
      why: 'The service requires each zone’s rate to be a non-negative real number; a negative rate is usually a no-data marker (-9999) that must not reach a controller.',
      example: 'RATE = -9999 for zones outside the application area.',
      useInstead: 'RATE = 0 for zones that get nothing, or remove those zones.',
    },
  },
});
