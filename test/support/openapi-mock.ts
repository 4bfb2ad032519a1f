/**
 * A stranger's server: a generic HTTP mock built from an OpenAPI 3.1 document and nothing else. It routes
 * each request to the document's operation (its path template under its server), and answers the
 * operation's first success response with a body and headers sampled from the response's schemas: random
 * but schema-valid, from a generator seeded with the mock's seed and the request itself (operation, address,
 * JSON body, how often it came), so the same requests get the same answers in any order. It knows nothing of Fieldgate's
 * sandbox, keeps no state and does not check credentials.
 *
 * `keepRequest` makes it a server that keeps what it was sent: a value the request body (or the path's one
 * parameter, as `id`) gives for a property the response declares is answered back, and of a `oneOf` the
 * alternative that declares most of the request's properties is chosen. `twists` (by operationId) bend an
 * answer into one the document allows but a real service could not mean, or one the document does not
 * allow at all (another status, content type, an enum value outside the enum, extra fields), or drop the
 * connection.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { seededRandom } from './seeded-random.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A request as the mock saw it, routed to its operation. */
export interface MockRequest {
  operationId: string;
  method: string;
  path: string;
  pathParams: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body parsed as JSON when it is JSON; undefined otherwise. */
  json: unknown;
  bytes: Buffer;
  /** How many requests to this operation came before this one (in the order they arrived). */
  index: number;
}

/** An answer about to be sent; a twist may change any part of it. */
export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string;
}

export interface MockTools {
  /** A value of the component schema `name`, sampled like the answers. */
  sample(name: string, prefer?: unknown): unknown;
  random(): number;
}

/** Change the answer (return it or a new one), or 'drop' the connection without answering. */
export type Twist = (answer: MockAnswer, request: MockRequest, tools: MockTools) => MockAnswer | 'drop';

export interface OpenApiMockOptions {
  /** The OpenAPI document (YAML or JSON). */
  documentPath: string;
  seed: number;
  /**
   * The path each server variable stands for on this mock (e.g. `{ base_url: '/v5-base' }`); a server whose
   * URL is one variable is served under that path. Every server is on the mock's one port.
   */
  serverPaths: Record<string, string>;
  keepRequest?: boolean;
  twists?: Record<string, Twist>;
}

export interface OpenApiMock {
  origin: string;
  /** The address a server variable stands for: origin + its path. */
  urlOf(variable: string): string;
  /** operationIds of the requests answered, in order; `unrouted` for requests no operation has. */
  seen: string[];
  setTwists(twists: Record<string, Twist>): void;
  close(): Promise<void>;
}

/** FNV-1a of a text: a 32-bit seed. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

interface Operation {
  operationId: string;
  method: string;
  /** The full path template on the mock: the server's path, then the document's path. */
  template: RegExp;
  params: string[];
  responses: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation of the document with the path it has on the mock. */
function operationsOf(document: Json, serverPaths: Record<string, string>): Operation[] {
  const serverPath = (servers: unknown): string => {
    const url = Array.isArray(servers) && isObject(servers[0]) ? String(servers[0].url) : '';
    return url.replace(/\{([^}]+)\}/g, (_, name: string) => serverPaths[name] ?? '').replace(/\/$/, '');
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const base = serverPath(item.servers ?? document.servers);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const params: string[] = [];
      const pattern = (serverPath(operation.servers ?? item.servers ?? document.servers) || base) + path;
      const source = pattern
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          params.push(name);
          return '([^/]+)';
        })
        .join('');
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        template: new RegExp(`^${source}$`),
        params,
        responses: (operation.responses ?? {}) as Json,
      });
    }
  }
  return operations;
}

/** Samples values of JSON schemas (the subset OpenAPI documents use) with a seeded generator. */
class Sampler {
  constructor(
    private readonly document: Json,
    readonly random: () => number,
  ) {}

  resolve(node: unknown): Json {
    let current = node;
    for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++) {
      const ref = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`only local references are followed: ${ref}`);
      let target: unknown = this.document;
      for (const key of ref.slice(2).split('/'))
        target = isObject(target) ? target[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      // Keywords beside a $ref (OpenAPI 3.1) apply too; the referenced schema's come first.
      const { $ref: _ref, ...beside } = current;
      current = { ...(target as Json), ...beside };
    }
    return isObject(current) ? current : {};
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  private word(length = this.int(3, 10)): string {
    let out = '';
    for (let i = 0; i < length; i++) out += 'abcdefghijklmnopqrstuvwxyz'[this.int(0, 25)];
    return out;
  }

