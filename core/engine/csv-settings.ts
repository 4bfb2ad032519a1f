/** The settings of CSV batches (core/csv, docs/csv-batches.md): the reader's choices can be forced, a mapping reused. */
import { parseCsvDecimalMark as parseDecimalMark, parseCsvDelimiter } from '../csv/csv-options.ts';
import { parseCsvEncoding } from '../csv/csv-encoding.ts';
import { parseCsvMapping } from '../csv/csv-mapping.ts';
import type { SettingSpec } from './settings.ts';

const CSV_KINDS = [
  'csv-fields',
  'csv-enrollments-by-program',
  'csv-enrollments-by-location',
  'csv-enrollment-changes',
  'csv-prescriptions',
  'csv-soil-tests',
];

export const csvSettingSpecs: readonly SettingSpec[] = [
  {
    name: 'encoding',
    type: 'string',
    description: 'the encoding of a CSV batch: utf-8, utf-16le, utf-16be or windows-1252 (default: guessed)',
    kinds: CSV_KINDS,
    check: (v) =>
      parseCsvEncoding(v)
        ? undefined
        : `"${v}" is not an encoding; use utf-8, utf-16le, utf-16be or windows-1252`,
  },
  {
    name: 'delimiter',
    type: 'string',
    description: 'the delimiter of a CSV batch: comma, semicolon, tab or pipe (default: guessed)',
    kinds: CSV_KINDS,
    check: (v) =>
      parseCsvDelimiter(v) ? undefined : `"${v}" is not a delimiter; use comma, semicolon, tab or pipe`,
  },
  {
    name: 'decimalMark',
    type: 'string',
    description:
      'the decimal mark of numbers (acres) in a CSV batch: comma or point (default: comma in a semicolon-delimited file, else point)',
    kinds: CSV_KINDS,
    check: (v) => (parseDecimalMark(v) ? undefined : `"${v}" is not a decimal mark; use comma or point`),
  },
  {
    name: 'mapping',
    type: 'string',
    description:
      'a column mapping as JSON, {"kind": …, "columns": {"boundary": "WKT"}, "values": {"clientName": "…"}} (the summary of a report holds the one used)',
    kinds: CSV_KINDS,
    check: (v) => {
      const m = parseCsvMapping(v);
      return typeof m === 'string' ? m : undefined;
    },
  },
];
