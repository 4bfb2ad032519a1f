/**
 * The rules the CSV batch reader reports (group csv-batch): reading (encoding, quotes, ragged rows), the
 * header and its mapping, cells, file references and checks across rows. Each carries its check, a visitor
 * over the batch's stage results (csv-stages.ts): the batch finds the facts in one pass (csv-batch.ts, with
 * csv-enrollments.ts for requests, and csv-cross-rows.ts for what rows share), the rule decides here what is
 * a problem and what it says. The registry (core/rules/registry.ts) gathers them. The records a row becomes (fields, requests, files)
 * are checked by the rules those already have.
 */

import { defineRule, type Rule } from '../rules/rule.ts';
import type { TextRange } from '../diagnostics/diagnostic.ts';
import type { CrossRowStage, CsvStage } from './csv-stages.ts';
import type { BatchKind } from './batch-kinds.ts';

/** Text a POSIX shell reads as one word, as written: in single quotes (a quote inside closed and escaped). */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const LOST_CHARACTER_HINT =
  'Save the sheet as CSV UTF-8 and check this value, or read the file as Windows-1252 (setting encoding=windows-1252; --encoding windows-1252) if that is what it was saved as.';

export const csvEncodingGuessed = defineRule({
  meta: {
    code: 'CSV001',
    name: 'csv-encoding-guessed',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
    severity: 'info',
    messages: {
      fallback: 'Read as Windows-1252: the byte at offset {byte} is not UTF-8',
      invalidLater: 'Line {line}: the byte at offset {byte} is not UTF-8; it was read as U+FFFD (�)',
      damagedCell:
        'Row {row}, {column}: "{value}" lost a character: the byte at offset {byte} is not UTF-8 and was read as U+FFFD (�)',
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
  check(stage: CsvStage, context) {
    if (stage.stage === 'encoding') {
      const { encoding } = stage;
      if (encoding.reason !== 'fallback') return;
      context.report({
        messageId: 'fallback',
        data: { byte: encoding.invalidAt ?? 0 },
        location: encoding.invalidRange ? { range: encoding.invalidRange } : {},
        hint: 'If names look wrong, save the sheet as CSV UTF-8, or force the encoding with the setting encoding=utf-8 (--setting encoding=utf-8).',
      });
      return;
    }
    if (stage.stage !== 'lostCharacter') return;
    const { row, byte, range } = stage;
    if (row === undefined) {
      // The header or a title row above it: the column names, not data; a U+FFFD already there is left be.
      if (byte !== undefined)
        context.report({
          messageId: 'invalidLater',
          severity: 'warning',
          data: { line: range.start.line, byte },
          location: { range },
          hint: LOST_CHARACTER_HINT,
        });
      return;
    }
    const data = { row, column: stage.name, value: stage.excerpt };
    context.report({
      messageId: byte !== undefined ? 'damagedCell' : 'replacementInCell',
      // A value that goes to the service with a lost character is an error; an ignored column's is not.
      severity: stage.column === undefined ? 'warning' : 'error',
      data: byte !== undefined ? { ...data, byte } : data,
      location: { row, field: stage.name, range },
      hint: LOST_CHARACTER_HINT,
    });
  },
});

export const csvRaggedRow = defineRule({
  meta: {
    code: 'CSV002',
    name: 'csv-ragged-row',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
    severity: 'error',
    messages: {
      ragged: 'Row {row} has {found} {found:cell|cells}; the header has {expected}',
      unterminated:
        'Row {row}: a quote opened in column {column} is never closed; the rest of the file became one cell',
      delimiterRows:
        '{count} {count:line|lines} made only of delimiters {count:was|were} skipped, as blank lines are (the first is line {line})',
    },
    docs: {
      what: 'Reports a data row with more or fewer cells than the header (naming a quote that ends its quoted text before the cell does, the usual cause of cells too many) and a quoted cell whose closing quote is missing, and notes lines made only of delimiters (`,,,,,,` or `;;;;;`, which spreadsheets leave below the data), skipped as blank lines are.',
      why: 'A cell too many or too few shifts every value after it into the wrong column: a farm name read as a boundary, an id as a status.',
      example: 'Smith,Home,North 40,"POLYGON ((…))",80,survey,jsmith,extra',
      useInstead: 'Quote cells that contain the delimiter; one cell per header column.',
    },
  },
  check(stage: CsvStage, context) {
    if (stage.stage === 'delimiterRows') {
      const { count, first } = stage.skipped;
      if (count === 0 || !first) return;
      const { start, end, line, column } = first;
      context.report({
        messageId: 'delimiterRows',
        severity: 'info',
        data: { count, line },
        location: {
          range: {
            start: { offset: start, line, column },
            end: { offset: end, line, column: column + end - start },
          },
        },
        hint: 'Nothing to do: they are not rows of data. Delete them in the sheet if other tools trip over them.',
      });
      return;
    }
    if (stage.stage !== 'row') return;
    const { row, found, expected, unterminated, closedEarly } = stage;
    // A quote never closed took the rest of the file into one cell: its count of cells says nothing more.
    if (found !== expected && !unterminated) {
      // A quote that closes before its cell ends (`"North 40,"POLYGON ((…`) is the likelier cause.
      const quote = closedEarly ? stage.range(closedEarly.quote, closedEarly.quote + 1) : undefined;
      context.report({
        messageId: 'ragged',
        data: { row, found, expected },
        location: { row, range: stage.range(stage.start, stage.end) },
        hint:
          closedEarly && quote
            ? `In ${closedEarly.column}, the quote at line ${quote.start.line}, column ${quote.start.column} ends the quoted text, and ${quoteText(closedEarly.after)} follows it up to the next delimiter: a quote inside a quoted value is written twice (""), and a cell's closing quote comes right before its delimiter.`
            : found > expected
              ? 'Quote cells that contain the delimiter (a WKT with commas: "POLYGON ((…))").'
              : 'Add the missing cells (an empty cell is two delimiters side by side).',
        ...(closedEarly && quote
          ? { related: [{ message: 'the quote that ends the quoted text', location: { row, range: quote } }] }
          : {}),
      });
    }
    if (unterminated) {
      const at = unterminated.start;
      context.report({
        messageId: 'unterminated',
        data: { row, column: unterminated.column },
        location: { row, ...(at !== undefined ? { range: stage.range(at, at + 1) } : {}) },
        hint: 'Close the quote at the end of the cell.',
      });
    }
  },
});

/** A cell's text in a hint: quoted, at most 40 characters. */
function quoteText(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

/** How to map `header` to `column`, as a setting and on the command line. */
function mappingAdvice(kind: BatchKind, column: string, header: string): string {
  // The kind too: without it a header that lacks columns may be read as another kind.
  const mapping = JSON.stringify({ kind: kind.id, columns: { [column]: header } });
  return `setting mapping=${mapping}; on the command line --mapping ${shellQuoted(mapping)}`;
}

export const csvColumns = defineRule({
  meta: {
    code: 'CSV003',
    name: 'csv-columns',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
    severity: 'error',
    messages: {
      missing: 'Column {column} is missing: {kind} needs it',
      extra: 'Column "{header}" is not a column of {kind}; its values are ignored',
      repeated: 'Columns "{header}" and "{first}" both map to {column}; the first is used',
      mapped: 'Column "{header}" is read as {column}',
      unit: 'Column "{header}" is read as acres, converted from {unit} ({conversion})',
    },
    docs: {
      what: 'Reports required columns the header lacks, columns that map to nothing, two columns mapped to one, and, as notes, headers read through a synonym or a saved mapping and a column of hectares or square metres read as acres (converted).',
      why: 'A missing column means every row lacks a required value; an unknown column is usually a typo of a needed one.',
      example: 'Client,Farm,Field Name,WKT,Area',
      useInstead: 'clientName,farmName,name,boundary,acres (fieldgate template csv-fields).',
    },
  },
  check(stage: CsvStage, context) {
    if (stage.stage !== 'columns') return;
    const { kind, map, cells, suggested } = stage;
    const at = (i: number): { field?: string; range?: TextRange } => {
      const cell = cells[i];
      return cell ? { field: cell.value, range: cell.range } : {};
    };
    for (const column of map.missing) {
      const likely = suggested.find((s) => s.column === column);
      context.report({
        messageId: 'missing',
        data: { column, kind: kind.id },
        location: { range: stage.range, field: column },
        hint: likely
          ? `The file has "${likely.header}" (${likely.reason}): map it to ${column} (${mappingAdvice(kind, column, likely.header)}), or add a ${column} column.`
          : `Add a ${column} column, map one to it (setting mapping={"columns":{"${column}":"Your header"}}; on the command line --setting mapping='…'), or give every row one value ({"values":{"${column}":"…"}}).`,
      });
    }
    // A column that repeats another is said so once (repeated), not also called unknown.
    const repeated = new Set(map.repeated.map((r) => r.index));
    map.byIndex.forEach((column, i) => {
      const cell = cells[i];
      if (column !== undefined || repeated.has(i) || !cell || cell.value.trim() === '') return;
      const likely = suggested.find((s) => s.header === cell.value);
      const columns = `Columns of ${kind.id}: ${kind.columns.map((c) => c.name).join(', ')}.`;
      context.report({
        messageId: 'extra',
        severity: 'warning',
        data: { header: cell.value, kind: kind.id },
        location: at(i),
        hint: !likely
          ? columns
          : likely.optional
            ? `Probably ${likely.column}, which the file does not give yet (${likely.reason}): map it to ${likely.column} (${mappingAdvice(kind, likely.column, likely.header)}) to send it. ${columns}`
            : `Probably the missing ${likely.column} column (${likely.reason}): see its hint. ${columns}`,
      });
    });
    for (const r of map.repeated)
      context.report({
        messageId: 'repeated',
        severity: 'warning',
        data: { header: r.header, first: r.first, column: r.column },
        location: at(r.index),
        hint: 'Remove or rename one of them.',
      });
    for (const r of map.renamed) {
      const unit = r.column === 'acres' ? map.acresUnit : undefined;
      if (unit)
        context.report({
          messageId: 'unit',
          severity: 'info',
          data: { header: r.header, unit: unit.name, conversion: unit.conversion },
          location: at(r.index),
          hint: `The service takes acres; fixes write ${unit.name} back into this column. If its numbers are acres after all, name the column Acres.`,
        });
      else
        context.report({
          messageId: 'mapped',
          severity: 'info',
          data: { header: r.header, column: r.column },
          location: at(r.index),
        });
    }
  },
});

export const csvHeader = defineRule({
  meta: {
    code: 'CSV004',
    name: 'csv-header',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CsvStage, context) {
    if (stage.stage === 'titleRow') {
      context.report({
        messageId: 'titleRow',
        severity: 'info',
        data: { line: stage.line },
        location: { range: stage.range },
        hint: 'Fine as it is; remove the line if the sheet is meant for other tools too.',
      });
    } else if (stage.stage === 'noHeader') {
      context.report({
        messageId: 'unknown',
        data: { kind: stage.kind },
        location: { range: stage.range },
        hint: `Give the first row column names (fieldgate template ${stage.kind}), or choose the kind with the kind option (--kind).`,
      });
    } else if (stage.stage === 'columns') {
      for (const detail of stage.map.unusable)
        context.report({
          messageId: 'mapping',
          data: { detail },
          location: {},
          hint: 'Name columns of the kind and headers the file has.',
        });
    } else if (stage.stage === 'end') {
      if (!stage.header) {
        context.report({
          messageId: 'empty',
          location: {},
          hint: `Start from fieldgate template ${stage.kind}.`,
        });
      } else if (stage.dataRows === 0) {
        context.report({
          messageId: 'noData',
          severity: 'warning',
          location: { range: stage.header },
          hint: 'Add one row per record below the header.',
        });
      }
    }
  },
});

export const csvCellWhitespace = defineRule({
  meta: {
    code: 'CSV005',
    name: 'csv-cell-whitespace',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CsvStage, context) {
    if (stage.stage !== 'row') return;
    // One safe fix per cell (trim). A boundary's WKT may have spaces around it: they are not part of a name.
    for (const cell of stage.spaced) {
      if (cell.column === 'boundary') continue;
      const trimmed = cell.value.replace(/^[\s\u00a0]+|[\s\u00a0]+$/g, '');
      context.report({
        messageId: 'spaces',
        data: { row: stage.row, column: cell.column, value: cell.value },
        location: { row: stage.row, field: cell.column, range: stage.range(cell.start, cell.end) },
        hint: `Write "${trimmed}".`,
        fix: {
          safety: 'safe',
          title: 'Remove the spaces around the value',
          before: cell.value,
          after: trimmed,
          edits: [
            { start: cell.start, end: cell.end, text: cell.quoted ? trimmed.replace(/"/g, '""') : trimmed },
          ],
        },
      });
    }
  },
});

export const csvCellValue = defineRule({
  meta: {
    code: 'CSV006',
    name: 'csv-cell-value',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CsvStage, context) {
    if (stage.stage !== 'cellValue') return;
    const { row, column, value, choices, readAs, cell, location } = stage;
    const oneOf = choices ? `Write one of ${choices.join(', ')}.` : undefined;
    if (value === '') {
      context.report({
        messageId: 'missing',
        data: { row, column },
        location,
        hint:
          oneOf ??
          (column === 'userName'
            ? 'Name the user who receives the file.'
            : 'Give the path of the file, relative to the CSV.'),
      });
      return;
    }
    if (!choices || choices.includes(value)) return;
    // Only the case differs: safe; a word read as another (delete as remove): a guess.
    const safe = readAs === value.toLowerCase();
    context.report({
      messageId: 'choice',
      data: { row, column, value, choices: choices.join(' or ') },
      location,
      hint: oneOf,
      ...(readAs !== undefined && cell
        ? {
            fix: {
              safety: safe ? 'safe' : 'unsafe',
              title: safe ? `Write ${readAs} in lower case` : `Read "${value}" as ${readAs}`,
              before: cell.value,
              after: readAs,
              edits: [{ start: cell.start, end: cell.end, text: readAs }],
            },
          }
        : {}),
    });
  },
});

export const csvFileReference = defineRule({
  meta: {
    code: 'CSV007',
    name: 'csv-file-reference',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CsvStage, context) {
    if (stage.stage !== 'fileReference') return;
    const { row, path, location, facts } = stage;
    if (facts.found === 'absolute') {
      context.report({
        messageId: 'absolute',
        data: { row, path },
        location,
        hint: "Write the path from the CSV's folder, e.g. rx/north-40.zip.",
      });
    } else if (facts.found === 'noFolder') {
      context.report({
        messageId: 'unreadable',
        severity: 'info',
        data: { row, path },
        location,
        hint: 'Validate the CSV from a file on disk (not stdin) so the files beside it can be read.',
      });
    } else if (facts.found === 'missing') {
      context.report({
        messageId: 'notFound',
        data: { row, path },
        location,
        hint: 'Check the spelling and the folder; paths are relative to the CSV.',
      });
    } else if (facts.errors > 0) {
      context.report({
        messageId: 'problems',
        data: { row, path, errors: facts.errors, kind: facts.kind, first: facts.firstError },
        location,
        hint: `fieldgate validate ${path} explains each one.`,
      });
    }
  },
});

export const csvDuplicateRow = defineRule({
  meta: {
    code: 'CSV008',
    name: 'csv-duplicate-row',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CrossRowStage, context) {
    if (stage.stage !== 'repeatedRow') return;
    context.report({
      messageId: 'duplicate',
      data: { row: stage.row, firstRow: stage.firstRow },
      location: { row: stage.row, range: stage.range },
      related: [{ message: 'the row it repeats', location: { row: stage.firstRow } }],
      hint: 'Delete the repeated row.',
    });
  },
});

export const csvEnrolledTwice = defineRule({
  meta: {
    code: 'CSV009',
    name: 'csv-location-enrolled-twice',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CrossRowStage, context) {
    if (stage.stage !== 'enrolledAgain') return;
    context.report({
      messageId: 'twice',
      data: {
        row: stage.row,
        locationId: stage.locationId,
        experiment: stage.experiment,
        firstRow: stage.firstRow,
      },
      location: stage.location,
      related: [{ message: 'the first enrollment of this location', location: stage.first }],
      hint: 'Keep one of the rows.',
    });
  },
});

export const csvFieldsOverlap = defineRule({
  meta: {
    code: 'CSV010',
    name: 'csv-fields-overlap',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
    severity: 'warning',
    messages: {
      overlap: 'Field "{name}" (row {row}) overlaps field "{otherName}" (row {otherRow}) of the same farm',
      limited: 'Overlaps were checked among the last {limit} {limit:field|fields} of each farm only',
      crowded:
        'Field "{name}" (row {row}) overlaps {limit} or more {limit:field|fields} of earlier rows of the same farm: only {limit} {limit:is|are} listed',
    },
    docs: {
      what: 'Reports two fields of one client and farm whose boundaries overlap (sharing an edge is fine); for each field at most five overlaps with fields of earlier rows, then a note that there are more.',
      why: 'Overlapping fields of one farm double-count acres and usually mean one boundary was drawn twice or the wrong boundary was pasted.',
      example: 'North 40 and North 40 East drawn over each other.',
      useInstead: 'Boundaries that meet at their edges.',
    },
  },
  check(stage: CrossRowStage, context) {
    if (stage.stage === 'farmCameBack') {
      context.report({
        messageId: 'limited',
        severity: 'info',
        data: { limit: stage.limit },
        location: stage.location,
        hint: 'Sort the rows by client and farm so each farm is checked whole.',
      });
      return;
    }
    if (stage.stage === 'fieldCrowded') {
      const { field, limit } = stage;
      context.report({
        messageId: 'crowded',
        data: { name: field.name, row: field.row, limit },
        location: field.boundary,
        hint: 'Many rows with one boundary are usually one field pasted again: keep one row per field.',
      });
      return;
    }
    if (stage.stage !== 'fieldsOverlap') return;
    const { field, other } = stage;
    context.report({
      messageId: 'overlap',
      data: { name: field.name, row: field.row, otherName: other.name, otherRow: other.row },
      location: { ...field.boundary, point: stage.point },
      related: [{ message: `row ${other.row}`, location: other.boundary }],
      hint: 'Redraw one boundary so the fields meet at their edges, or move one to another farm.',
    });
  },
});

export const csvConflictingChanges = defineRule({
  meta: {
    code: 'CSV011',
    name: 'csv-conflicting-changes',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CrossRowStage, context) {
    if (stage.stage !== 'changedAgain') return;
    const { action, firstAction } = stage;
    // Two updates that set the same values contradict nothing (a repeated row is CSV008's).
    let detail: string | undefined;
    if (firstAction === 'remove' && action === 'remove') detail = 'it is removed twice';
    else if (firstAction === 'remove') detail = 'it is updated after it was removed';
    else if (action === 'remove') detail = 'it is removed after an update in the same batch';
    else if (!stage.sameValues) detail = 'the two updates set different values';
    if (!detail) return;
    context.report({
      messageId: 'conflict',
      data: { row: stage.row, enrollmentId: stage.enrollmentId, firstRow: stage.firstRow, detail },
      location: stage.location,
      related: [{ message: 'the first change of this enrollment', location: stage.first }],
      hint: 'Keep one change per enrollment.',
    });
  },
});

export const csvNumber = defineRule({
  meta: {
    code: 'CSV012',
    name: 'csv-number-two-ways',
    group: 'csv-batch',
    decidedIn: 'core/csv/csv-rules.ts',
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
  check(stage: CsvStage, context) {
    if (stage.stage !== 'acresTwoWays') return;
    const { chosen, other, agrees, area, span } = stage;
    const mark = stage.decimalMark === ',' ? 'decimal comma' : 'decimal point';
    const basis =
      area === undefined
        ? `the file's ${mark}, as the boundary's area is not known`
        : agrees
          ? `it agrees with the boundary's ${area}`
          : `the nearer to the boundary's ${area}`;
    const text = chosen.written;
    context.report({
      messageId: 'twoWays',
      severity: agrees ? 'info' : 'warning',
      data: {
        row: stage.row,
        column: 'acres',
        value: stage.raw,
        chosen: chosen.value,
        how: chosen.how,
        other: other.value,
        otherHow: other.how,
        basis,
      },
      location: stage.location,
      hint: `Write ${text} (or ${other.written} if that is what was meant): it reads one way only.`,
      ...(span && text !== stage.raw.trim()
        ? {
            fix: {
              safety: agrees ? 'safe' : 'unsafe',
              title: `Write ${text}, which reads one way only`,
              before: stage.raw,
              after: text,
              edits: [{ start: span.start, end: span.end, text }],
            },
          }
        : {}),
    });
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

/**
 * The order the batch visits the rules of its reading in at each stage: a header's mapping problems come
 * before its columns', a row's cell count and quotes before its cells.
 */
export const csvRulesInReportOrder: readonly Rule<CsvStage>[] = [
  csvEncodingGuessed,
  csvRaggedRow,
  csvHeader,
  csvColumns,
  csvCellWhitespace,
  csvCellValue,
  csvFileReference,
  csvNumber,
];

/** The order the checks across rows visit their rules in: each result is one rule's. */
export const csvCrossRowRulesInReportOrder: readonly Rule<CrossRowStage>[] = [
  csvDuplicateRow,
  csvEnrolledTwice,
  csvFieldsOverlap,
  csvConflictingChanges,
];
