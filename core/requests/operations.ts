/**
 * The operations of the service, read from the table generated from openapi/partner-service.yaml
 * (openapi/generated/operations.ts): the request rules, the sandbox and the client name and shape every
 * operation the same way, by its OpenAPI operationId.
 */
import { serviceOperations, type OperationSpec } from '../../openapi/generated/operations.ts';

/** An operationId of openapi/partner-service.yaml. */
export type OperationId = keyof typeof serviceOperations;

export type EnrollmentType = 'program' | 'location';
export const ENROLLMENT_TYPES: readonly EnrollmentType[] = ['program', 'location'];

const SPECS: readonly OperationSpec[] = Object.values(serviceOperations);

function operationSpec(id: OperationId): OperationSpec {
  return serviceOperations[id];
}

export interface OperationMatch {
  /** The operation; an operation served at a second path (a trailing slash) is named by its first path's id. */
  id: OperationId;
  /** The enrollment id from the path, for get, update and remove ("" when the path has none). */
  enrollmentId?: string;
}

/** The header that names the enrollment type (spec: "Common request headers of the version 5 interface"). */
const ENROLLMENT_TYPE_HEADER = 'x-enrollment-type';

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fields of the body variant `…By<Type>…` of an operation (CreateEnrollmentByProgramRequest for program). */
function variantFields(id: OperationId, type?: EnrollmentType): readonly string[] {
  const variants = operationSpec(id).body?.variants ?? [];
  const variant = type ? variants.find((v) => v.schema?.includes(`By${capitalised(type)}`)) : variants[0];
  if (!variant) throw new Error(`${id} has no body variant${type ? ` for ${type}` : ''}`);
  return variant.fields;
}

/** Body fields per enrollment type and of create experiment (spec: "Version 5 endpoints"). */
export const BODY_FIELDS: Readonly<Record<EnrollmentType | 'experiment', readonly string[]>> = {
  program: variantFields('createEnrollment', 'program'),
  location: variantFields('createEnrollment', 'location'),
  experiment: variantFields('createExperiment'),
};

/** The list query parameter that matches each enrollment type (spec: "List enrollments"). */
export const LIST_QUERY_FOR_TYPE: Record<EnrollmentType, string> = {
  program: 'experimentProtocolId',
  location: 'experimentId',
};

/** Operations a request file may hold: the version 5 interface and the earlier interfaces (not the token endpoint). */
const REQUEST_SERVERS = new Set(['base_url', 'legacy_base_url']);

/** The path prefix of the earlier interfaces inside {legacy_base_url} (spec: "Address placeholders"). */
const LEGACY_PREFIX = '/api/partnerapis';

function summaryOf(specs: readonly OperationSpec[]): string {
  const methodsByPath = new Map<string, string[]>();
  for (const spec of specs) {
    const methods = methodsByPath.get(spec.path) ?? [];
    methods.push(spec.method);
    methodsByPath.set(spec.path, methods);
  }
  return [...methodsByPath].map(([path, methods]) => `${methods.join('|')} ${path}`).join(', ');
}

export const OPERATION_SUMMARY =
  summaryOf(SPECS.filter((s) => s.server === 'base_url')) +
  `; earlier interface under ${LEGACY_PREFIX}: ` +
  summaryOf(SPECS.filter((s) => s.server === 'legacy_base_url'));

/** Strip scheme, host and the query string, keeping the whole path. */
function pathOnly(path: string): string {
  let p = path.trim();
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  return p.replace(/^[a-z]+:\/\/[^/]+/i, '');
}

/** Strip scheme, host and any base path before /v5, and the query string. */
export function normalisePath(path: string): { path: string; query: Map<string, string> } {
  const query = new Map<string, string>();
  const p = path.trim();
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
  }
  let bare = pathOnly(p);
  const v5 = bare.indexOf('/v5/');
  if (v5 > 0) bare = bare.slice(v5);
  return { path: bare, query };
}

/** The path relative to its server: from /v5 on, or after /api/partnerapis (or from /v2, /v3 on). */
function relativePath(path: string): { path: string; server: 'base_url' | 'legacy_base_url' } | undefined {
  const p = pathOnly(path);
  const legacy = p.indexOf(`${LEGACY_PREFIX}/`);
  if (legacy >= 0) return { path: p.slice(legacy + LEGACY_PREFIX.length), server: 'legacy_base_url' };
  if (/^\/v[23]\//.test(p)) return { path: p, server: 'legacy_base_url' };
  const v5 = p.indexOf('/v5/');
  if (v5 >= 0) return { path: p.slice(v5), server: 'base_url' };
  return undefined;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface PathMatcher {
  spec: OperationSpec;
  regex: RegExp;
}

/**
 * Request files are matched leniently: a trailing slash is allowed, and a missing final path parameter
 * ("PUT /v5/enrollments") still names the operation, so the rules can say what is missing.
 */
function lenientMatcher(spec: OperationSpec): PathMatcher {
  const template = spec.path.replace(/\/$/, '');
  const parts = template.split(/(\/\{\w+\})$/);
  const head = (parts[0] ?? '')
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : escapeRegex(part)))
    .join('');
  const tail = parts[1] === undefined ? '' : '(?:/([^/]*))?';
  return { spec, regex: new RegExp(`^${head}${tail}/?$`) };
}

// Literal paths before templated ones, so "GET /v5/enrollments/" lists instead of reading the id "".
const MATCHERS: readonly PathMatcher[] = SPECS.filter(
  (s) => REQUEST_SERVERS.has(s.server) && !('sameAs' in s),
)
  .map(lenientMatcher)
  .sort((a, b) => a.spec.pathParams.length - b.spec.pathParams.length);

export function isLegacyOperation(id: OperationId): boolean {
  return operationSpec(id).server === 'legacy_base_url';
}

/** Operations of /v5/enrollments: they need the x-enrollment-type header. */
export function isEnrollmentOperation(id: OperationId): boolean {
  return operationSpec(id).headers.some((h) => h.name.toLowerCase() === ENROLLMENT_TYPE_HEADER);
}

export function matchOperation(method: string, path: string): OperationMatch | undefined {
  const m = method.toUpperCase();
  const relative = relativePath(path);
  if (!relative) return undefined;
  for (const { spec, regex } of MATCHERS) {
    if (spec.method !== m || spec.server !== relative.server) continue;
    const found = regex.exec(relative.path);
    if (!found) continue;
    const match: OperationMatch = { id: spec.operationId as OperationId };
    const param = spec.pathParams[0];
    if (param !== undefined) {
      const raw = found[1] ?? '';
      try {
        match.enrollmentId = decodeURIComponent(raw);
      } catch {
        match.enrollmentId = raw;
      }
    }
    return match;
  }
  return undefined;
}
