/**
 * The records of a file that can be sent, as its kind read them: a field (of an upload or a CSV row), an
 * enrollment or an experiment (a request, a CSV row), or a file to upload (an Rx ZIP, a Modus soil test,
 * or one a CSV row names). Each record keeps the source's own cells (for the results CSV and the grid),
 * what a person calls it, what it asks the service to do, and its own diagnostics. Records are what a batch
 * is prepared from (core/batch/prepare.ts): nothing reads a file a second time to send it.
 */
import type { ServiceOperation, UploadCall, UploadField } from './service-operation.ts';

/** Where an uploaded file's bytes are: the record's own file, or a path a CSV row names (relative to it). */
export type FileReference = { self: true } | { path: string };

/**
 * What a record asks for, as far as its file says: an upload may leave its receiving user (and a soil test
 * its sampleDate) to the batch, which gives the one chosen for records that name none.
 */
export type RecordAction =
  | Exclude<ServiceOperation, { call: UploadCall }>
  | { call: 'uploadFields'; userName?: string; fields: UploadField[] }
  | { call: 'uploadRx'; userName?: string; file: FileReference }
  | { call: 'uploadSoil'; userName?: string; sampleDate?: string; file: FileReference };

/** What a record is, for people: the grid groups and names records by it. */
export type RecordType = 'field' | 'enrollment' | 'experiment' | 'file-upload' | 'request';

/**
 * One record of a file. `D` is how its diagnostics are named: a kind gives their indexes in its report's
 * `diagnostics`; the engine's report gives their ids ("d3").
 */
export interface SubmitRecord<D = string> {
  /** 1-based: the CSV data row, the request or the field item; 1 for a file sent whole. */
  row: number;
  type: RecordType;
  /** What a person calls it: "North 40 (Home Farm, Smith Farms)", "two-zone-rx.zip". */
  label: string;
  /** The source's own cells or properties in their order, as text. */
  columns: Record<string, string>;
  /** What it asks the service to do; absent when it cannot be sent (`unsendable` says why). */
  action?: RecordAction;
  unsendable?: string;
  diagnostics: D[];
}

/** A record as a kind returns it: its diagnostics by index in the kind's report. */
export type KindRecord = SubmitRecord<number>;

/** What a record is, from what it asks for. */
export function recordTypeOf(action: RecordAction | undefined): RecordType {
  switch (action?.call) {
    case 'createEnrollment':
    case 'updateEnrollment':
    case 'removeEnrollment':
    case 'getEnrollment':
      return 'enrollment';
    case 'findOrCreateExperiment':
    case 'findExperiments':
      return 'experiment';
    case 'uploadFields':
      return 'field';
    case 'uploadRx':
    case 'uploadSoil':
      return 'file-upload';
    default:
      return 'request';
  }
}

/** "North 40 (Home Farm, Smith Farms)": a field by its name and hierarchy, parts left out when empty. */
export function fieldLabel(field: { name?: string; farmName?: string; clientName?: string }): string {
  const name = field.name?.trim() || 'a field without a name';
  const parents = [field.farmName, field.clientName].map((p) => p?.trim()).filter((p) => p);
  return parents.length > 0 ? `${name} (${parents.join(', ')})` : name;
}

/** Group a kind's diagnostics by the record they belong to, by each diagnostic's `location.row`. */
export function diagnosticIndexesByRow(
  diagnostics: readonly { location: { row?: number } }[],
): Map<number, number[]> {
  const byRow = new Map<number, number[]>();
  diagnostics.forEach((d, index) => {
    const row = d.location.row;
    if (row === undefined) return;
    let list = byRow.get(row);
    if (!list) byRow.set(row, (list = []));
    list.push(index);
  });
  return byRow;
}

/** A file sent whole (an Rx ZIP, a Modus soil test): one record, every diagnostic of the file its own. */
export function wholeFileRecord(
  name: string,
  action: Extract<RecordAction, { call: 'uploadRx' | 'uploadSoil' }>,
  diagnostics: number,
): KindRecord {
  return {
    row: 1,
    type: 'file-upload',
    label: name,
    columns: {},
    action,
    diagnostics: Array.from({ length: diagnostics }, (_, i) => i),
  };
}
