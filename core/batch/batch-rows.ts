/**
 * The rows of a batch, whatever they were read from, as the submit planner takes them: each row's original
 * columns (for the results CSV), the one operation it asks for, and what validation found in it. Request
 * files give RequestRecords, field uploads give FieldRecords; a CSV batch kind gives either per row, so it
 * plugs in through `rowFromRequestRecord` / `rowFromFieldRecord` without the planner knowing CSV.
 */
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import { LineIndex } from '../diagnostics/text-position.ts';
import type { JsonValue } from '../json/json-document.ts';
import { parseJson, toValue } from '../json/json-document.ts';
import { fieldRecordsFromUpload } from '../fields/field-records.ts';
import type { FieldRecord } from '../records/field-record.ts';
import type { RequestRecord } from '../records/request-record.ts';
import { requestFromJson } from '../requests/request-subject.ts';
import { writePolygonsWkt } from '../wkt/write-wkt.ts';
import type {
  CreateEnrollmentByLocationBody,
  CreateEnrollmentByProgramBody,
  CreateExperimentBody,
  EnrollmentType,
  UpdateEnrollmentBody,
} from '../client/service-client.ts';

/** One field of a field upload, as sent. */
export interface UploadField {
  clientName: string;
  farmName: string;
  name: string;
  boundary: string;
  acres?: number;
  source?: string;
}

/** What one row asks the service to do: plain JSON, journaled as it is. */
export type BatchOperation =
  | { call: 'createEnrollment'; type: 'program'; body: CreateEnrollmentByProgramBody }
  | {
      call: 'createEnrollment';
      type: 'location';
      body: CreateEnrollmentByLocationBody;
      /** Set when the experiment is found or created by the batch: its id replaces body.experimentId. */
      experimentEnrollmentId?: string;
      /** How to create that experiment when no earlier row of the batch does (a CSV row's columns). */
      experiment?: CreateExperimentBody;
    }
  | { call: 'updateEnrollment'; type: EnrollmentType; enrollmentId: string; body: UpdateEnrollmentBody }
  | { call: 'removeEnrollment'; type: EnrollmentType; enrollmentId: string }
  | { call: 'findOrCreateExperiment'; body: CreateExperimentBody }
  | { call: 'findExperiments'; experimentEnrollmentId: string }
  | { call: 'getEnrollment'; type: EnrollmentType; enrollmentId: string }
  | { call: 'uploadFields'; userName: string; fields: UploadField[] }
  | { call: 'uploadRx'; userName: string; file: string }
  | { call: 'uploadSoil'; userName: string; sampleDate: string; file: string };

/** A diagnostic as a row result keeps it (its full form stays in the validation report). */
export interface RowDiagnostic {
  code: string;
  severity: Severity;
  message: string;
}

export interface BatchRow {
  /** 1-based position in the batch (request, field item, CSV data row). */
  row: number;
  /** Column (or request property) → text, in the source's order: the results CSV repeats them. */
  columns: Record<string, string>;
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

const isObject = (v: unknown): v is Record<string, JsonValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: JsonValue | undefined): string =>
  v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

function enrollmentTypeOf(record: RequestRecord): EnrollmentType | undefined {
  const value = record.headers.get('x-enrollment-type')?.value.trim().toLowerCase();
  return value === 'program' || value === 'location' ? value : undefined;
}

