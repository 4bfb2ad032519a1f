/**
 * The stages of a CSV batch's reading (csv-batch.ts) and what each finds, without a word of diagnostics:
 * the encoding, characters lost to it, lines of delimiters skipped, title rows, the header and its
 * mapping, each row's cells, cells that must hold a value, each referenced file, acres that read two
 * ways, and the end; and what the checks across rows find (CrossRowStage, below). The batch reads
 * its rows in one pass; the csv-batch rules (csv-rules.ts) visit these results and decide what is a
 * problem, each rule in one place.
 */
import type { Location, TextRange } from '../diagnostics/diagnostic.ts';
import type { BatchKind } from './batch-kinds.ts';
import type { CsvEncodingChoice } from './csv-encoding.ts';
import type { ColumnMap } from './csv-mapping.ts';
import type { MissingColumnSuggestion } from './column-suggestions.ts';
import type { SkippedRows } from './csv-reader.ts';

/** A cell with spaces around its value; `start`/`end` are its value's offsets in the file. */
export interface SpacedCell {
  /** The batch column it maps to. */
  column: string;
  value: string;
  quoted: boolean;
  start: number;
  end: number;
}

/** One way a number was read, described for people and written so that it reads one way only. */
export interface AcresReading {
  value: number;
  /** "decimal comma", "space as thousands separator, decimal point", "a whole number". */
  how: string;
  written: string;
}

/** What a referenced file turned out to be. */
export type FileReferenceFacts =
  | { found: 'absolute' }
  /** The CSV came without a folder (standard input): files beside it cannot be read. */
  | { found: 'noFolder' }
  | { found: 'missing' }
  /** Read and checked by its own kind's validator: its errors, and the first one's message. */
  | { found: 'checked'; kind: string; errors: number; firstError: string };

/** One stage's result, as the csv-batch rules visit it. */
export type CsvStage =
  /** How the file was decoded. */
  | { stage: 'encoding'; encoding: CsvEncodingChoice }
  /**
   * A cell holding U+FFFD: data row `row` (undefined for the header or a title row), the batch column
   * (undefined when the column is ignored), the name to show, the value around the character, the byte
   * that was not UTF-8 there (undefined when the character was in the file already).
   */
  | {
      stage: 'lostCharacter';
      row: number | undefined;
      column: string | undefined;
      name: string;
      excerpt: string;
      byte: number | undefined;
      range: TextRange;
    }
  | { stage: 'delimiterRows'; skipped: SkippedRows }
  /** A row above the header that is not a header. */
  | { stage: 'titleRow'; line: number; range: TextRange }
  /** No header of any kind among the first rows: the first row is read as the header of `kind`. */
  | { stage: 'noHeader'; kind: string; range: TextRange }
  /** The header mapped to the columns of `kind`; each header cell's text and range. */
  | {
      stage: 'columns';
      kind: BatchKind;
      map: ColumnMap;
      range: TextRange;
      cells: readonly { value: string; range: TextRange }[];
      /** For required columns the file lacks, the header that probably holds each (by name and values). */
      suggested: readonly MissingColumnSuggestion[];
    }
  /**
   * One data row: its cells beside the header's (stray empty cells past the header not counted), the
   * column of a quote never closed and of one closed before its cell's end, its cells with spaces around
   * the value. `range` places offsets of the file inside the row.
   */
  | {
      stage: 'row';
      row: number;
      found: number;
      expected: number;
      start: number;
      end: number;
      unterminated: { column: string; start: number | undefined } | undefined;
      /** The first cell whose closing quote text follows (`"North 40,"POLYGON …`): the offset of that quote. */
      closedEarly: { column: string; quote: number; after: string } | undefined;
      spaced: readonly SpacedCell[];
      range(start: number, end: number): TextRange;
    }
  /**
   * A cell that must hold a value (at `location`): its value trimmed ('' when empty or missing), the
   * words it must be one of (undefined for free text: a user name, a path), and for another word the
   * choice the batch reads it as (its lower case; remove for delete) with the cell's value and its place.
   */
  | {
      stage: 'cellValue';
      row: number;
      column: string;
      location: Location;
      value: string;
      choices: readonly string[] | undefined;
      readAs: string | undefined;
      cell: { value: string; start: number; end: number } | undefined;
    }
  /** The file a prescription or soil-test row names (at `location`, its cell). */
  | { stage: 'fileReference'; row: number; path: string; location: Location; facts: FileReferenceFacts }
  /**
   * A field's acres that read two ways: the reading taken (nearer the boundary's area, or the file's
   * decimal mark when the area is not known) and the other; whether the one taken agrees with the area.
   */
  | {
      stage: 'acresTwoWays';
      row: number;
      raw: string;
      chosen: AcresReading;
      other: AcresReading;
      decimalMark: ',' | '.';
      /**
       * The boundary's area as reports write it, in the value's unit ("201.14 acres", "81.40 ha (201.14
       * acres)" for a column of hectares); undefined when it is not known.
       */
      area: string | undefined;
      agrees: boolean;
      location: Location;
      /** Where the value is in the row's text; undefined when it came from a mapping's constant. */
      span: { start: number; end: number } | undefined;
    }
  /** The end of the file: the kind read, where the header was (undefined: no rows at all), the data rows. */
  | { stage: 'end'; kind: string; header: TextRange | undefined; dataRows: number };

/** A field of an overlap: its row, its name, and where its boundary is (its cell, and its feature). */
export interface OverlappingField {
  row: number;
  name: string;
  boundary: Location;
}

/**
 * What the checks across rows (csv-cross-rows.ts) find, without a word of diagnostics: they remember the
 * rows seen so far in bounded memory and hand a result over only when a row meets an earlier one (or a farm
 * comes back after its fields were let go). The rules of those checks (csv-rules.ts) visit these results
 * and decide what is a problem.
 */
export type CrossRowStage =
  /** Data row `row` holds the mapped values of row `firstRow` (trimmed, ignoring case); `range` is the row's. */
  | { stage: 'repeatedRow'; row: number; firstRow: number; range: TextRange }
  /**
   * Row `row` enrolls location `locationId` in experiment `experiment` for the temporal entity row `firstRow`
   * enrolled it for already; `location` and `first` are the two rows' locationId cells.
   */
  | {
      stage: 'enrolledAgain';
      row: number;
      locationId: string;
      experiment: string;
      location: Location;
      firstRow: number;
      first: Location;
    }
  /**
   * Row `row` changes enrollment `enrollmentId`, which row `firstRow` changed already: each row's action as
   * written in lower case (remove, or else an update), and whether both rows set the same values;
   * `location` and `first` are the two rows' enrollmentId cells.
   */
  | {
      stage: 'changedAgain';
      row: number;
      enrollmentId: string;
      action: string;
      firstAction: string;
      sameValues: boolean;
      location: Location;
      firstRow: number;
      first: Location;
    }
  /** Two fields of one client and farm whose boundaries overlap, the later row's first, at `point`. */
  | { stage: 'fieldsOverlap'; field: OverlappingField; other: OverlappingField; point: [number, number] }
  /**
   * A field that overlaps `limit` fields of earlier rows of its farm: those are handed over as
   * `fieldsOverlap`, the rest were not looked for (n copies of one boundary would be n(n-1)/2 pairs).
   */
  | { stage: 'fieldCrowded'; field: OverlappingField; limit: number }
  /**
   * The first row (at `location`) of a farm whose earlier fields were let go to keep at most `limit` fields'
   * geometry: its new fields were not compared with those.
   */
  | { stage: 'farmCameBack'; limit: number; location: Location };