  uuid(): string {
    const hex = (n: number): string => Array.from({ length: n }, () => this.int(0, 15).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[this.int(0, 3)]}${hex(3)}-${hex(12)}`;
  }

  /** A string matching `pattern`, for patterns of anchors, literals, \d, \w, classes and quantifiers. */
  private fromPattern(pattern: string): string | undefined {
    let out = '';
    let i = 0;
    const atoms: (() => string)[] = [];
    while (i < pattern.length) {
      const c = pattern[i]!;
      let atom: () => string;
      if (c === '^' || c === '$') {
        i++;
        continue;
      } else if (c === '\\') {
        const e = pattern[i + 1]!;
        i += 2;
        if (e === 'd') atom = () => String(this.int(0, 9));
        else if (e === 'w') atom = () => this.word(1);
        else if (/[A-Za-z]/.test(e)) return undefined;
        else atom = () => e;
      } else if (c === '[') {
        const end = pattern.indexOf(']', i);
        if (end < 0 || pattern[i + 1] === '^') return undefined;
        const body = pattern.slice(i + 1, end);
        const chars: string[] = [];
        for (let j = 0; j < body.length; j++) {
          if (body[j + 1] === '-' && j + 2 < body.length) {
            for (let k = body.charCodeAt(j); k <= body.charCodeAt(j + 2); k++)
              chars.push(String.fromCharCode(k));
            j += 2;
          } else chars.push(body[j]!);
        }
        i = end + 1;
        atom = () => this.pick(chars);
      } else if ('()|.*+?{'.includes(c)) {
        return undefined;
      } else {
        i++;
        atom = () => c;
      }
      let times = 1;
      const quantifier = /^\{(\d+)(?:,(\d+))?\}|^\?/.exec(pattern.slice(i));
      if (quantifier) {
        i += quantifier[0].length;
        times =
          quantifier[0] === '?'
            ? this.int(0, 1)
            : this.int(Number(quantifier[1]), Number(quantifier[2] ?? quantifier[1]));
      }
      for (let k = 0; k < times; k++) atoms.push(atom);
    }
    for (const atom of atoms) out += atom();
    return out;
  }

  private string(schema: Json): string {
    if (schema.format === 'uuid') return this.uuid();
    if (schema.format === 'uri') return `https://${this.word()}.example/${this.word()}/${this.word()}`;
    if (schema.format === 'date-time') return new Date(this.int(0, 2e12)).toISOString();
    if (typeof schema.pattern === 'string') {
      const sampled = this.fromPattern(schema.pattern);
      if (sampled !== undefined) return sampled;
      if (Array.isArray(schema.examples) && typeof schema.examples[0] === 'string') return schema.examples[0];
    }
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(min, 12);
    return this.word(this.int(Math.max(min, Math.min(1, max)), max));
  }

  /** The alternative of a oneOf/anyOf that declares most of `prefer`'s properties (ties at random). */
  private choose(alternatives: unknown[], prefer: unknown): Json {
    const resolved = alternatives.map((a) => this.resolve(a));
    if (!isObject(prefer)) return this.pick(resolved);
    const score = (s: Json): number =>
      Object.keys(prefer).filter((k) => isObject(s.properties) && k in s.properties).length;
    const best = Math.max(...resolved.map(score));
    return this.pick(resolved.filter((s) => score(s) === best));
  }

  sample(node: unknown, prefer?: unknown, depth = 0): unknown {
    const schema = this.resolve(node);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return this.pick(schema.enum);
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(alternatives) && !schema.properties) {
      return this.sample(this.choose(alternatives, prefer), prefer, depth + 1);
    }
    if (Array.isArray(schema.allOf) && !schema.properties && !schema.type) {
      const parts = schema.allOf.map((p) => this.sample(p, prefer, depth + 1));
      return Object.assign({}, ...parts.filter(isObject));
    }
    const type = Array.isArray(schema.type)
      ? schema.type[0]
      : (schema.type ?? (schema.properties ? 'object' : 'string'));
    switch (type) {
      case 'object': {
        const out: Json = {};
        const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
        for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
          const given = isObject(prefer) ? prefer[name] : undefined;
          if (given !== undefined) out[name] = given;
          else if (required.has(name) || (depth < 4 && this.random() < 0.5))
            out[name] = this.sample(property, undefined, depth + 1);
        }
        return out;
      }
      case 'array': {
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const max = typeof schema.maxItems === 'number' ? schema.maxItems : min + 3;
        return Array.from({ length: depth > 4 ? min : this.int(min, max) }, () =>
          this.sample(schema.items, undefined, depth + 1),
        );
      }
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
        const max = typeof schema.maximum === 'number' ? schema.maximum : min + 10_000;
        const value = this.int(Math.ceil(min), Math.floor(max));
        return type === 'number' && this.random() < 0.5 ? Math.min(max, value + 0.5) : value;
      }
      case 'boolean':
        return this.random() < 0.5;
      case 'null':
        return null;
      default:
        return this.string(schema);
    }
  }
}

