import { defineRule } from '../rule.ts';

/** Reported by the prescription zone checks when no rate column can be chosen. */
export const rateColumnMissing = defineRule({
  meta: {
    code: 'RXZ003',
    name: 'rate-column-missing',
    group: 'rx-zones',
    severity: 'error',
    messages: {
      setting: 'settings.rateColumn names "{column}", but the .dbf has no such column (it has {columns})',
      none: 'No rate column: no column is named like a rate, and no column but identifiers is numeric (columns: {columns})',
      ambiguous:
        'No rate column: no column is named like a rate, and there are {count} numeric columns ({columns})',
    },
    docs: {
      what: 'Reports a .dbf in which no column can be taken as the rate: none has a rate-like name and there is not exactly one numeric column, or the configured column does not exist.',
      why: 'Each zone needs a rate; guessing between several numeric columns could send the wrong quantities to the applicator.',
      example: 'Columns zone_no (N), area_ha (N), seed_kg (N).',
      useInstead: 'Rename the rate column to RATE, or set settings.rateColumn to "seed_kg".',
    },
  },
});
