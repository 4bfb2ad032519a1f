/**
 * The CSV reader's choices as a user names them (`--setting delimiter=semicolon`, `decimalMark=comma`):
 * light, so the engine checks settings without loading the batch checks.
 */
import { CSV_DELIMITERS, type CsvDelimiter } from './csv-reader.ts';
import type { DecimalMark } from '../values/decimal-number.ts';

const DELIMITER_NAMES: Record<string, CsvDelimiter> = {
  ',': ',',
  comma: ',',
  ';': ';',
  semicolon: ';',
  '\t': '\t',
  tab: '\t',
  '\\t': '\t',
  '|': '|',
  pipe: '|',
};

const DECIMAL_MARKS: Record<string, DecimalMark> = { comma: ',', ',': ',', point: '.', '.': '.', dot: '.' };

/** A delimiter given by name (comma, semicolon, tab, pipe) or as itself; undefined when it is none. */
export function parseCsvDelimiter(name: string): CsvDelimiter | undefined {
  return (DELIMITER_NAMES[name.toLowerCase()] ??
    (CSV_DELIMITERS as readonly string[]).find((x) => x === name)) as CsvDelimiter | undefined;
}

/** A decimal mark given by name (comma, point) or as itself; undefined when it is none. */
export function parseCsvDecimalMark(name: string): DecimalMark | undefined {
  return DECIMAL_MARKS[name.trim().toLowerCase()];
}
