import { defineRule } from '../rule.ts';

/** Reported by the streaming Modus validator (core/modus). */
export const resultUnitNotAccepted = defineRule({
  meta: {
    code: 'MSV009',
    name: 'result-unit-not-accepted',
    group: 'modus-service',
    severity: 'error',
    fixable: 'safe',
    messages: {
      spelling: 'Unit "{value}" is written "{canonical}" by the service',
      unknown:
        'Unit "{value}" is not accepted by the service (accepted: percent, ppm, meq/100 g, cmol/kg, lb/ac)',
      unitless:
        'Unit "{value}" (no unit) is not in the service\'s list of units (percent, ppm, meq/100 g, cmol/kg, lb/ac)',
    },
    docs: {
      what: 'Reports a result ValueUnit outside the service\'s list: percent, ppm, meq/100 g, cmol/kg, lb/ac. Spellings with the same meaning ("%", "meq/100g", "mg/kg", "cmol(+)/kg", "PPM") get a safe fix; unitless results (pH, "none") are a warning because the list has no unitless unit; other units (dS/m, tons/ac) must be converted or left out.',
      why: 'The service refuses results in units it does not know, and it compares units literally.',
      example: '<ValueUnit>%</ValueUnit>',
      useInstead: '<ValueUnit>percent</ValueUnit>',
    },
  },
});