/** The operation a request record asks for, or why it cannot be sent. */
export function operationOfRequest(
  record: RequestRecord,
): { operation: BatchOperation } | { unsendable: string } {
  const op = record.operation;
  if (!op) return { unsendable: `${record.method} ${record.path} is not an operation of the service` };
  const body = record.body ? toValue(record.body.node) : undefined;
  const type = enrollmentTypeOf(record);
  const needType = (): string => 'the header x-enrollment-type must be "program" or "location"';
  switch (op.id) {
    case 'createEnrollment':
      if (!type) return { unsendable: needType() };
      if (!isObject(body)) return { unsendable: 'the request has no JSON object body' };
      return type === 'program'
        ? {
            operation: {
              call: 'createEnrollment',
              type,
              body: body as unknown as CreateEnrollmentByProgramBody,
            },
          }
        : {
            operation: {
              call: 'createEnrollment',
              type,
              body: body as unknown as CreateEnrollmentByLocationBody,
            },
          };
    case 'updateEnrollment':
      if (!type) return { unsendable: needType() };
      if (!isObject(body)) return { unsendable: 'the request has no JSON object body' };
      return {
        operation: {
          call: 'updateEnrollment',
          type,
          enrollmentId: op.enrollmentId ?? '',
          body: body as unknown as UpdateEnrollmentBody,
        },
      };
    case 'removeEnrollment':
      if (!type) return { unsendable: needType() };
      return { operation: { call: 'removeEnrollment', type, enrollmentId: op.enrollmentId ?? '' } };
    case 'getEnrollment':
      if (!type) return { unsendable: needType() };
      return { operation: { call: 'getEnrollment', type, enrollmentId: op.enrollmentId ?? '' } };
    case 'createExperiment':
      if (!isObject(body)) return { unsendable: 'the request has no JSON object body' };
      return {
        operation: { call: 'findOrCreateExperiment', body: body as unknown as CreateExperimentBody },
      };
    case 'findExperiments':
      return {
        operation: {
          call: 'findExperiments',
          experimentEnrollmentId: record.query.get('experimentEnrollmentId')?.value ?? '',
        },
      };
    case 'uploadFieldsV2': {
      const userName = record.headers.get('x-user-name')?.value ?? '';
      const fields = isObject(body) && Array.isArray(body.fields) ? body.fields : undefined;
      if (!fields) return { unsendable: 'the request has no "fields" array' };
      return {
        operation: { call: 'uploadFields', userName, fields: fields as unknown as UploadField[] },
      };
    }
    default:
      return {
        unsendable: `${op.id} needs a file or is a read the batch runner does not send; send it with its own command`,
      };
  }
}

/** A request record as a batch row (`index` 0-based); `columns` default to method, path and body. */
export function rowFromRequestRecord(
  record: RequestRecord,
  diagnostics: readonly RowDiagnostic[],
  columns?: Record<string, string>,
): BatchRow {
  const got = operationOfRequest(record);
  const body = record.body ? toValue(record.body.node) : undefined;
  const row: BatchRow = {
    row: record.index + 1,
    columns: columns ?? {
      method: record.method,
      path: record.path,
      'x-enrollment-type': record.headers.get('x-enrollment-type')?.value ?? '',
      body: body === undefined ? '' : JSON.stringify(body),
    },
    diagnostics: [...diagnostics],
  };
  if ('operation' in got) row.operation = got.operation;
  else row.unsendable = got.unsendable;
  return row;
}

/** A field as it is sent: the boundary as WKT (written from geometry when it came as geometry). */
export function uploadFieldOf(record: FieldRecord): UploadField | undefined {
  const str = (v: FieldRecord['name']): string | undefined =>
    v?.kind === 'string' && typeof v.value === 'string' ? v.value : undefined;
  const boundary =
    str(record.boundary) ??
    (record.boundary?.geometry
      ? writePolygonsWkt(record.boundary.geometry.polygons, { multi: record.boundary.geometry.multi })
      : undefined);
  const clientName = str(record.clientName);
  const farmName = str(record.farmName);
  const name = str(record.name);
  if (clientName === undefined || farmName === undefined || name === undefined || boundary === undefined)
    return undefined;
  const field: UploadField = { clientName, farmName, name, boundary };
  const acres = record.acres?.value;
  if (typeof acres === 'number') field.acres = acres;
  else if (typeof acres === 'string' && acres.trim() !== '' && Number.isFinite(Number(acres)))
    field.acres = Number(acres);
  const source = str(record.source);
  if (source !== undefined) field.source = source;
  return field;
}

/**
 * A field record as a batch row: one field of an upload to `userName` (the record's own userName, a CSV
 * column, wins). The planner groups the fields of each receiving user into one upload.
 */
