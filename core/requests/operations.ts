/** The operations of the version 5 interface, as the service interface describes them. */
export type OperationId =
  | 'uploadSoilTest'
  | 'uploadFields'
  | 'uploadPrescription'
  | 'getAgronomicData'
  | 'createEnrollment'
  | 'getEnrollment'
  | 'updateEnrollment'
  | 'removeEnrollment'
  | 'listEnrollments'
  | 'findExperiments'
  | 'createExperiment';

export type EnrollmentType = 'program' | 'location';
export const ENROLLMENT_TYPES: readonly EnrollmentType[] = ['program', 'location'];

export interface OperationMatch {
  id: OperationId;
  /** The enrollment id from the path, for get, update and remove ("" when the path ends in a slash). */
  enrollmentId?: string;
}

/** Body fields per operation and enrollment type (spec: "Version 5 endpoints"). */
export const BODY_FIELDS = {
  program: ['experimentProtocolId', 'temporalEntity'],
  location: ['experimentId', 'experimentLocationStatus', 'locationId', 'temporalEntity'],
  experiment: ['experimentEnrollmentId', 'name', 'temporalEntity'],
} as const;

/** The list query parameter that matches each enrollment type (spec: "List enrollments"). */
export const LIST_QUERY_FOR_TYPE: Record<EnrollmentType, string> = {
  program: 'experimentProtocolId',
  location: 'experimentId',
};

export const OPERATION_SUMMARY =
  'POST /v5/enrollments, GET /v5/enrollments[/], GET|PUT|DELETE /v5/enrollments/<id>, GET /v5/experiments, POST /v5/experiments; ' +
  'earlier interface under /api/partnerapis: POST /v2/soil/modus/result, POST /v2/fields, POST /v2/rx, GET /v2|v3/agronomic-data';

/** Strip scheme, host and the query string, keeping the whole path. */
function normalisePathKeepingPrefix(path: string): { path: string } {
  let p = path.trim();
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  return { path: p.replace(/^[a-z]+:\/\/[^/]+/i, '') };
}

/** Strip scheme, host and any base path before /v5, and the query string. */
export function normalisePath(path: string): { path: string; query: Map<string, string> } {
  const query = new Map<string, string>();
  let p = path.trim();
  const q = p.indexOf('?');
  if (q >= 0) {
    for (const pair of p.slice(q + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const decode = (s: string): string => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '));
        } catch {
          return s;
        }
      };
      query.set(decode(eq < 0 ? pair : pair.slice(0, eq)), decode(eq < 0 ? '' : pair.slice(eq + 1)));
    }
    p = p.slice(0, q);
  }
  p = p.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const v5 = p.indexOf('/v5/');
  if (v5 > 0) p = p.slice(v5);
  return { path: p, query };
}

/** Earlier (legacy) endpoints, under {legacy_base_url} = …/api/partnerapis. */
function matchLegacy(m: string, path: string): OperationMatch | undefined {
  const legacy = /(?:^|\/api\/partnerapis)(\/v[23]\/[a-z/-]+?)\/?$/.exec(path);
  const p = legacy?.[1];
  if (!p) return undefined;
  if (m === 'POST' && p === '/v2/soil/modus/result') return { id: 'uploadSoilTest' };
  if (m === 'POST' && p === '/v2/fields') return { id: 'uploadFields' };
  if (m === 'POST' && p === '/v2/rx') return { id: 'uploadPrescription' };
  if (m === 'GET' && (p === '/v2/agronomic-data' || p === '/v3/agronomic-data'))
    return { id: 'getAgronomicData' };
  return undefined;
}

export function isLegacyOperation(id: OperationId): boolean {
  return (
    id === 'uploadSoilTest' ||
    id === 'uploadFields' ||
    id === 'uploadPrescription' ||
    id === 'getAgronomicData'
  );
}

export function matchOperation(method: string, path: string): OperationMatch | undefined {
  const m = method.toUpperCase();
  const { path: raw } = normalisePathKeepingPrefix(path);
  const legacyMatch = matchLegacy(m, raw);
  if (legacyMatch) return legacyMatch;
  const { path: p } = normalisePath(path);
  if (p === '/v5/enrollments' || p === '/v5/enrollments/') {
    if (m === 'POST') return { id: 'createEnrollment' };
    if (m === 'GET') return { id: 'listEnrollments' };
    if (m === 'PUT') return { id: 'updateEnrollment', enrollmentId: '' };
    if (m === 'DELETE') return { id: 'removeEnrollment', enrollmentId: '' };
    return undefined;
  }
  const one = /^\/v5\/enrollments\/([^/]+)\/?$/.exec(p);
  if (one) {
    const enrollmentId = decodeURIComponent(one[1] ?? '');
    if (m === 'GET') return { id: 'getEnrollment', enrollmentId };
    if (m === 'PUT') return { id: 'updateEnrollment', enrollmentId };
    if (m === 'DELETE') return { id: 'removeEnrollment', enrollmentId };
    return undefined;
  }
  if (p === '/v5/experiments' || p === '/v5/experiments/') {
    if (m === 'GET') return { id: 'findExperiments' };
    if (m === 'POST') return { id: 'createExperiment' };
  }
  return undefined;
}

export function isEnrollmentOperation(id: OperationId): boolean {
  return id.endsWith('Enrollment') || id === 'listEnrollments';
}
