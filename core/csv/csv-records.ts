/**
 * A CSV batch's data row as the record it stands for (core/records/submit-record.ts): what a person calls it,
 * its own cells, and what it asks the service to do, read by the same column mapping (and constant values)
 * the row was checked with. The batch's receiving user and sampleDate fill in what a row leaves out later,
 * when the batch is prepared.
 */
import { BATCH_EXPERIMENT_ID, type EnrollmentType, type UploadField } from '../records/service-operation.ts';
import { fieldLabel, type KindRecord, type RecordAction, type RecordType } from '../records/submit-record.ts';
import type { BatchKindId } from './batch-kinds.ts';

/** A row's value of a batch column: its cell, trimmed, else the mapping's constant; undefined when empty. */
export type ColumnValue = (column: string) => string | undefined;

type Temporal = Record<string, string>;

function temporalOf(value: ColumnValue): Temporal | undefined {
  const entity: Temporal = {};
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
  return Object.keys(entity).length === 0 ? undefined : entity;
}

/** What the row asks for, or why it cannot be sent (`acres`: a field's, as its checks read the number). */
function actionOf(
  kind: BatchKindId,
  value: ColumnValue,
  acres: number | undefined,
): { action: RecordAction } | { unsendable: string } {
  // The rules check the shape of a temporal entity; the record carries it as written.
  const temporalEntity = temporalOf(value) as never;
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
        action: {
          call: 'createEnrollment',
          type: 'program',
          body: { experimentProtocolId: value('experimentProtocolId') ?? '', temporalEntity },
        },
      };
    case 'csv-enrollments-by-location': {
      const experimentEnrollmentId = value('experimentEnrollmentId') ?? '';
      return {
        action: {
          call: 'createEnrollment',
          type: 'location',
          experimentEnrollmentId,
          experiment: { experimentEnrollmentId, name: value('experimentName') ?? '', temporalEntity },
          body: {
            experimentId: BATCH_EXPERIMENT_ID,
            locationId: value('locationId') ?? '',
            experimentLocationStatus: value('experimentLocationStatus') ?? '',
            temporalEntity,
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
        return { action: { call: 'removeEnrollment', type: type as EnrollmentType, enrollmentId } };
      if (action !== 'update') return { unsendable: 'action must be update or remove' };
      const body: Record<string, unknown> = pick(
        type === 'program'
          ? ['experimentProtocolId']
          : ['experimentId', 'locationId', 'experimentLocationStatus'],
      );
      if (temporalEntity) body.temporalEntity = temporalEntity;
      return { action: { call: 'updateEnrollment', type, enrollmentId, body } };
    }
    case 'csv-fields': {
      const field = pick(['clientName', 'farmName', 'name', 'boundary', 'source']) as unknown as UploadField;
      if (acres !== undefined) field.acres = acres;
      const userName = value('userName');
      return {
        action: { call: 'uploadFields', ...(userName !== undefined ? { userName } : {}), fields: [field] },
      };
    }
    case 'csv-prescriptions': {
      const userName = value('userName');
      return {
        action: {
          call: 'uploadRx',
          ...(userName !== undefined ? { userName } : {}),
          file: { path: value('file') ?? '' },
        },
      };
    }
    case 'csv-soil-tests': {
      const userName = value('userName');
      const sampleDate = value('sampleDate');
      return {
        action: {
          call: 'uploadSoil',
          ...(userName !== undefined ? { userName } : {}),
          ...(sampleDate !== undefined ? { sampleDate } : {}),
          file: { path: value('file') ?? '' },
        },
      };
    }
  }
}

const short = (id: string | undefined): string => (id ? (id.length > 13 ? `${id.slice(0, 8)}…` : id) : '?');

function labelOf(kind: BatchKindId, value: ColumnValue, row: number): string {
  switch (kind) {
    case 'csv-fields':
      return fieldLabel({
        name: value('name'),
        farmName: value('farmName'),
        clientName: value('clientName'),
      });
    case 'csv-enrollments-by-program':
      return `program ${short(value('experimentProtocolId'))}, season ${short(value('temporalEntityId') ?? value('startId'))}`;
    case 'csv-enrollments-by-location':
      return `location ${short(value('locationId'))} in ${value('experimentName') ?? `experiment ${short(value('experimentEnrollmentId'))}`}`;
    case 'csv-enrollment-changes':
      return `${value('action') ?? 'change'} ${value('enrollmentType') ?? ''} enrollment ${short(value('enrollmentId'))}`.replace(
        /\s+/g,
        ' ',
      );
    case 'csv-prescriptions':
    case 'csv-soil-tests':
      return value('file') ?? `row ${row}`;
  }
}

const recordTypes: Record<BatchKindId, RecordType> = {
  'csv-fields': 'field',
  'csv-enrollments-by-program': 'enrollment',
  'csv-enrollments-by-location': 'enrollment',
  'csv-enrollment-changes': 'enrollment',
  'csv-prescriptions': 'file-upload',
  'csv-soil-tests': 'file-upload',
};

/**
 * The record of data row `row` (1-based), its cells as the file has them under `headers`; a field's `acres`
 * as its checks read the number (the file's decimal mark; of two readings, the one the boundary agrees with).
 */
export function csvRecordOf(
  kind: BatchKindId,
  row: number,
  headers: readonly string[],
  cells: readonly string[],
  value: ColumnValue,
  acres?: number,
): KindRecord {
  const columns: Record<string, string> = {};
  headers.forEach((h, i) => {
    // A repeated header keeps its first cell; the rest are numbered so none is lost.
    const key = h in columns ? `${h} (${i + 1})` : h;
    columns[key] = cells[i] ?? '';
  });
  const got = actionOf(kind, value, acres);
  const record: KindRecord = {
    row,
    type: recordTypes[kind],
    label: labelOf(kind, value, row),
    columns,
    diagnostics: [],
  };
  if ('action' in got) record.action = got.action;
  else record.unsendable = got.unsendable;
  return record;
}