/** The first success response of an operation: its status, headers and JSON schema. */
function successResponse(
  operation: Operation,
  sampler: Sampler,
): { status: number; headers: Json; mediaType?: string; schema?: unknown } {
  const statuses = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  const status = statuses[0] ?? '200';
  const response = sampler.resolve(operation.responses[status]);
  const content = isObject(response.content) ? response.content : {};
  const mediaType = Object.keys(content)[0];
  const media = mediaType === undefined ? undefined : sampler.resolve(content[mediaType]);
  return {
    status: Number(status),
    headers: isObject(response.headers) ? response.headers : {},
    ...(mediaType !== undefined ? { mediaType } : {}),
    ...(media?.schema !== undefined ? { schema: media.schema } : {}),
  };
}

/** Start the mock on 127.0.0.1 at a free port. */
export async function startOpenApiMock(options: OpenApiMockOptions): Promise<OpenApiMock> {
  const document = parseYaml(readFileSync(options.documentPath, 'utf8')) as Json;
  const operations = operationsOf(document, options.serverPaths);
  const counts = new Map<string, number>();
  /** How many times each request (operation, address and JSON body) came before. */
  const repeats = new Map<string, number>();
  const seen: string[] = [];
  let twists = options.twists ?? {};

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const operation = operations.find((o) => o.method === req.method && o.template.test(url.pathname));
      if (!operation) {
        seen.push('unrouted');
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not Found' }));
        return;
      }
      seen.push(operation.operationId);
      const match = operation.template.exec(url.pathname)!;
      const pathParams = Object.fromEntries(
        operation.params.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      const bytes = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = /json/.test(req.headers['content-type'] ?? '')
          ? JSON.parse(bytes.toString('utf8'))
          : undefined;
      } catch {
        json = undefined;
      }
      const index = counts.get(operation.operationId) ?? 0;
      counts.set(operation.operationId, index + 1);
      const request: MockRequest = {
        operationId: operation.operationId,
        method: req.method ?? 'GET',
        path: url.pathname,
        pathParams,
        query: url.searchParams,
        headers: req.headers,
        json,
        bytes,
        index,
      };
      // Each answer has its own generator, seeded from the request itself and how often it came: the same
      // requests get the same answers in whatever order concurrent requests arrive.
      const key = `${operation.operationId} ${url.pathname}${url.search} ${json === undefined ? '' : JSON.stringify(json)}`;
      const repeat = repeats.get(key) ?? 0;
      repeats.set(key, repeat + 1);
      const sampler = new Sampler(
        document,
        seededRandom(hashOf(`${options.seed}\u0000${key}\u0000${repeat}`)),
      );
      const tools: MockTools = {
        sample: (name, prefer) => sampler.sample({ $ref: `#/components/schemas/${name}` }, prefer),
        random: () => sampler.random(),
      };
      const success = successResponse(operation, sampler);
      let prefer: unknown;
      if (options.keepRequest) {
        const ids = Object.values(pathParams);
        prefer = { ...(isObject(json) ? json : {}), ...(ids.length === 1 ? { id: ids[0] } : {}) };
      }
      const headers: Record<string, string> = {};
      for (const [name, header] of Object.entries(success.headers)) {
        const h = sampler.resolve(header);
        if (h.required === true || sampler.random() < 0.5) headers[name] = String(sampler.sample(h.schema));
      }
      let answer: MockAnswer = { status: success.status, headers };
      if (success.mediaType !== undefined) {
        headers['Content-Type'] = success.mediaType;
        answer.body = sampler.sample(success.schema, prefer);
      }
      const twist = twists[operation.operationId];
      if (twist) {
        const twisted = twist(answer, request, tools);
        if (twisted === 'drop') {
          res.socket?.destroy();
          return;
        }
        answer = twisted;
      }
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      res.writeHead(answer.status, answer.headers);
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlOf: (variable) => origin + (options.serverPaths[variable] ?? ''),
    seen,
    setTwists: (next) => {
      twists = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
