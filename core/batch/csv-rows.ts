/**
 * The rows of a CSV batch (core/csv) as batch rows: the file is read again the way validation read it (its
 * encoding, delimiter, header line and column mapping, from the report's summary) and each data row becomes
 * the operation its kind sends, with its original cells kept for the results CSV. Diagnostics are placed by
 * their `location.row`, the same 1-based data row numbers.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { batchKindById, type BatchKindId } from '../csv/batch-kinds.ts';
import type { CsvEncoding } from '../csv/csv-encoding.ts';
import { mapColumns, type CsvMapping } from '../csv/csv-mapping.ts';
import { bytesToStream, CsvStreamReader, type CsvDelimiter, type CsvRow } from '../csv/csv-reader.ts';
import type { EnrollmentType, TemporalEntity } from '../client/service-client.ts';
import type { BatchOperation, BatchRow, BatchRowsRead, RowDiagnostic } from './batch-rows.ts';
import { BATCH_EXPERIMENT_ID } from './plan.ts';

/** How validation read the file: the fields of a CSV kind's report summary that matter here. */
export interface CsvReadAs {
  kind: BatchKindId;
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
  /** 1-based line of the header. */
  headerLine: number;
  mapping?: CsvMapping;
}

export interface CsvRowsOptions {
  /** The receiving user of rows that name none (csv-fields). */
  userName?: string;
  /** Turns a file path written in a row into the path the runner reads (relative to the CSV). */
  resolvePath?: (path: string) => string;
}

/** Read `CsvReadAs` from a report's summary (undefined when it is not a CSV batch's). */
export function csvReadAsFromSummary(kind: string, summary: unknown): CsvReadAs | undefined {
  if (!batchKindById(kind) || typeof summary !== 'object' || summary === null) return undefined;
  const s = summary as Record<string, unknown>;
  if (typeof s.headerLine !== 'number') return undefined;
  const out: CsvReadAs = { kind: kind as BatchKindId, headerLine: s.headerLine };
  if (typeof s.encoding === 'string') out.encoding = s.encoding as CsvEncoding;
  if (typeof s.delimiter === 'string') out.delimiter = s.delimiter as CsvDelimiter;
  if (typeof s.mapping === 'object' && s.mapping !== null) out.mapping = s.mapping as CsvMapping;
  return out;
}

function temporalOf(value: (c: string) => string | undefined): TemporalEntity | undefined {
  const entity: Record<string, string> = {};
  const pairs: Array<[string, string]> = [
    ['dimensionality', 'dimensionality'],
    ['temporalEntityId', 'id'],
    ['startId', 'startId'],
    ['endId', 'endId'],
    ['temporalPeriodTypeName', 'temporalPeriodTypeName'],
  ];
  for (const [column, property] of pairs) {
    const v = value(column);
    if (v !== undefined) entity[property] = v;
  }
  return Object.keys(entity).length === 0 ? undefined : (entity as unknown as TemporalEntity);
}

