/**
 * Contract checks: every request the sandbox handles and every answer it gives is validated against the
 * OpenAPI documents (openapi/partner-service.yaml, openapi/sandbox.yaml) with ajv. Attach `contract.onExchange`
 * to a sandbox (startSandbox({ onExchange })) and assert `contract.violations()` is empty at the end.
 *
 * Besides the schemas, two rules tie the sandbox to the document:
 * - a request the document calls invalid is never answered 2xx;
 * - a 500 is only ever an injected fault.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parseMultipart, multipartBoundary } from '../../sandbox/multipart.ts';
import {
  definitionOf,
  loadOpenApiDocuments,
  Router,
  type OpenApiDocument,
  type Route,
} from '../../sandbox/openapi-routes.ts';
import type { RecordedExchange } from '../../sandbox/server.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}

interface HeaderObject {
  required?: boolean;
  schema?: Json;
}

interface MediaTypeObject {
  schema?: Json;
}

interface ResponseObject {
  headers?: Record<string, HeaderObject | Json>;
  content?: Record<string, MediaTypeObject>;
}

export interface ExchangeReport {
  requestId: string;
  method: string;
  url: string;
  operationId?: string;
  status?: number;
  fault?: string;
  /** Ways the request breaks the document (expected for deliberately invalid requests). */
  requestProblems: string[];
  /** Ways the answer breaks the document: always a defect. */
  responseProblems: string[];
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrite `#/components/schemas/X` into `<id>#/$defs/X` so one ajv instance holds both documents. */
function rewriteRefs(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, id));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
        ? `${id}#/$defs/${v.slice('#/components/schemas/'.length)}`
        : rewriteRefs(v, id);
  }
  return out;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Coerce a header or query string to the schema's primitive type, as OpenAPI's simple style does. */
