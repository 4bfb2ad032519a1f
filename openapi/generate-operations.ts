/**
 * Generates the table of operations of an OpenAPI document: one plain-data record per operation (method, path
 * template, parameters, body fields, security, response statuses). The request rules (core/requests), the
 * sandbox's router and the typed client (core/client) all read this table, so they cannot name or shape an
 * operation differently. The table is TypeScript data: core imports it without reading YAML at run time.
 *
 * openapi/generate.ts writes it next to the generated types; test/client/operation-table.test.ts checks that
 * the committed table is current and that the rules, the sandbox and the table agree.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** The shapes the generated file declares (written into it verbatim, so it stands alone). */
const TYPES = `/** One parameter of an operation (path, query or header). */
export interface OperationParameter {
  readonly name: string;
  readonly required: boolean;
  /** The allowed values, when the schema is an enum. */
  readonly values?: readonly string[];
}

/** One shape a request body may take (a oneOf/anyOf alternative, or the schema itself). */
export interface BodyVariant {
  /** The schema name under components.schemas (absent for an inline schema). */
  readonly schema?: string;
  readonly fields: readonly string[];
  readonly required: readonly string[];
}

export interface OperationBody {
  readonly required: boolean;
  readonly contentType: string;
  /** The schema name under components.schemas (absent for an inline schema). */
  readonly schema?: string;
  readonly variants: readonly BodyVariant[];
}

export interface OperationSpec {
  readonly operationId: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';
  /** The server variable of the operation's base address (auth_url, base_url, legacy_base_url, sandbox_url). */
  readonly server: string;
  /** That variable's default address (the sandbox's). */
  readonly serverDefault: string;
  /** The path template, relative to the server ("/v5/enrollments/{enrollmentId}"). */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly query: readonly OperationParameter[];
  /** Header parameters as the document names them (the API key header is in apiKeyHeader). */
  readonly headers: readonly OperationParameter[];
  readonly body?: OperationBody;
  /** The alternatives of the operation's security requirement: scheme name → scopes. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  /** OAuth 2.0 scopes the first alternative needs. */
  readonly scopes: readonly string[];
  /** The header of the API key the first alternative needs. */
  readonly apiKeyHeader?: string;
  /** Declared response statuses, ascending. */
  readonly responses: readonly number[];
  readonly deprecated: boolean;
  /** Set when this operation is another one at a second path (the same method, path and a trailing slash). */
  readonly sameAs?: string;
}
`;

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  values?: string[];
}

