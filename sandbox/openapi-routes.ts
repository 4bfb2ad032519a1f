/**
 * Routes from the OpenAPI documents: every operation of `openapi/partner-service.yaml` and
 * `openapi/sandbox.yaml` becomes a route, mounted under the path of its server's default address. The sandbox
 * refuses to start when an operation has no handler, so the documents and the sandbox cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type ApiName = 'auth' | 'v5' | 'legacy' | 'sandbox';

/** One alternative of an operation's `security`: scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>;

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
  security: SecurityRequirement[];
  operation: Operation;
  pathItem: PathItem;
  document: OpenApiDocument;
  regex: RegExp;
  paramNames: string[];
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const API_OF_VARIABLE: Record<string, ApiName> = {
  auth_url: 'auth',
  base_url: 'v5',
  legacy_base_url: 'legacy',
  sandbox_url: 'sandbox',
};

export const serviceDocumentUrl = new URL('../openapi/partner-service.yaml', import.meta.url);
export const sandboxDocumentUrl = new URL('../openapi/sandbox.yaml', import.meta.url);

let cached: OpenApiDocument[] | undefined;

/** The two documents, parsed once per process. */
export function loadOpenApiDocuments(): OpenApiDocument[] {
  cached ??= [serviceDocumentUrl, sandboxDocumentUrl].map(
    (url) => parse(readFileSync(url, 'utf8')) as OpenApiDocument,
  );
  return cached;
}

function serverOf(document: OpenApiDocument, pathItem: PathItem): { api: ApiName; mount: string } {
  const server = pathItem.servers?.[0] ?? document.servers?.[0];
  const variable = /^\{(\w+)\}$/.exec(server?.url ?? '')?.[1];
  const api = variable === undefined ? undefined : API_OF_VARIABLE[variable];
  const address = variable === undefined ? undefined : server?.variables?.[variable]?.default;
  if (!api || address === undefined)
    throw new Error(`no known server for a path item: ${JSON.stringify(server)}`);
  return { api, mount: new URL(address).pathname.replace(/\/$/, '') };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function buildRoutes(documents: readonly OpenApiDocument[] = loadOpenApiDocuments()): Route[] {
  const routes: Route[] = [];
  for (const document of documents) {
    for (const [template, pathItem] of Object.entries(document.paths)) {
      const { api, mount } = serverOf(document, pathItem);
      const paramNames: string[] = [];
      const pattern = template
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (name === undefined) return escapeRegex(part);
          paramNames.push(name);
          return '([^/]+)';
        })
        .join('');
      const regex = new RegExp(`^${escapeRegex(mount)}${pattern}$`);
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method] as Operation | undefined;
        if (!operation) continue;
        routes.push({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          api,
          template,
          mount,
          security: operation.security ?? document.security ?? [],
          operation,
          pathItem,
          document,
          regex,
          paramNames,
        });
      }
    }
  }
  // Literal paths win over templated ones ("/v5/enrollments/" before "/v5/enrollments/{enrollmentId}").
  return routes.sort((a, b) => a.paramNames.length - b.paramNames.length);
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[]; api: ApiName }
  | { kind: 'not-found'; api: ApiName | 'unknown' };

export class Router {
  readonly routes: Route[];
  private readonly mounts: Array<{ mount: string; api: ApiName }>;

  constructor(documents?: readonly OpenApiDocument[]) {
    this.routes = buildRoutes(documents);
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

  match(method: string, pathname: string): RouteMatch {
    const allow: string[] = [];
    for (const route of this.routes) {
      const m = route.regex.exec(pathname);
      if (!m) continue;
      if (route.method !== method.toUpperCase()) {
        allow.push(route.method);
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
