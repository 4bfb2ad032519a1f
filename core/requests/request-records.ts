/**
 * A request of a request file as the record a batch sends: the call it makes (an enrollment created,
 * updated, removed or read; an experiment found or created; fields uploaded), its own properties as text
 * for the results CSV, and what a person calls it.
 */
import type { JsonValue } from '../json/json-document.ts';
import { toValue } from '../json/json-document.ts';
import type { RequestRecord } from '../records/request-record.ts';
import type { UploadField } from '../records/service-operation.ts';
import { type KindRecord, type RecordAction, recordTypeOf } from '../records/submit-record.ts';

const isObject = (v: unknown): v is Record<string, JsonValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function enrollmentTypeOf(record: RequestRecord): 'program' | 'location' | undefined {
  const value = record.headers.get('x-enrollment-type')?.value.trim().toLowerCase();
  return value === 'program' || value === 'location' ? value : undefined;
}

/** The call a request makes, or why it cannot be sent. */
function requestAction(record: RequestRecord): { action: RecordAction } | { unsendable: string } {
  const op = record.operation;
  if (!op) return { unsendable: `${record.method} ${record.path} is not an operation of the service` };
  const body = record.body ? toValue(record.body.node) : undefined;
  const type = enrollmentTypeOf(record);
  const needType = 'the header x-enrollment-type must be "program" or "location"';
  const noBody = 'the request has no JSON object body';
  // The bodies go as written: the request rules say what is wrong with them, and rows with errors stay.
  switch (op.id) {
    case 'createEnrollment':
      if (!type) return { unsendable: needType };
      if (!isObject(body)) return { unsendable: noBody };
      return type === 'program'
        ? { action: { call: 'createEnrollment', type, body: body as never } }
        : { action: { call: 'createEnrollment', type, body: body as never } };
    case 'updateEnrollment':
      if (!type) return { unsendable: needType };
      if (!isObject(body)) return { unsendable: noBody };
      return {
        action: { call: 'updateEnrollment', type, enrollmentId: op.enrollmentId ?? '', body: body as never },
      };
    case 'removeEnrollment':
      if (!type) return { unsendable: needType };
      return { action: { call: 'removeEnrollment', type, enrollmentId: op.enrollmentId ?? '' } };
    case 'getEnrollment':
      if (!type) return { unsendable: needType };
      return { action: { call: 'getEnrollment', type, enrollmentId: op.enrollmentId ?? '' } };
    case 'createExperiment':
      if (!isObject(body)) return { unsendable: noBody };
      return { action: { call: 'findOrCreateExperiment', body: body as never } };
    case 'findExperiments':
      return {
        action: {
          call: 'findExperiments',
          experimentEnrollmentId: record.query.get('experimentEnrollmentId')?.value ?? '',
        },
      };
    case 'uploadFieldsV2': {
      const userName = record.headers.get('x-user-name')?.value.trim();
      const fields = isObject(body) && Array.isArray(body.fields) ? body.fields : undefined;
      if (!fields) return { unsendable: 'the request has no "fields" array' };
      return {
        action: {
          call: 'uploadFields',
          ...(userName ? { userName } : {}),
          fields: fields as unknown as UploadField[],
        },
      };
    }
    default:
      return {
        unsendable: `${op.id} needs a file or is a read the batch runner does not send; send it with its own command`,
      };
  }
}

function labelOf(record: RequestRecord, action: RecordAction | undefined): string {
  const type = enrollmentTypeOf(record);
  switch (action?.call) {
    case 'createEnrollment':
      return `create ${type} enrollment`;
    case 'updateEnrollment':
    case 'removeEnrollment':
    case 'getEnrollment':
      return `${action.call.replace('Enrollment', '')} ${type} enrollment ${action.enrollmentId}`;
    case 'findOrCreateExperiment':
      return `experiment ${typeof action.body.name === 'string' ? action.body.name : action.body.experimentEnrollmentId}`;
    case 'findExperiments':
      return `find experiment ${action.experimentEnrollmentId}`;
    case 'uploadFields':
      return `upload of ${action.fields.length} field${action.fields.length === 1 ? '' : 's'}`;
    default:
      return `${record.method} ${record.path}`.trim() || `request ${record.index + 1}`;
  }
}

/** The record of a request (its diagnostics are attached by the caller). */
export function requestRecord(record: RequestRecord): KindRecord {
  const got = requestAction(record);
  const body = record.body ? toValue(record.body.node) : undefined;
  const action = 'action' in got ? got.action : undefined;
  const out: KindRecord = {
    row: record.index + 1,
    type: recordTypeOf(action),
    label: labelOf(record, action),
    columns: {
      method: record.method,
      path: record.path,
      'x-enrollment-type': record.headers.get('x-enrollment-type')?.value ?? '',
      body: body === undefined ? '' : JSON.stringify(body),
    },
    diagnostics: [],
  };
  if (action) out.action = action;
  else if ('unsendable' in got) out.unsendable = got.unsendable;
  return out;
}
