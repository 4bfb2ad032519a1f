/** The operations of the version 5 interface, as the service interface describes them. */
export type OperationId =
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
  'POST /v5/enrollments, GET /v5/enrollments[/], GET|PUT|DELETE /v5/enrollments/<id>, GET /v5/experiments, POST /v5/experiments';

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

export function matchOperation(method: string, path: string): OperationMatch | undefined {
  const m = method.toUpperCase();
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
  return id !== 'findExperiments' && id !== 'createExperiment';
}