function operationOf(
  kind: BatchKindId,
  value: (c: string) => string | undefined,
  options: CsvRowsOptions,
): { operation: BatchOperation } | { unsendable: string } {
  const temporalEntity = temporalOf(value);
  const resolvePath = options.resolvePath ?? ((p: string) => p);
  const pick = (columns: string[]): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const c of columns) {
      const v = value(c);
      if (v !== undefined) out[c] = v;
    }
    return out;
  };
  switch (kind) {
    case 'csv-enrollments-by-program':
      return {
        operation: {
          call: 'createEnrollment',
          type: 'program',
          body: {
            experimentProtocolId: value('experimentProtocolId') ?? '',
            temporalEntity: temporalEntity!,
          },
        },
      };
    case 'csv-enrollments-by-location': {
      const experimentEnrollmentId = value('experimentEnrollmentId') ?? '';
      return {
        operation: {
          call: 'createEnrollment',
          type: 'location',
          experimentEnrollmentId,
          experiment: {
            experimentEnrollmentId,
            name: value('experimentName') ?? '',
            temporalEntity: temporalEntity!,
          },
          body: {
            experimentId: BATCH_EXPERIMENT_ID,
            locationId: value('locationId') ?? '',
            experimentLocationStatus: value('experimentLocationStatus') ?? '',
            temporalEntity: temporalEntity!,
          },
        },
      };
    }
    case 'csv-enrollment-changes': {
      const type = value('enrollmentType')?.toLowerCase();
      const action = value('action')?.toLowerCase();
      const enrollmentId = value('enrollmentId') ?? '';
      if (type !== 'program' && type !== 'location')
        return { unsendable: 'enrollmentType must be program or location' };
      if (action === 'remove')
        return { operation: { call: 'removeEnrollment', type: type as EnrollmentType, enrollmentId } };
      if (action !== 'update') return { unsendable: 'action must be update or remove' };
      const body: Record<string, unknown> = pick(
        type === 'program'
          ? ['experimentProtocolId']
          : ['experimentId', 'locationId', 'experimentLocationStatus'],
      );
      if (temporalEntity) body.temporalEntity = temporalEntity;
      return { operation: { call: 'updateEnrollment', type, enrollmentId, body } };
    }
    case 'csv-fields': {
      const userName = value('userName') ?? options.userName;
      if (!userName) return { unsendable: 'no receiving user: add a userName column or give --user-name' };
      const field: Record<string, unknown> = pick(['clientName', 'farmName', 'name', 'boundary', 'source']);
      const acres = value('acres');
      if (acres !== undefined && Number.isFinite(Number(acres))) field.acres = Number(acres);
      return {
        operation: {
          call: 'uploadFields',
          userName,
          fields: [field as unknown as Extract<BatchOperation, { call: 'uploadFields' }>['fields'][number]],
        },
      };
    }
    case 'csv-prescriptions':
      return {
        operation: {
          call: 'uploadRx',
          userName: value('userName') ?? '',
          file: resolvePath(value('file') ?? ''),
        },
      };
    case 'csv-soil-tests':
      return {
        operation: {
          call: 'uploadSoil',
          userName: value('userName') ?? '',
          sampleDate: value('sampleDate') ?? '',
          file: resolvePath(value('file') ?? ''),
        },
      };
  }
}

/** The rows of a CSV batch, read as validation read it, with the engine's diagnostics on their rows. */
export async function rowsFromCsvBatch(
  bytes: Uint8Array,
  readAs: CsvReadAs,
  diagnostics: readonly Diagnostic[],
  options: CsvRowsOptions = {},
): Promise<BatchRowsRead> {
  const kind = batchKindById(readAs.kind);
  if (!kind) return { rows: [], unplaced: [] };
  const byRow = new Map<number, RowDiagnostic[]>();
  const unplaced: RowDiagnostic[] = [];
  for (const d of diagnostics) {
    const brief = { code: d.code, severity: d.severity, message: d.message };
    const row = d.location.row;
    if (row === undefined) unplaced.push(brief);
    else byRow.set(row, [...(byRow.get(row) ?? []), brief]);
  }
  const reader = new CsvStreamReader(bytesToStream(bytes), {
    ...(readAs.encoding ? { encoding: readAs.encoding } : {}),
    ...(readAs.delimiter ? { delimiter: readAs.delimiter } : {}),
  });
  const rows: BatchRow[] = [];
  let header: CsvRow | undefined;
  let headers: string[] = [];
  let index = new Map<string, number>();
  const constants = readAs.mapping?.values ?? {};
  for await (const r of reader.rows()) {
    if (!header) {
      if (r.line < readAs.headerLine) continue;
      header = r;
      headers = r.cells.map((c) => c.value);
      index = mapColumns(kind, headers, readAs.mapping ?? {}).index;
      continue;
    }
    const n = rows.length + 1;
    const value = (column: string): string | undefined => {
      const at = index.get(column);
      const cell = at === undefined ? undefined : r.cells[at]?.value.trim();
      if (cell !== undefined && cell !== '') return cell;
      const constant = constants[column];
      return constant === undefined || constant === '' ? undefined : constant;
    };
    const columns: Record<string, string> = {};
    headers.forEach((h, i) => (columns[h] = r.cells[i]?.value ?? ''));
    const row: BatchRow = { row: n, columns, diagnostics: byRow.get(n) ?? [] };
    const got = operationOf(kind.id, value, options);
    if ('operation' in got) row.operation = got.operation;
    else row.unsendable = got.unsendable;
    rows.push(row);
  }
  return { rows, unplaced };
}
