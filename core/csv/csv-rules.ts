/**
 * The rules the CSV batch reader reports (group csv-batch): reading (encoding, quotes, ragged rows), the
 * header and its mapping, cells, file references and checks across rows. Defined beside the checks that
 * report them (csv-batch.ts, csv-cross-rows.ts); the registry (core/rules/registry.ts) gathers them. The
 * records a row becomes (fields, requests, files) are checked by the rules those already have.
 */

import { defineRule } from '../rules/rule.ts';

export const csvEncodingGuessed = defineRule({
  meta: {
    code: 'CSV001',
    name: 'csv-encoding-guessed',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'info',
    messages: {
      fallback: 'Read as Windows-1252: byte {byte} is not UTF-8',
      invalidLater: 'Line {line}: byte {byte} is not UTF-8; it was read as U+FFFD (�)',
      damagedCell:
        'Row {row}, {column}: "{value}" lost a character: byte {byte} is not UTF-8 and was read as U+FFFD (�)',
      replacementInCell:
        'Row {row}, {column}: "{value}" holds U+FFFD (�), a character lost before the file was read',
    },
    docs: {
      what: 'Says which encoding a CSV without a byte order mark was read in when it is not UTF-8 (Windows-1252, as spreadsheets on Windows save). Bytes that are not UTF-8 further into a file read as UTF-8 become U+FFFD: reported at their row and cell (and byte), an error in a column that is sent (a name that would reach the service damaged), a warning in an ignored column or the header. A U+FFFD already in the file is reported the same way.',
      why: 'Accented names come out wrong when the encoding is guessed wrong; the service expects UTF-8. Saying the guess lets the operator check it and force another with the encoding setting (--setting encoding=…)',
      example: 'A CSV saved by Excel as "CSV (Comma delimited)" with the farm "Gård Söder".',
      useInstead:
        'Save as "CSV UTF-8", or give the setting encoding=windows-1252 (--setting encoding=windows-1252) to confirm the guess.',
    },
  },
});

export const csvRaggedRow = defineRule({
  meta: {
    code: 'CSV002',
    name: 'csv-ragged-row',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'error',
    messages: {
      ragged: 'Row {row} has {found} {found:cell|cells}; the header has {expected}',
      unterminated:
        'Row {row}: a quote opened in column {column} is never closed; the rest of the file became one cell',
      delimiterRows:
        '{count} {count:line|lines} made only of delimiters {count:was|were} skipped, as blank lines are (the first is line {line})',
    },
    docs: {
      what: 'Reports a data row with more or fewer cells than the header and a quoted cell whose closing quote is missing, and notes lines made only of delimiters (`,,,,,,` or `;;;;;`, which spreadsheets leave below the data), skipped as blank lines are.',
      why: 'A cell too many or too few shifts every value after it into the wrong column: a farm name read as a boundary, an id as a status.',
      example: 'Smith,Home,North 40,"POLYGON ((…))",80,survey,jsmith,extra',
      useInstead: 'Quote cells that contain the delimiter; one cell per header column.',
    },
  },
});

export const csvColumns = defineRule({
  meta: {
    code: 'CSV003',
    name: 'csv-columns',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'error',
    messages: {
      missing: 'Column {column} is missing: {kind} needs it',
      extra: 'Column "{header}" is not a column of {kind}; its values are ignored',
      repeated: 'Columns "{header}" and "{first}" both map to {column}; the first is used',
      mapped: 'Column "{header}" is read as {column}',
    },
    docs: {
      what: 'Reports required columns the header lacks, columns that map to nothing, two columns mapped to one, and (as notes) headers read through a synonym or a saved mapping.',
      why: 'A missing column means every row lacks a required value; an unknown column is usually a typo of a needed one.',
      example: 'Client,Farm,Field Name,WKT,Area',
      useInstead: 'clientName,farmName,name,boundary,acres (fieldgate template csv-fields).',
    },
  },
});

export const csvHeader = defineRule({
  meta: {
    code: 'CSV004',
    name: 'csv-header',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'error',
    messages: {
      unknown: 'No header of a CSV batch kind found in the first rows; read as {kind}',
      empty: 'The file holds no rows',
      noData: 'The header is there but no data row follows',
      titleRow: 'Line {line} above the header is not a header; it was skipped as a title row',
      mapping: 'The mapping is not usable: {detail}',
    },
    docs: {
      what: 'Reports a CSV whose header names no batch kind, an empty file, a header without data, a mapping that cannot be used, and (as a note) title rows skipped above the header.',
      why: 'Without a header Fieldgate cannot tell which value is which; a mapping naming columns the file lacks maps nothing.',
      example: 'A sheet that starts with the data, or with "Fields for spring 2026" on line 1.',
      useInstead: 'A first row of column names, e.g. from fieldgate template csv-fields.',
    },
  },
});

export const csvCellWhitespace = defineRule({
  meta: {
    code: 'CSV005',
    name: 'csv-cell-whitespace',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'warning',
    fixable: 'safe',
    messages: {
      spaces: 'Row {row}, {column}: "{value}" has spaces around it',
    },
    docs: {
      what: 'Reports cells with spaces, tabs or no-break spaces before or after the value.',
      why: 'Names with trailing spaces look equal but are different fields to the service; ids with spaces are not ids.',
      example: 'Smith Farms ,Home,North 40',
      useInstead: 'Smith Farms,Home,North 40',
    },
  },
});