function resolver(doc: Json): (value: unknown) => Json {
  return (value) => {
    let current = value;
    for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref} is not supported`);
      current = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
      if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
    }
    if (!isObject(current)) throw new Error(`not an object: ${JSON.stringify(value)}`);
    return current;
  };
}

function schemaName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return undefined;
  const m = /^#\/components\/schemas\/(.+)$/.exec(value.$ref);
  return m?.[1];
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Build the records of one document, in document order. */
function operationRecords(doc: Json): Json[] {
  const resolve = resolver(doc);
  const paths = isObject(doc.paths) ? doc.paths : {};
  const docServers = Array.isArray(doc.servers) ? doc.servers : [];
  const docSecurity = Array.isArray(doc.security) ? doc.security : [];
  const records: Json[] = [];
  for (const [path, pathItemValue] of Object.entries(paths)) {
    const pathItem = resolve(pathItemValue);
    const servers = Array.isArray(pathItem.servers) ? pathItem.servers : docServers;
    const server: unknown = servers[0];
    const variable =
      isObject(server) && typeof server.url === 'string' ? /^\{(\w+)\}$/.exec(server.url)?.[1] : undefined;
    const variables = isObject(server) && isObject(server.variables) ? server.variables : {};
    const variableSpec = variable === undefined ? undefined : variables[variable];
    const serverDefault =
      isObject(variableSpec) && typeof variableSpec.default === 'string' ? variableSpec.default : undefined;
    if (variable === undefined || serverDefault === undefined)
      throw new Error(`${path}: the server must be one {variable} with a default`);
    for (const method of METHODS) {
      const operationValue = pathItem[method];
      if (operationValue === undefined) continue;
      const operation = resolve(operationValue);
      const operationId = operation.operationId;
      if (typeof operationId !== 'string') throw new Error(`${method} ${path} has no operationId`);
      const byKey = new Map<string, Parameter>();
      const parameterList = [
        ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ];
      for (const p of parameterList) {
        const param = resolve(p);
        const where = String(param.in);
        const name = String(param.name);
        const schema = isObject(param.schema) ? resolve(param.schema) : {};
        const values = stringArray(schema.enum);
        const record: Parameter = { name, in: where, required: param.required === true };
        if (values.length > 0) record.values = values;
        byKey.set(`${where}:${where === 'header' ? name.toLowerCase() : name}`, record);
      }
      const params = [...byKey.values()];
      const pick = (where: string): Json[] =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required, ...(p.values ? { values: p.values } : {}) }));
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

      let body: Json | undefined;
      if (operation.requestBody !== undefined) {
        const requestBody = resolve(operation.requestBody);
        const content = isObject(requestBody.content) ? requestBody.content : {};
        const [contentType, media] = Object.entries(content)[0] ?? [];
        const schemaRef = isObject(media) ? media.schema : undefined;
        const name = schemaName(schemaRef);
        if (contentType === undefined || schemaRef === undefined)
          throw new Error(`${operationId}: the request body must have one media type with a schema`);
        const schema = resolve(schemaRef);
        const alternatives = Array.isArray(schema.oneOf)
          ? schema.oneOf
          : Array.isArray(schema.anyOf)
            ? schema.anyOf
            : undefined;
        const variants = (alternatives ?? [schemaRef]).map((alt) => {
          const variant = resolve(alt);
          const props = isObject(variant.properties) ? variant.properties : {};
          const variantName = schemaName(alt) ?? name;
          return {
            ...(variantName ? { schema: variantName } : {}),
            fields: Object.keys(props),
            required: stringArray(variant.required),
          };
        });
        body = {
          required: requestBody.required === true,
          contentType,
          ...(name ? { schema: name } : {}),
          variants,
        };
      }

      const securityList = Array.isArray(operation.security) ? operation.security : docSecurity;
      const security = securityList
        .filter(isObject)
        .map((alt) =>
          Object.fromEntries(Object.entries(alt).map(([scheme, scopes]) => [scheme, stringArray(scopes)])),
        );
      const first = security[0] ?? {};
      const schemes =
        isObject(doc.components) && isObject(doc.components.securitySchemes)
          ? doc.components.securitySchemes
          : {};
      let apiKeyHeader: string | undefined;
      for (const scheme of Object.keys(first)) {
        const s = schemes[scheme];
        if (isObject(s) && s.type === 'apiKey' && s.in === 'header' && typeof s.name === 'string')
          apiKeyHeader = s.name;
      }
      const responses = Object.keys(isObject(operation.responses) ? operation.responses : {})
        .filter((s) => /^\d{3}$/.test(s))
        .map(Number)
        .sort((a, b) => a - b);

      records.push({
        operationId,
        method: method.toUpperCase(),
        server: variable,
        serverDefault,
        path,
        pathParams,
        query: pick('query'),
        headers: pick('header'),
        ...(body ? { body } : {}),
        security,
        scopes: Object.values(first).flat(),
        ...(apiKeyHeader ? { apiKeyHeader } : {}),
        responses,
        deprecated: operation.deprecated === true,
      });
    }
  }
  // An operation at the same method and path plus a trailing slash is the same operation (spec rule 1).
  for (const record of records) {
    const path = String(record.path);
    if (!path.endsWith('/') || path === '/') continue;
    const twin = records.find((r) => r.method === record.method && r.path === path.slice(0, -1));
    if (twin) record.sameAs = twin.operationId;
  }
  return records;
}

/**
 * The generated TypeScript text of one document's table, exported as `exportName`. The shapes are declared
 * in one table only; another table imports them from that one (`typesFrom`, a module specifier).
 */
export async function generateOperationTable(
  source: URL,
  exportName: string,
  typesFrom?: string,
): Promise<string> {
  const doc: unknown = parse(await readFile(source, 'utf8'));
  if (!isObject(doc)) throw new Error(`${source.pathname} is not an OpenAPI document`);
  const records = operationRecords(doc);
  const file = source.pathname.split('/').pop() ?? '';
  const entries = records.map((r) => `  ${String(r.operationId)}: ${JSON.stringify(r)},`).join('\n');
  return (
    `/**\n * Generated from openapi/${file} by openapi/generate-operations.ts.\n` +
    ` * Do not edit: run node --import tsx openapi/generate.ts\n */\n\n` +
    (typesFrom === undefined ? TYPES : `import type { OperationSpec } from '${typesFrom}';\n`) +
    `\nexport const ${exportName} = {\n${entries}\n} as const satisfies Readonly<Record<string, OperationSpec>>;\n`
  );
}
