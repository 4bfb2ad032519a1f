import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks: which column was taken as the rate. */
export const rateColumn = defineRule({
  meta: {
    code: 'RXZ002',
    name: 'rate-column',
    group: 'rx-zones',
    severity: 'info',
    messages: {
      setting: 'Rates are read from the column "{column}" (set by settings.rateColumn)',
      byName: 'Rates are read from the column "{column}", found by its name{others}',
      onlyNumeric: 'Rates are read from the column "{column}", the only numeric column{others}',
      text: 'The rate column "{column}" is a text field ({type}); the service expects numbers',
    },
    docs: {
      what: 'States which DBF column is read as the rate: the one named by settings.rateColumn, else the first column named like a rate (rate, Rx, Target, DOSE …, any case), else the only numeric column that is not an identifier (id, fid, objectid, zone_id, …). Warns when that column is a text field.',
      why: 'The service takes the rate from the attribute table; saying which column was used makes a wrong guess visible before the prescription reaches the cab.',
      example: 'Columns id (N), DOSE (N): DOSE is used.',
      useInstead: 'Name the rate column RATE, or set settings.rateColumn.',
    },
  },
});