export const csvCellValue = defineRule({
  meta: {
    code: 'CSV006',
    name: 'csv-cell-value',
    group: 'csv-batch',
    decidedIn: ['core/csv/csv-enrollments.ts', 'core/csv/csv-batch.ts'],
    severity: 'error',
    fixable: 'safe',
    messages: {
      choice: 'Row {row}, {column}: "{value}" is not one of {choices}',
      missing: 'Row {row}: {column} is empty',
    },
    docs: {
      what: 'Reports cells of a batch that must hold one of a few words (enrollmentType, action) and required cells left empty.',
      why: 'The row cannot be turned into a request without them.',
      example: 'enrollmentType "prgram", action "delete"',
      useInstead: 'enrollmentType program or location; action update or remove.',
    },
  },
});

export const csvFileReference = defineRule({
  meta: {
    code: 'CSV007',
    name: 'csv-file-reference',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'error',
    messages: {
      notFound: 'Row {row}: file "{path}" was not found next to the CSV',
      unreadable: 'Row {row}: file "{path}" cannot be read here (no folder to read it from)',
      absolute: 'Row {row}: file "{path}" must be relative to the CSV',
      problems: 'Row {row}: file "{path}" has {errors} {errors:error|errors} as {kind}: {first}',
    },
    docs: {
      what: "Checks that each file a prescription or soil test row names exists relative to the CSV, and reports its own validator's errors at the row.",
      why: 'The batch is sent file by file; a missing or broken file fails its row at submit time.',
      example: 'file = rx/north-40.zip when rx/ holds north_40.zip',
      useInstead: 'A path relative to the CSV, with / as separator, to an existing file.',
    },
  },
});

export const csvDuplicateRow = defineRule({
  meta: {
    code: 'CSV008',
    name: 'csv-duplicate-row',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-cross-rows.ts',
    severity: 'warning',
    messages: {
      duplicate: 'Row {row} repeats row {firstRow}',
    },
    docs: {
      what: "Reports a data row whose cells are the same as an earlier row's (ignoring case and surrounding spaces).",
      why: 'A repeated row sends the same request or upload twice.',
      example: 'The same enrollment pasted twice at the end of the sheet.',
      useInstead: 'Delete the repeated row.',
    },
  },
});

export const csvEnrolledTwice = defineRule({
  meta: {
    code: 'CSV009',
    name: 'csv-location-enrolled-twice',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-cross-rows.ts',
    severity: 'error',
    messages: {
      twice:
        'Row {row} enrolls location {locationId} in experiment {experiment} for the same temporal entity as row {firstRow}',
    },
    docs: {
      what: 'Reports two rows that enroll one location in one experiment for one temporal entity.',
      why: 'The second create either fails or creates a duplicate enrollment the grower sees twice.',
      example: 'Two rows with the same experimentEnrollmentId, locationId and startId/endId.',
      useInstead: 'One row per location, experiment and season.',
    },
  },
});

export const csvFieldsOverlap = defineRule({
  meta: {
    code: 'CSV010',
    name: 'csv-fields-overlap',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-cross-rows.ts',
    severity: 'warning',
    messages: {
      overlap: 'Field "{name}" (row {row}) overlaps field "{otherName}" (row {otherRow}) of the same farm',
      limited: 'Overlaps were checked among the last {limit} {limit:field|fields} of each farm only',
    },
    docs: {
      what: 'Reports two fields of one client and farm whose boundaries overlap (sharing an edge is fine).',
      why: 'Overlapping fields of one farm double-count acres and usually mean one boundary was drawn twice or the wrong boundary was pasted.',
      example: 'North 40 and North 40 East drawn over each other.',
      useInstead: 'Boundaries that meet at their edges.',
    },
  },
});

export const csvConflictingChanges = defineRule({
  meta: {
    code: 'CSV011',
    name: 'csv-conflicting-changes',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-cross-rows.ts',
    severity: 'error',
    messages: {
      conflict: 'Row {row} changes enrollment {enrollmentId} again (first in row {firstRow}): {detail}',
    },
    docs: {
      what: 'Reports two rows that change one enrollment in ways that contradict each other: two different updates, an update after a removal, a removal twice.',
      why: 'The batch sends rows in order, so the outcome depends on the order and the later request fails or undoes the earlier.',
      example: 'Row 2 updates enrollment X to program A, row 5 updates X to program B.',
      useInstead: 'One row per enrollment.',
    },
  },
});

export const csvNumber = defineRule({
  meta: {
    code: 'CSV012',
    name: 'csv-number-two-ways',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-batch.ts',
    severity: 'warning',
    fixable: 'safe',
    messages: {
      twoWays:
        'Row {row}, {column}: "{value}" was read as {chosen} ({how}): {basis}; with {otherHow} it would be {other}',
    },
    docs: {
      what: 'Numbers (acres) are read by the file\'s decimal mark: a comma in a semicolon-delimited file (what Excel writes in most of Europe) or with --setting decimalMark=comma, else a point; thousands are separated only in groups of three, so "227,28" and "227,4" are always decimals. This rule says which reading was taken for a value that still reads two ways ("1.234" in a decimal-comma file: 1234, or 1.234 typed with a point): the one nearer the boundary\'s own area (a note when it agrees with it, a warning when neither does; the file\'s convention when the area is not known). The fix writes the value so that it reads one way only.',
      why: 'Reading 1.234 acres as 1234 makes a field a thousand times too big; the upload would carry it as given.',
      example: 'acres "1.234" in a file delimited by ";" whose boundary has 1.23 acres',
      useInstead: '"1,234" in a decimal-comma file for 1.234 acres, or "1234" for 1,234 acres',
    },
  },
});

export const csvBatchRules = [
  csvEncodingGuessed,
  csvRaggedRow,
  csvColumns,
  csvHeader,
  csvCellWhitespace,
  csvCellValue,
  csvFileReference,
  csvDuplicateRow,
  csvEnrolledTwice,
  csvFieldsOverlap,
  csvConflictingChanges,
  csvNumber,
] as const;