function coerce(value: string, schema: Json | undefined): unknown {
  const type = schema?.type;
  const types = Array.isArray(type) ? type : [type];
  if ((types.includes('integer') || types.includes('number')) && /^\s*-?\d+(\.\d+)?\s*$/.test(value))
    return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export class ContractValidator {
  private readonly ajv: Ajv2020;
  private readonly router: Router;
  private readonly ids = new Map<OpenApiDocument, string>();
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(readonly documents: readonly OpenApiDocument[] = loadOpenApiDocuments()) {
    this.ajv = new Ajv2020({
      strict: true,
      strictTypes: false,
      strictRequired: false,
      allErrors: true,
      allowUnionTypes: true,
    });
    addFormats(this.ajv);
    this.ajv.addKeyword('x-assumption');
    documents.forEach((doc, i) => {
      const id = `urn:fieldgate:openapi:${i}`;
      this.ids.set(doc, id);
      this.ajv.addSchema({ $id: id, $defs: rewriteRefs(doc.components?.schemas ?? {}, id) as Json });
    });
    this.router = new Router();
  }

  /** Compile every schema of every document once, so a broken schema fails loudly (not on first use). */
  compileAll(): void {
    for (const doc of this.documents) {
      for (const name of Object.keys(doc.components?.schemas ?? {})) {
        this.ajv.getSchema(`${this.ids.get(doc)}#/$defs/${name}`);
      }
    }
  }

  private resolve<T>(doc: OpenApiDocument, value: unknown): T {
    let current = value;
    for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref} is not supported`);
      current = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, key) => (isObject(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
          doc,
        );
      if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
    }
    return current as T;
  }

  private validator(doc: OpenApiDocument, schema: Json): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile(rewriteRefs(schema, this.ids.get(doc) ?? '') as Json);
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  private validate(
    doc: OpenApiDocument,
    schema: Json | undefined,
    value: unknown,
    where: string,
    problems: string[],
  ): void {
    if (!schema) return;
    const fn = this.validator(doc, schema);
    if (!fn(value)) {
      const detail = (fn.errors ?? [])
        .slice(0, 4)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
        .join('; ');
      problems.push(`${where}: ${detail}`);
    }
  }

  private parameters(route: Route): ParameterObject[] {
    const byKey = new Map<string, ParameterObject>();
    const { operation, pathItem, document } = definitionOf(route, this.documents);
    for (const p of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
      const param = this.resolve<ParameterObject>(document, p);
      byKey.set(`${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`, param);
    }
    return [...byKey.values()];
  }

  private securitySatisfied(requirements: Route['security'], headers: Record<string, string>): boolean {
    if (requirements.length === 0) return true;
    const auth = headers.authorization ?? '';
    return requirements.some((alternative) =>
      Object.keys(alternative).every((scheme) => {
        if (scheme === 'oauth2') return /^Bearer\s+\S+/i.test(auth);
        if (scheme === 'clientBasic') return /^Basic\s+\S+/i.test(auth);
        if (scheme === 'apiKey') return (headers['x-api-key'] ?? '') !== '';
        return false;
      }),
    );
  }

  private checkRequest(
    route: Route,
    params: Record<string, string>,
    ex: RecordedExchange,
    problems: string[],
  ): void {
    const { operation, document: doc } = definitionOf(route, this.documents);
    const url = new URL(ex.url, 'http://127.0.0.1');
    for (const p of this.parameters(route)) {
      const raw =
        p.in === 'path'
          ? params[p.name]
          : p.in === 'query'
            ? (url.searchParams.get(p.name) ?? undefined)
            : p.in === 'header'
              ? ex.requestHeaders[p.name.toLowerCase()]
              : undefined;
      if (raw === undefined) {
        if (p.required) problems.push(`request ${p.in} parameter ${p.name} is missing`);
        continue;
      }
      this.validate(doc, p.schema, coerce(raw, p.schema), `request ${p.in} parameter ${p.name}`, problems);
    }
    if (!this.securitySatisfied(route.security, ex.requestHeaders)) {
      problems.push(`request does not carry the credentials of ${JSON.stringify(route.security)}`);
    }
    const body = ex.requestBody;
    const requestBody = operation.requestBody
      ? this.resolve<{ required?: boolean; content: Record<string, MediaTypeObject> }>(
          doc,
          operation.requestBody,
        )
      : undefined;
    // A body on an operation that takes none is ignored (the core rules warn about it): not a problem here.
    if (!requestBody) return;
    if (body.byteLength === 0) {
      if (requestBody.required) problems.push('request body is required');
      return;
    }
    const type = mediaType(ex.requestHeaders['content-type']);
    const media = requestBody.content[type];
    if (!media) {
      problems.push(
        `request Content-Type "${type}" is not one of ${Object.keys(requestBody.content).join(', ')}`,
      );
      return;
    }
    const text = Buffer.from(body).toString('utf8');
    let value: unknown;
    if (type === 'application/json') {
      try {
        value = JSON.parse(text);
      } catch {
        problems.push('request body is not JSON');
        return;
      }
    } else if (type === 'application/x-www-form-urlencoded') {
      const form: Json = {};
      for (const [k, v] of new URLSearchParams(text)) if (!(k in form)) form[k] = v;
      value = form;
    } else if (type === 'multipart/form-data') {
      const boundary = multipartBoundary(ex.requestHeaders['content-type']);
      const parsed = boundary
        ? parseMultipart(body, boundary)
        : { ok: false as const, problem: 'no boundary' };
      if (!parsed.ok) {
        problems.push(`request multipart body: ${parsed.problem}`);
        return;
      }
      const form: Json = {};
      for (const part of parsed.parts) if (!(part.name in form)) form[part.name] = '<binary>';
      value = form;
    } else {
      value = text;
    }
    this.validate(doc, media.schema, value, 'request body', problems);
  }

  private checkResponse(route: Route, ex: RecordedExchange, problems: string[]): void {
    const response = ex.response;
    if (!response) return;
    const { operation, document: doc } = definitionOf(route, this.documents);
    const declared = operation.responses[String(response.status)] ?? operation.responses.default;
    if (declared === undefined) {
      problems.push(`status ${response.status} is not declared for ${route.operationId}`);
      return;
    }
    const spec = this.resolve<ResponseObject>(doc, declared);
    for (const [name, h] of Object.entries(spec.headers ?? {})) {
      const header = this.resolve<HeaderObject>(doc, h);
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`response header ${name} is missing`);
        continue;
      }
      this.validate(doc, header.schema, coerce(value, header.schema), `response header ${name}`, problems);
    }
    const text = Buffer.from(response.body).toString('utf8');
    if (!spec.content) {
      if (response.body.byteLength > 0)
        problems.push(`status ${response.status} declares no body, but one was sent`);
      return;
    }
    const type = mediaType(response.headers['content-type']);
    const media = spec.content[type];
    if (!media) {
      problems.push(`response Content-Type "${type}" is not one of ${Object.keys(spec.content).join(', ')}`);
      return;
    }
    let value: unknown = text;
    if (type === 'application/json') {
      try {
        value = JSON.parse(text);
      } catch {
        problems.push('response body is not JSON');
        return;
      }
    }
    this.validate(doc, media.schema, value, `response ${response.status} body`, problems);
  }

  check(ex: RecordedExchange): ExchangeReport {
    const report: ExchangeReport = {
      requestId: ex.requestId,
      method: ex.method,
      url: ex.url,
      requestProblems: [],
      responseProblems: [],
    };
    if (ex.response) report.status = ex.response.status;
    if (ex.fault !== undefined) report.fault = ex.fault;
    const pathname = new URL(ex.url, 'http://127.0.0.1').pathname;
    const match = this.router.match(ex.method, pathname);
    if (ex.response && !ex.response.headers['x-http-request-id']) {
      report.responseProblems.push('response header X-Http-Request-Id is missing');
    }
    if (match.kind !== 'found') {
      report.requestProblems.push(`no operation ${ex.method} ${pathname} in the documents`);
      const status = ex.response?.status;
      if (
        status !== undefined &&
        ex.fault === undefined &&
        status !== (match.kind === 'not-found' ? 404 : 405)
      ) {
        report.responseProblems.push(
          `an unknown route answered ${status}, not ${match.kind === 'not-found' ? 404 : 405}`,
        );
      }
      return report;
    }
    report.operationId = match.route.operationId;
    this.checkRequest(match.route, match.params, ex, report.requestProblems);
    this.checkResponse(match.route, ex, report.responseProblems);
    const status = ex.response?.status;
    if (status !== undefined && status >= 200 && status < 300 && report.requestProblems.length > 0) {
      report.responseProblems.push(
        `accepted (${status}) a request the document calls invalid: ${report.requestProblems.join('; ')}`,
      );
    }
    if (status === 500 && ex.fault === undefined) {
      report.responseProblems.push(
        `answered 500 without an injected fault: ${Buffer.from(ex.response?.body ?? []).toString('utf8')}`,
      );
    }
    return report;
  }
}

let shared: ContractValidator | undefined;

/** Validates every exchange of the sandboxes it is attached to and keeps the reports. */
export class ContractRecorder {
  readonly reports: ExchangeReport[] = [];
  private readonly validator: ContractValidator;

  constructor(validator?: ContractValidator) {
    shared ??= new ContractValidator();
    this.validator = validator ?? shared;
  }

  readonly onExchange = (exchange: RecordedExchange): void => {
    try {
      this.reports.push(this.validator.check(exchange));
    } catch (error) {
      this.reports.push({
        requestId: exchange.requestId,
        method: exchange.method,
        url: exchange.url,
        requestProblems: [],
        responseProblems: [`the contract check itself failed: ${String(error)}`],
      });
    }
  };

  /** Every answer that breaks the documents, one line each. */
  violations(): string[] {
    return this.reports.flatMap((r) =>
      r.responseProblems.map(
        (p) => `${r.method} ${r.url} (${r.operationId ?? 'no operation'}, ${r.status ?? 'reset'}): ${p}`,
      ),
    );
  }

  /** The report of the latest exchange (of an operation, when given). */
  last(operationId?: string): ExchangeReport | undefined {
    for (let i = this.reports.length - 1; i >= 0; i--) {
      const r = this.reports[i];
      if (r && (operationId === undefined || r.operationId === operationId)) return r;
    }
    return undefined;
  }
}
