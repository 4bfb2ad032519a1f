import { defineRule } from '../rule.ts';

/** Reported by the DBF reader for values that do not fit their field type. */
export const dbfValueInvalid = defineRule({
  meta: {
    code: 'RXS011',
    name: 'dbf-value-invalid',
    group: 'shapefile',
    severity: 'warning',
    messages: {
      number: 'Record {record}, field {field}: "{value}" is not a number',
      date: 'Record {record}, field {field}: "{value}" is not a date (YYYYMMDD)',
      logical: 'Record {record}, field {field}: "{value}" is not a logical value (T/F/Y/N/?)',
      more: '{count} more values do not fit their field type',
    },
    docs: {
      what: 'Reports DBF values that do not match their field type: numeric fields with text, dates that are not YYYYMMDD, logical fields with other letters. They are read as empty.',
      why: 'Other readers read such values as empty or zero; in the rate column that silently changes the prescription.',
      example: 'RATE (N 10.2) holding "12,5" with a decimal comma.',
      useInstead: '12.5',
    },
  },
});
