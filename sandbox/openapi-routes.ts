/**
 * Routes from the operation tables generated from the OpenAPI documents (openapi/generated/operations.ts for
 * `openapi/partner-service.yaml`, openapi/generated/sandbox-operations.ts for `openapi/sandbox.yaml`): every
 * operation becomes a route, mounted under the path of its server's default address. The sandbox refuses to
 * start when an operation has no handler, so the documents and the sandbox cannot drift apart. The YAML itself
 * is read only by the contract tests (loadOpenApiDocuments, definitionOf).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { serviceOperations, type OperationSpec } from '../openapi/generated/operations.ts';
import { sandboxOperations } from '../openapi/generated/sandbox-operations.ts';

export type ApiName = 'auth' | 'v5' | 'legacy' | 'sandbox';

/** One alternative of an operation's `security`: scheme name → scopes. */
type SecurityRequirement = Record<string, string[]>;

export interface OpenApiDocument {
  openapi: string;
  servers?: ServerObject[];
  paths: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  security?: SecurityRequirement[];
  [key: string]: unknown;
}

interface ServerObject {
  url: string;
  variables?: Record<string, { default: string }>;
}

export interface PathItem {
  servers?: ServerObject[];
  parameters?: unknown[];
  [method: string]: unknown;
}

export interface Operation {
  operationId: string;
  security?: SecurityRequirement[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Route {
  operationId: string;
  method: string;
  api: ApiName;
  /** The path template as written in the document ("/v5/enrollments/{enrollmentId}"). */
  template: string;
  /** The mount path of the API ("/partner"), from its server's default address. */
  mount: string;
  security: readonly Readonly<Record<string, readonly string[]>>[];
  /** The operation's record in the generated table. */
  spec: OperationSpec;
  regex: RegExp;
  paramNames: readonly string[];
}

/** The operation tables the sandbox serves: the service's and its own. */
const OPERATION_TABLES: readonly Readonly<Record<string, OperationSpec>>[] = [
  serviceOperations,
  sandboxOperations,
];

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const API_OF_VARIABLE: Record<string, ApiName> = {
  auth_url: 'auth',
  base_url: 'v5',
  legacy_base_url: 'legacy',
  sandbox_url: 'sandbox',
};

const serviceDocumentUrl = new URL('../openapi/partner-service.yaml', import.meta.url);
const sandboxDocumentUrl = new URL('../openapi/sandbox.yaml', import.meta.url);

let cached: OpenApiDocument[] | undefined;

/** The two documents, parsed once per process. */
export function loadOpenApiDocuments(): OpenApiDocument[] {
  cached ??= [serviceDocumentUrl, sandboxDocumentUrl].map(
    (url) => parse(readFileSync(url, 'utf8')) as OpenApiDocument,
  );
  return cached;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function buildRoutes(tables: readonly Readonly<Record<string, OperationSpec>>[] = OPERATION_TABLES): Route[] {
  const routes: Route[] = [];
  for (const table of tables) {
    for (const spec of Object.values(table)) {
      const api = API_OF_VARIABLE[spec.server];
      if (!api) throw new Error(`${spec.operationId}: no known server ${spec.server}`);
      const mount = new URL(spec.serverDefault).pathname.replace(/\/$/, '');
      const pattern = spec.path
        .split(/(\{\w+\})/)
        .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : escapeRegex(part)))
        .join('');
      routes.push({
        operationId: spec.operationId,
        method: spec.method,
        api,
        template: spec.path,
        mount,
        security: spec.security,
        spec,
        regex: new RegExp(`^${escapeRegex(mount)}${pattern}$`),
        paramNames: spec.pathParams,
      });
    }
  }
  // Literal paths win over templated ones ("/v5/enrollments/" before "/v5/enrollments/{enrollmentId}").
  return routes.sort((a, b) => a.paramNames.length - b.paramNames.length);
}

/** The operation of a route as its OpenAPI document writes it (for the contract checks). */
export function definitionOf(
  route: Route,
  documents: readonly OpenApiDocument[] = loadOpenApiDocuments(),
): { operation: Operation; pathItem: PathItem; document: OpenApiDocument } {
  for (const document of documents) {
    const pathItem = document.paths[route.template];
    const operation = pathItem?.[route.method.toLowerCase()] as Operation | undefined;
    if (pathItem && operation?.operationId === route.operationId) return { operation, pathItem, document };
  }
  throw new Error(`no operation ${route.operationId} at ${route.method} ${route.template} in the documents`);
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[]; api: ApiName }
  | { kind: 'not-found'; api: ApiName | 'unknown' };

export class Router {
  readonly routes: Route[];
  private readonly mounts: Array<{ mount: string; api: ApiName }>;

  constructor(tables?: readonly Readonly<Record<string, OperationSpec>>[]) {
    this.routes = buildRoutes(tables);
    const seen = new Map<string, ApiName>();
    for (const r of this.routes) seen.set(r.mount, r.api);
    // Longest mount first: "/api/partnerapis" before "".
    this.mounts = [...seen]
      .map(([mount, api]) => ({ mount, api }))
      .sort((a, b) => b.mount.length - a.mount.length);
  }

  /** The API a path belongs to, by its mount; "unknown" for paths under no mount but the root's own routes. */
  apiOfPath(pathname: string): ApiName | 'unknown' {
    for (const { mount, api } of this.mounts) {
      if (mount === '') continue;
      if (pathname === mount || pathname.startsWith(mount + '/')) return api;
    }
    return this.routes.some((r) => r.mount === '' && r.regex.test(pathname)) ? 'auth' : 'unknown';
  }

  mountOf(api: ApiName): string {
    const found = this.mounts.find((m) => m.api === api);
    if (!found) throw new Error(`no routes for ${api}`);
    return found.mount;
  }

  /**
   * The operation at `pathname` for `method`. HEAD finds the GET operation (RFC 9110 section 9.3.2: the same
   * answer without its body; assumption A37), and a 405's Allow names HEAD wherever it names GET.
   */
  match(method: string, pathname: string): RouteMatch {
    const allow: string[] = [];
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    for (const route of this.routes) {
      const m = route.regex.exec(pathname);
      if (!m) continue;
      if (route.method !== wanted) {
        allow.push(route.method);
        if (route.method === 'GET') allow.push('HEAD');
        continue;
      }
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, i) => {
        const raw = m[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { kind: 'found', route, params };
    }
    const api = this.apiOfPath(pathname);
    if (allow.length > 0)
      return {
        kind: 'method-not-allowed',
        allow: [...new Set(allow)],
        api: api === 'unknown' ? 'auth' : api,
      };
    return { kind: 'not-found', api };
  }
}
