/**
 * The rows of a batch as the submit planner takes them: each row's own columns (for the results CSV), the
 * one operation it asks for, what validation found in it, and where it came from. Rows are made from the
 * records of a checked batch in one place (core/batch/prepare.ts); the planner knows no file format.
 */
import type { Severity } from '../diagnostics/diagnostic.ts';
import type { ServiceOperation, UploadField } from '../records/service-operation.ts';

/** What one row asks the service to do: plain JSON, journaled as it is. */
export type BatchOperation = ServiceOperation;
export type { UploadField };

/** A diagnostic as a row result keeps it (its full form stays in the validation report). */
export interface RowDiagnostic {
  code: string;
  severity: Severity;
  message: string;
}

/** Where a row came from, for people: its file, its row there, and what it is called. */
export interface RowSource {
  file: string;
  /** The row in its file: a CSV data row, a request or field item; 1 for a file sent whole. */
  row: number;
  label: string;
}

export interface BatchRow {
  /** 1-based position in the batch (numbered through all of its files). */
  row: number;
  /** Column (or request property) → text, in the source's order: the results CSV repeats them. */
  columns: Record<string, string>;
  source?: RowSource;
  /** What the row asks for; absent when it cannot be sent (`unsendable` says why). */
  operation?: BatchOperation;
  unsendable?: string;
  diagnostics: RowDiagnostic[];
  /**
   * Rows of different groups never share an upload (e.g. each file of a batch): one refused upload then
   * fails only its own group's rows. Absent: one group.
   */
  uploadGroup?: string;
}