export function rowFromFieldRecord(
  record: FieldRecord,
  diagnostics: readonly RowDiagnostic[],
  userName: string | undefined,
  columns?: Record<string, string>,
): BatchRow {
  const field = uploadFieldOf(record);
  const user =
    (record.userName?.kind === 'string' && typeof record.userName.value === 'string'
      ? record.userName.value
      : undefined) ?? userName;
  const row: BatchRow = {
    row: record.row,
    columns: columns ?? {
      clientName: field?.clientName ?? text(record.clientName?.value),
      farmName: field?.farmName ?? text(record.farmName?.value),
      name: field?.name ?? text(record.name?.value),
      acres: text(record.acres?.value),
      source: text(record.source?.value),
    },
    diagnostics: [...diagnostics],
  };
  if (!field) row.unsendable = 'the field lacks a client, farm, field name or boundary';
  else if (!user) row.unsendable = 'no receiving user: give --user-name (X-User-Name)';
  else row.operation = { call: 'uploadFields', userName: user, fields: [field] };
  return row;
}

/** The 1-based row a diagnostic belongs to: its `row`, or the request index in its JSON path. */
export function rowOfDiagnostic(diagnostic: Diagnostic): number | undefined {
  const { row, path } = diagnostic.location;
  if (row !== undefined) return row;
  if (!path) return undefined;
  const at = path[0] === 'requests' || path[0] === 'fields' ? path[1] : path[0];
  return typeof at === 'number' ? at + 1 : undefined;
}

function byRow(diagnostics: readonly Diagnostic[]): {
  rows: Map<number, RowDiagnostic[]>;
  unplaced: RowDiagnostic[];
} {
  const rows = new Map<number, RowDiagnostic[]>();
  const unplaced: RowDiagnostic[] = [];
  for (const d of diagnostics) {
    const brief = { code: d.code, severity: d.severity, message: d.message };
    const row = rowOfDiagnostic(d);
    if (row === undefined) unplaced.push(brief);
    else rows.set(row, [...(rows.get(row) ?? []), brief]);
  }
  return { rows, unplaced };
}

export interface BatchRowsRead {
  rows: BatchRow[];
  /** Diagnostics that belong to no row (the document as a whole). */
  unplaced: RowDiagnostic[];
}

/** The rows of a request file (one request, an array, or {"requests": [...]}) with the engine's diagnostics. */
export function rowsFromRequestDocument(
  text: string,
  diagnostics: readonly Diagnostic[],
): BatchRowsRead | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  const root = parsed.root;
  const lines = new LineIndex(text);
  let items = [root];
  let basePath: (string | number)[] = [];
  if (root.kind === 'array') items = root.items;
  else if (root.kind === 'object') {
    const requests = root.properties.find((p) => p.key === 'requests');
    if (requests?.value.kind === 'array') {
      items = requests.value.items;
      basePath = ['requests'];
    }
  }
  const single = root.kind === 'object' && basePath.length === 0;
  const { rows: found, unplaced } = byRow(diagnostics);
  // A single request's diagnostics carry paths inside it ("body", …), not an index: they are its own.
  const rows = items.map((node, i) => {
    const record = requestFromJson(node, lines, single ? [] : [...basePath, i], i);
    const own = single ? [...unplaced, ...[...found.values()].flat()] : (found.get(i + 1) ?? []);
    return rowFromRequestRecord(record, own);
  });
  return { rows, unplaced: single ? [] : unplaced };
}

/** The rows of a field upload ({"fields": [...]}), one per field, for the receiving user `userName`. */
export function rowsFromFieldUpload(
  text: string,
  diagnostics: readonly Diagnostic[],
  userName: string | undefined,
): BatchRowsRead | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  const { rows: found, unplaced } = byRow(diagnostics);
  const records = fieldRecordsFromUpload(parsed.root, new LineIndex(text));
  return {
    rows: records.map((r) => rowFromFieldRecord(r, found.get(r.row) ?? [], userName)),
    unplaced,
  };
}
